import Foundation
import Testing

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline
@testable import BoxOfficeServices

/// A clock that never sleeps: waits advance it and are recorded.
package final class VirtualTime: @unchecked Sendable {
    package init() {}

    private let lock = NSLock()
    private var current = 1_000.0
    package private(set) var sleeps: [Double] = []

    package var source: TimeSource {
        TimeSource(
            now: { self.lock.withLock { self.current } },
            sleep: { seconds in
                self.lock.withLock {
                    self.sleeps.append(seconds); self.current += seconds
                }
            })
    }

    package var recorded: [Double] { lock.withLock { sleeps } }
}
