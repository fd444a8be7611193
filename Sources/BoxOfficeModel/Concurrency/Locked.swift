import Foundation

/// A value behind a lock: the one `@unchecked Sendable` that a type guarding its state with a lock
/// needs, so that the type itself is checked by the compiler (every other stored property must be
/// `Sendable`), and the lock discipline is written once, here.
///
/// It is `Synchronization.Mutex` on `NSLock` (a pthread mutex). The reason is measured: the
/// concurrency suites run under ThreadSanitizer in CI, which intercepts pthread mutexes but not the
/// standard library's `Mutex` (the library is not built instrumented), so TSan reported the values
/// a `Mutex` guards as races when the types of those suites used it.
///
/// `withLock` is inlined into its callers in other modules: a render account spends through it once
/// per list element visited, and the call across modules, unspecialised, cost a warm twenty-year
/// report 10 % of its CPU (`boxoffice-bench compare`, paired).
package final class Locked<State>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var state: State

    package init(_ state: State) { self.state = state }

    /// `body` with the state, holding the lock: nothing else reads or writes it meanwhile.
    @inlinable
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
