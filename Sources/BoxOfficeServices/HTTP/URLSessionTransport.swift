import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The production transport: one long-lived `URLSession` sized for the run's concurrency.
///
/// It never follows a redirect: a 3xx answer is returned as it is, for the client to refuse. A
/// followed redirect would carry the request's credentials (TMDB's `Authorization` header, the
/// KOBIS key in the query) to wherever the `Location` points, and neither service redirects.
///
/// A body is counted as it arrives, after decompression: one larger than `maximumBodySize` is
/// abandoned at that point (``TransportError/tooLarge(host:limit:)``), so a small gzip bomb cannot
/// fill the memory or the cache.
package final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let receiver: Receiver

    /// - Parameters:
    ///   - maxConnectionsPerHost: at least the number of requests the run keeps in flight; Linux's
    ///     default is small and would silently narrow a wide task group.
    ///   - timeout: seconds a whole request may take; connecting and each wait for data get at most 10.
    ///   - maximumBodySize: bytes a decoded body may have.
    package init(maxConnectionsPerHost: Int, timeout: TimeInterval = 30, maximumBodySize: Int = 8 << 20) {
        FoundationLitter.prepare()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = max(1, maxConnectionsPerHost)
        configuration.timeoutIntervalForRequest = min(timeout, 10)
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        receiver = Receiver(limit: maximumBodySize)
        session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = "GET"
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let host = request.url.host ?? "the server"
        do {
            let (data, response) = try await data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else { throw TransportError.other(host: host, code: 0) }
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String, let value = value as? String { headers[key] = value }
            }
            return HTTPResponse(status: http.statusCode, headers: headers, body: data)
        } catch Receiver.TooLarge.body {
            throw TransportError.tooLarge(host: host, limit: receiver.limit)
        } catch let error as URLError {
            // A cancelled task surfaces from URLSession as URLError(.cancelled), not CancellationError.
            if error.code == .cancelled || Task.isCancelled { throw CancellationError() }
            throw Self.transportError(error, host: host)
        }
    }

    /// `URLSession.data(for:)` rebuilt on the session's delegate.
    ///
    /// On Linux the built-in async variant can deadlock when a task is cancelled while another
    /// completes (its cancellation handler waits on the session's queue while holding the task's
    /// status lock); here the cancel is handed to another queue, so the handler returns at once.
    private func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let handle = CancellableTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                receiver.expect(task, continuation)
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
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

/// The session's delegate: gathers each task's body up to the limit, refuses every redirect, and
/// resumes the waiting caller when the task completes.
private final class Receiver: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    enum TooLarge: Error { case body }

    private struct Pending {
        var continuation: CheckedContinuation<(Data, URLResponse), Error>
        var body = Data()
        var tooLarge = false
    }

    let limit: Int
    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    func expect(_ task: URLSessionTask, _ continuation: CheckedContinuation<(Data, URLResponse), Error>) {
        lock.withLock { pending[task.taskIdentifier] = Pending(continuation: continuation) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow = lock.withLock { () -> Bool in
            guard var entry = pending[dataTask.taskIdentifier], !entry.tooLarge else { return false }
            if entry.body.count + data.count > limit {
                entry.tooLarge = true
                entry.body = Data()
            } else {
                entry.body.append(data)
            }
            pending[dataTask.taskIdentifier] = entry
            return entry.tooLarge
        }
        if overflow { DispatchQueue.global().async { dataTask.cancel() } }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
        if entry.tooLarge {
            entry.continuation.resume(throwing: TooLarge.body)
        } else if let error {
            entry.continuation.resume(throwing: error)
        } else if let response = task.response {
            entry.continuation.resume(returning: (entry.body, response))
        } else {
            entry.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// A data task that may be cancelled before or after it starts, from any thread.
private final class CancellableTask: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func start(_ task: URLSessionDataTask) {
        let cancelNow = lock.withLock { () -> Bool in
            self.task = task
            return cancelled
        }
        task.resume()
        if cancelNow { Self.cancelElsewhere(task) }
    }

    func cancel() {
        let task = lock.withLock { () -> URLSessionDataTask? in
            cancelled = true
            return self.task
        }
        if let task { Self.cancelElsewhere(task) }
    }

    private static func cancelElsewhere(_ task: URLSessionDataTask) {
        DispatchQueue.global().async { task.cancel() }
    }
}
