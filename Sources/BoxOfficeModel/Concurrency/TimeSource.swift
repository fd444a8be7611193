import Foundation

/// The one clock waits and rate limits read: the system's in production, a virtual one in tests,
/// so no test sleeps for real.
package struct TimeSource: Sendable {
    /// Seconds on a monotonic scale.
    package var now: @Sendable () -> Double
    /// Waits `seconds`; throws `CancellationError` when the task is cancelled.
    package var sleep: @Sendable (_ seconds: Double) async throws -> Void

    package init(now: @escaping @Sendable () -> Double, sleep: @escaping @Sendable (_ seconds: Double) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    package static let system = TimeSource(
        now: { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 },
        sleep: { seconds in
            if seconds > 0 { try await Task.sleep(nanoseconds: UInt64(seconds * 1e9)) } else { try Task.checkCancellation() }
        }
    )
}
