import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficePipeline

@Suite("Shared results")
struct SharedResultsTests {
    @Test("many callers for one key: computed once, every caller gets the value")
    func once() async throws {
        let shared = SharedResults<String, Int>()
        let computations = Counter()
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await shared.value(for: "film") {
                        computations.increment()
                        try await Task.sleep(for: .milliseconds(20))
                        return 7
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values == Array(repeating: 7, count: 20) && computations.value == 1)
        #expect(await shared.values == ["film": 7])
    }

    @Test("a failure is shared too, and not recomputed")
    func failure() async throws {
        struct Boom: Error {}
        let shared = SharedResults<Int, Int>()
        let computations = Counter()
        for _ in 0..<3 {
            await #expect(throws: Boom.self) {
                try await shared.value(for: 1) {
                    computations.increment(); throw Boom()
                }
            }
        }
        let values = await shared.values
        #expect(computations.value == 1 && values.isEmpty)
    }
}
