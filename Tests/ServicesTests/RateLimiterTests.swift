import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeServices

/// A virtual clock on which the second sleep overshoots by half a second, as a starved task's does.
final class LateClock: @unchecked Sendable {
    let lock = NSLock()
    var current = 0.0
    var sleeps = 0

    var source: TimeSource {
        TimeSource(
            now: { self.lock.withLock { self.current } },
            sleep: { seconds in
                self.lock.withLock {
                    self.sleeps += 1
                    self.current += seconds + (self.sleeps == 2 ? 0.5 : 0)
                }
            })
    }
}

@Suite("The rate limiter")
struct RateLimiterTests {
    @Test("at most N starts a second: the first goes at once, each next one 1/N later")
    func spacing() async throws {
        let time = VirtualTime()
        let limiter = RateLimiter(perSecond: 4, time: time.source)
        for _ in 0..<5 { try await limiter.acquire() }
        #expect(time.recorded == [0.25, 0.25, 0.25, 0.25])
    }

    @Test("a caller that wakes late does not start beside the callers after it: never more than N in any second")
    func lateWakeNoBurst() async throws {
        let clock = LateClock()
        let limiter = RateLimiter(perSecond: 10, time: clock.source)
        var starts: [Double] = []
        for _ in 0..<40 {
            try await limiter.acquire()
            starts.append(clock.lock.withLock { clock.current })
        }
        for (index, start) in starts.enumerated() {
            let within = starts[index...].prefix { $0 - start < 1 - 1e-9 }.count
            #expect(within <= 10, "\(within) starts within a second of start \(index) at \(start)")
        }
        // Order and progress are kept: 40 starts at 10 a second take about four seconds, not more.
        #expect(starts == starts.sorted())
        #expect(starts.last! < 4.6)
    }
}

@Suite("The redactor")
struct RedactorTests {
    @Test("every secret goes, percent-encoded too, the longest first; blanks and very short values are left alone")
    func redacts() {
        let redactor = Redactor(secrets: ["abcd1234", "abcd1234/xyz+", nil, "  ", "ab"])
        #expect(redactor.redact("key=abcd1234&t=abcd1234/xyz+ ab") == "key=[redacted]&t=[redacted] ab")
        #expect(redactor.redact("u=abcd1234%2Fxyz%2B") == "u=[redacted]")
        #expect(Redactor(secrets: [" padded-secret\n"]).redact("x padded-secret y") == "x [redacted] y")
    }
}
