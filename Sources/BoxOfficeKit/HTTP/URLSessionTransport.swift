import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The production transport: one long-lived `URLSession` sized for the run's concurrency.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// - Parameters:
    ///   - maxConnectionsPerHost: at least the number of requests the run keeps in flight; Linux's
    ///     default is small and would silently narrow a wide task group.
    ///   - timeout: seconds a request may wait for data before failing.
    public init(maxConnectionsPerHost: Int, timeout: TimeInterval = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = max(1, maxConnectionsPerHost)
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 4
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = "GET"
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let host = request.url.host ?? "the server"
        do {
            let (data, response) = try await session.data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else { throw TransportError.other(host: host, code: 0) }
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String, let value = value as? String { headers[key] = value }
            }
            return HTTPResponse(status: http.statusCode, headers: headers, body: data)
        } catch let error as URLError {
            // A cancelled task surfaces from URLSession as URLError(.cancelled), not CancellationError.
            if error.code == .cancelled || Task.isCancelled { throw CancellationError() }
            throw Self.transportError(error, host: host)
        }
    }

    static func transportError(_ error: URLError, host: String) -> TransportError {
        switch error.code {
        case .timedOut: .timedOut(host: host)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            .cannotConnect(host: host)
        case .networkConnectionLost, .badServerResponse, .cannotParseResponse:
            .connectionLost(host: host)
        default: .other(host: host, code: error.code.rawValue)
        }
    }
}
