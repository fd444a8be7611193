import Foundation

/// A value behind a lock: the one `@unchecked Sendable` that a type guarding its state with a lock
/// needs, so that the type itself is checked by the compiler (every other stored property must be
/// `Sendable`), and the lock discipline is written once, here.
///
/// It is `Synchronization.Mutex` on `NSLock` (a pthread mutex). The reason is measured: the
/// concurrency suites run under ThreadSanitizer in CI, which intercepts pthread mutexes but not the
/// standard library's `Mutex` (the library is not built instrumented), so TSan reported the values
/// a `Mutex` guards as races when the types of those suites used it.
package final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    package init(_ state: State) { self.state = state }

    /// `body` with the state, holding the lock: nothing else reads or writes it meanwhile.
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
