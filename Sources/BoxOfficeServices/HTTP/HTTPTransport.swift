import Foundation

/// Sends one request and returns its response: the seam where caching, retries and rate limits stack.
///
/// Implementations throw ``TransportError`` for failures below HTTP, and `CancellationError` when the
/// calling task is cancelled.
package protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
