import Foundation

/// A count shared by concurrent tasks.
package final class Counter: @unchecked Sendable {
    package init() {}

    private let lock = NSLock()
    private var count = 0
    /// Adds one and returns the new count.
    @discardableResult package func increment() -> Int {
        lock.withLock {
            count += 1; return count
        }
    }
    package var value: Int { lock.withLock { count } }
}
