import Synchronization

/// How many times the transport beneath sent one attempt's request. libcurl sends a request again
/// on its own, on a new connection, when a kept connection it reused turns out to have died after
/// the request went out: that second send reached the service as surely as the first, and KOBIS
/// counts it against the key's quota. ``RetryingTransport`` sets one for each attempt as a task
/// local; ``CurlTransport`` counts every send into it; the meter (the KOBIS budget) records the
/// sends beyond the first, so the ledger is never below what reached the service.
package final class SendCount: Sendable {
    private let count = Atomic<Int>(0)

    package init() {}

    /// The attempt's counter, when the caller keeps one.
    @TaskLocal package static var current: SendCount?

    /// One more send.
    package func add() { count.add(1, ordering: .relaxed) }

    /// Sends counted so far; 0 when the transport does not count (a scripted one, or a libcurl too
    /// old to say, which is then kept from re-sending: ``CurlTransfer``).
    package var value: Int { count.load(ordering: .relaxed) }
}
