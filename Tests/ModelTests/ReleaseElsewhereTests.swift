import Foundation
import Testing

@testable import BoxOfficeModel

/// Says, from its deinit, which thread freed it.
private final class Freed: @unchecked Sendable {
    nonisolated(unsafe) static var freedOn: [ObjectIdentifier: UInt64] = [:]
    static let lock = NSLock()
    let signal: DispatchSemaphore

    init(_ signal: DispatchSemaphore) { self.signal = signal }

    deinit {
        let thread = currentThread()
        Self.lock.withLock { Self.freedOn[ObjectIdentifier(self)] = thread }
        signal.signal()
    }
}

/// The calling thread (`pthread_t` is an integer on Linux).
private func currentThread() -> UInt64 { UInt64(pthread_self()) }

@Suite struct ReleaseElsewhereTests {
    @Test func aDroppedValueIsFreedOnAnotherThread() {
        let signal = DispatchSemaphore(value: 0)
        var object: Freed? = Freed(signal)
        let identity = ObjectIdentifier(object!)
        let taken = object.take()!
        ReleaseElsewhere.drop(consume taken)
        // Waits for the deinit itself, however long a busy machine takes to run the queue.
        signal.wait()
        let thread = Freed.lock.withLock { Freed.freedOn[identity] }
        #expect(thread != nil)
        #expect(thread != currentThread())
        #expect(object == nil)
    }

    @Test func aPartTakenOutLeavesTheEmptyValueBehind() {
        let signal = DispatchSemaphore(value: 0)
        var rows = [Freed(signal), Freed(signal)]
        let identities = rows.map(ObjectIdentifier.init)
        ReleaseElsewhere.drop(&rows, leaving: [])
        #expect(rows.isEmpty)
        signal.wait()
        signal.wait()
        let threads = Freed.lock.withLock { identities.map { Freed.freedOn[$0] } }
        #expect(threads.allSatisfy { $0 != nil && $0 != currentThread() })
    }
}
