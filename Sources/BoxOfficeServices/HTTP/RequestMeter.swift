/// Something that must allow each retry before it is sent: the KOBIS budget, which counts every
/// request that goes out (a retry spends a call of the key's quota like a first attempt).
package protocol RequestMeter: Sendable {
    /// True when one more attempt may be sent; false stops the retries with the last outcome.
    func admitRetry() async -> Bool

    /// `calls` more requests that the transport sent on its own within one attempt (``SendCount``):
    /// already sent, so counted whatever the budget says. Nothing for 0 or fewer.
    func recordResent(_ calls: Int) async
}
