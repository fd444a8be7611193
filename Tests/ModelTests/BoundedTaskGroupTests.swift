import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel

/// Counts jobs in flight and remembers the peak.
actor Gauge {
    private(set) var current = 0
    private(set) var peak = 0
    private(set) var started: [Int] = []
    private(set) var cancelled = 0

    func enter(_ id: Int) {
        started.append(id)
        current += 1
        peak = max(peak, current)
    }

    func leave() { current -= 1 }
    func noteCancelled() { cancelled += 1 }

    /// Sleeps far longer than any test runs, so only cancellation ends it; counts that cancellation.
    nonisolated func waitForCancellation() async throws {
        do {
            try await Task.sleep(for: .seconds(30))
        } catch {
            await noteCancelled()
            throw error
        }
    }
}

@Suite("Bounded task group")
struct BoundedTaskGroupTests {
    @Test("peak width equals N when there is work for N", arguments: [1, 3, 8, 32])
    func peakWidth(width: Int) async throws {
        let gauge = Gauge()
        _ = try await BoundedTaskGroup.map(Array(0..<(width * 3)), width: width) { id in
            await gauge.enter(id)
            try await Task.sleep(for: .milliseconds(15))
            await gauge.leave()
            return id
        }
        #expect(await gauge.peak == width)
        #expect(await gauge.current == 0)
    }

    @Test("fewer jobs than N run all at once")
    func fewerJobs() async throws {
        let gauge = Gauge()
        _ = try await BoundedTaskGroup.map(Array(0..<3), width: 8) { id in
            await gauge.enter(id)
            try await Task.sleep(for: .milliseconds(15))
            await gauge.leave()
        }
        #expect(await gauge.peak == 3)
    }

    @Test("results keep input order, whatever order jobs finish in")
    func order() async throws {
        let inputs = Array(0..<40)
        let outputs = try await BoundedTaskGroup.map(inputs, width: 6) { id in
            // Later inputs finish first.
            try await Task.sleep(for: .milliseconds(40 - id))
            return id * 10
        }
        #expect(outputs == inputs.map { $0 * 10 })
    }

    @Test("the first error cancels the jobs in flight and is rethrown; no job starts after it")
    func firstErrorCancels() async throws {
        let gauge = Gauge()
        await #expect(throws: Boom.self) {
            _ = try await BoundedTaskGroup.map(Array(0..<20), width: 4) { id in
                await gauge.enter(id)
                if id == 2 {
                    try await Task.sleep(for: .milliseconds(10))
                    throw Boom()
                }
                try await gauge.waitForCancellation()
                return id
            }
        }
        #expect(await gauge.started.sorted() == [0, 1, 2, 3])
        #expect(await gauge.cancelled == 3)
    }

    @Test("cancelling the parent task stops the group with CancellationError")
    func parentCancellation() async throws {
        let gauge = Gauge()
        let task = Task {
            try await BoundedTaskGroup.map(Array(0..<50), width: 5) { id in
                await gauge.enter(id)
                try await gauge.waitForCancellation()
                return id
            }
        }
        while await gauge.started.count < 5 { try await Task.sleep(for: .milliseconds(2)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await gauge.started.count == 5)
        #expect(await gauge.cancelled == 5)
    }

    @Test("follow-up jobs run once each, after the jobs that queued them, within the bound")
    func followUps() async throws {
        let gauge = Gauge()
        // Each even job queues the odd job after it and, again, job 1.
        let results = try await BoundedTaskGroup.run([0, 2, 4, 2], width: 2) { (job: Int) -> (output: String, followUps: [Int]) in
            await gauge.enter(job)
            try await Task.sleep(for: .milliseconds(5))
            await gauge.leave()
            return ("job \(job)", job.isMultiple(of: 2) ? [job + 1, 1] : [])
        }
        #expect(results.map(\.job).prefix(3) == [0, 2, 4])
        #expect(Set(results.map(\.job)) == [0, 1, 2, 3, 4, 5])
        #expect(results.count == 6)
        #expect(results.allSatisfy { $0.output == "job \($0.job)" })
        #expect(await gauge.started.count == 6)
        #expect(await gauge.peak == 2)
    }

    @Test("mapResults pairs every input with its own output or recoverable failure, in input order")
    func mapResultsPairs() async throws {
        struct Missing: Error, Equatable { let id: Int }
        let inputs = Array(100..<130)
        let results = try await BoundedTaskGroup.mapResults(inputs, width: 4, recovering: { (_: Missing) in true }) { id in
            // Later inputs finish first, and every third one fails recoverably.
            try await Task.sleep(for: .milliseconds(130 - id))
            if id.isMultiple(of: 3) { throw Missing(id: id) }
            return "chart \(id)"
        }
        #expect(results.map(\.input) == inputs)
        for (input, result) in results {
            switch result {
            case .success(let text): #expect(text == "chart \(input)" && !input.isMultiple(of: 3))
            case .failure(let error): #expect(error == Missing(id: input))
            }
        }
    }

    @Test("mapResults rethrows an error it is not told to recover from, and cancels the rest")
    func mapResultsRethrows() async throws {
        struct Missing: Error {}
        await #expect(throws: Boom.self) {
            _ = try await BoundedTaskGroup.mapResults(Array(0..<10), width: 3, recovering: { (_: Missing) in true }) { id -> Int in
                if id == 1 { throw Boom() }
                if id == 2 { throw Missing() }
                try await Task.sleep(for: .seconds(30))
                return id
            }
        }
    }

    @Test("forEachInOrder delivers every output once, in input order, with at most N made or waiting at once")
    func forEachInOrder() async throws {
        /// Outputs being made or made and not yet delivered.
        final class Held: @unchecked Sendable {
            let lock = NSLock()
            var current = 0, peak = 0, started = 0
            func enter() {
                lock.withLock {
                    current += 1; started += 1; peak = max(peak, current)
                }
            }
            func leave() { lock.withLock { current -= 1 } }
        }
        let held = Held()
        var delivered: [Int] = []
        // Later jobs of each four finish first, so their outputs wait for those before them.
        try await BoundedTaskGroup.forEachInOrder(Array(0..<40), width: 4) { id in
            held.enter()
            try await Task.sleep(for: .milliseconds(4 - id % 4))
            return id
        } deliver: { id in
            held.leave()
            delivered.append(id)
        }
        #expect(delivered == Array(0..<40))
        #expect(held.started == 40 && held.current == 0)
        #expect(held.peak <= 4 && held.peak >= 1)
    }

    @Test("forEachInOrder: an error stops the deliveries and is rethrown")
    func forEachInOrderError() async throws {
        struct Failure: Error {}
        var delivered: [Int] = []
        await #expect(throws: Failure.self) {
            try await BoundedTaskGroup.forEachInOrder(Array(0..<20), width: 3) { id in
                if id == 5 { throw Failure() }
                return id
            } deliver: { id in
                delivered.append(id)
            }
        }
        #expect(delivered == Array(0..<5))
    }

    @Test("both runs each half once and returns each half's result in its place")
    func both() {
        final class Runs: @unchecked Sendable {
            let lock = NSLock()
            var first = 0, second = 0
        }
        let runs = Runs()
        let (number, text) = BoundedTaskGroup.both {
            runs.lock.withLock { runs.first += 1 }
            return (1...1000).reduce(0, +)
        } _: {
            runs.lock.withLock { runs.second += 1 }
            return String(repeating: "x", count: 3)
        }
        #expect(number == 500_500 && text == "xxx")
        #expect(runs.first == 1 && runs.second == 1)
    }

    @Test("mapInHalves: every element transformed once, in order, short lists and long ones")
    func mapInHalves() {
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var elements: [Int] = []
        }
        for count in [0, 1, 2, 3, 999, 1_000, 1_001, 4_321] {
            let seen = Seen()
            let elements = Array(0..<count)
            let mapped = BoundedTaskGroup.mapInHalves(elements) { element -> String in
                seen.lock.withLock { seen.elements.append(element) }
                return "#\(element)"
            }
            #expect(mapped == elements.map { "#\($0)" }, "\(count)")
            #expect(seen.elements.sorted() == elements, "each element once: \(count)")
        }
        #expect(BoundedTaskGroup.mapInHalves([5, 6, 7], from: 2) { $0 * 2 } == [10, 12, 14])
    }

    @Test("mapEach: every index transformed once, the results in order, however uneven the work")
    func mapEach() {
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var indices: [Int] = []
        }
        for count in [0, 1, 2, 3, 17, 100] {
            let seen = Seen()
            let mapped = BoundedTaskGroup.mapEach(count) { index -> String in
                seen.lock.withLock { seen.indices.append(index) }
                // Uneven parts: the first of each ten is much longer.
                return index % 10 == 0 ? String(repeating: "\(index)", count: 10_000).suffix(3).description : "#\(index)"
            }
            #expect(
                mapped == (0..<count).map { $0 % 10 == 0 ? String(repeating: "\($0)", count: 10_000).suffix(3).description : "#\($0)" }, "\(count)")
            #expect(seen.indices.sorted() == Array(0..<count), "each index once: \(count)")
        }
    }

    @Test("lanes: one job per lane at a time, in the lane's order, each output delivered once as its job ends; an error cancels the rest")
    func lanes() async throws {
        let gauges = [Gauge(), Gauge()]
        var delivered: [Int] = []
        try await BoundedTaskGroup.lanes(
            [[0, 2, 4], [1, 3, 5, 7]],
            { job in
                let gauge = gauges[job % 2]
                await gauge.enter(job)
                await Task.yield()
                await gauge.leave()
                return job * 10
            }
        ) { job, output in
            #expect(output == job * 10, "each output with its own job")
            delivered.append(job)
        }
        #expect(delivered.sorted() == [0, 1, 2, 3, 4, 5, 7])
        #expect(delivered.filter { $0 % 2 == 0 } == [0, 2, 4] && delivered.filter { $0 % 2 == 1 } == [1, 3, 5, 7], "each lane in order")
        for gauge in gauges { #expect(await gauge.peak == 1, "one job of a lane at a time") }

        struct Boom: Error {}
        let waiting = Gauge()
        await #expect(throws: Boom.self) {
            try await BoundedTaskGroup.lanes(
                [[0], [1, 2]],
                { job -> Int in
                    if job == 0 { throw Boom() }
                    try await waiting.waitForCancellation()
                    return job
                }
            ) { _, _ in }
        }
        #expect(await waiting.cancelled == 1, "the other lane's job was cancelled, and its next never started")
    }
    @Test("lanes: a lane that is done takes the other lane's last waiting movable jobs, never one that is not movable", .timeLimit(.minutes(1)))
    func lanesTakeMovableJobs() async throws {
        /// Job 1 holds its lane until jobs 5 and 7 have run: only the other lane can run them.
        actor Log {
            var ended: [Int] = []
            var started: [Int] = []
            private var waiting: CheckedContinuation<Void, Never>?
            func start(_ job: Int) { started.append(job) }
            func end(_ job: Int) {
                ended.append(job)
                if Set(ended).isSuperset(of: [5, 7]) { waiting?.resume(); waiting = nil }
            }
            func awaitMoved() async {
                if Set(ended).isSuperset(of: [5, 7]) { return }
                await withCheckedContinuation { waiting = $0 }
            }
        }
        let log = Log()
        var delivered: [Int] = []
        try await BoundedTaskGroup.lanes(
            [[0], [1, 3, 5, 7]], movable: { $0 >= 5 },
            { job in
                await log.start(job)
                if job == 1 { await log.awaitMoved() }
                await log.end(job)
                return job
            }
        ) { job, _ in delivered.append(job) }
        let started = await log.started
        let ended = await log.ended
        #expect(Set(delivered) == [0, 1, 3, 5, 7] && delivered.count == 5, "every job once")
        #expect(started.firstIndex(of: 7)! < started.firstIndex(of: 5)!, "the last waiting job is taken first")
        #expect(ended.firstIndex(of: 1)! < started.firstIndex(of: 3)!, "a job that is not movable waits for its own lane")
    }

    @Test("lanes: a lane that is done takes the waiting job it prefers, then the last ones", .timeLimit(.minutes(1)))
    func lanesTakePreferredJobs() async throws {
        /// Job 1 holds its lane until jobs 2, 3 and 4 have run: only the other lane can run them.
        actor Log {
            var started: [Int] = []
            private var waiting: CheckedContinuation<Void, Never>?
            func start(_ job: Int) {
                started.append(job)
                if Set(started).isSuperset(of: [2, 3, 4]) { waiting?.resume(); waiting = nil }
            }
            func awaitMoved() async {
                if Set(started).isSuperset(of: [2, 3, 4]) { return }
                await withCheckedContinuation { waiting = $0 }
            }
        }
        let log = Log()
        var delivered: [Int] = []
        try await BoundedTaskGroup.lanes(
            [[0], [1, 2, 3, 4]], movable: { _ in true }, preferring: { $0 == 2 ? 1 : 0 },
            { job in
                await log.start(job)
                if job == 1 { await log.awaitMoved() }
                return job
            }
        ) { job, _ in delivered.append(job) }
        let started = await log.started
        #expect(Set(delivered) == [0, 1, 2, 3, 4] && delivered.count == 5, "every job once")
        #expect(Array(started.filter { $0 >= 2 }) == [2, 4, 3], "the preferred job first, then the last waiting")
    }
}

extension BoundedTaskGroupTests {
    @Test("a later job starts only when no other job waits: after every initial job and every follow-up queued before it")
    func laterJobsFillFreePlaces() async throws {
        let started = Locked<[Int]>([])
        let results = try await BoundedTaskGroup.run(Array(1...6), later: [100, 101, 3], width: 2) { job -> (output: Int, followUps: [Int]) in
            started.withLock { $0.append(job) }
            try await Task.sleep(nanoseconds: 1_000_000)
            // Each of the first two queues a follow-up, which runs before the later jobs.
            return (job, job <= 2 ? [job + 10] : [])
        }
        let order = started.withLock { $0 }
        #expect(
            Set(order) == [1, 2, 3, 4, 5, 6, 11, 12, 100, 101] && order.count == 10, "each job once, a later job already queued not again: \(order)")
        // The results come in the order the group started the jobs (two jobs started together may
        // reach their first line in either order, so `order` is not that order). A later job is
        // started only when nothing waits: after the initial jobs, and 100 before 101; a follow-up
        // after the job that queued it. (Whether a follow-up is queued before a later job starts
        // depends on when its parent ends: 11 and 12 come first unless 1 or 2 outlasts 3 to 6.)
        let outputs = results.map(\.output)
        #expect(Set(outputs) == Set(order) && outputs.count == 10)
        #expect(Array(outputs.prefix(6)) == Array(1...6), "\(outputs)")
        let (first, second) = (try #require(outputs.firstIndex(of: 100)), try #require(outputs.firstIndex(of: 101)))
        #expect(first >= 6 && second > first, "\(outputs)")
        for parent in [1, 2] {
            #expect(outputs.firstIndex(of: parent + 10)! > outputs.firstIndex(of: parent)!, "\(outputs)")
        }
    }
}

/// A value behind an `NSLock` (ThreadSanitizer, which CI runs on this suite, understands pthread locks).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { lock.withLock { body(&value) } }
}
