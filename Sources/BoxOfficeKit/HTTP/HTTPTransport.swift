import Foundation

/// A GET request; the only kind both services need.
public struct HTTPRequest: Hashable, Sendable {
    public var url: URL
    public var headers: [String: String]

    public init(url: URL, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }

    /// The value of a query parameter, if present.
    public func queryValue(_ name: String) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }
}

/// What came back, whatever the status: interpreting it is the client's job.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// How many tries it took to get this answer (retries included), for messages.
    public var attempts: Int

    public init(status: Int, headers: [String: String] = [:], body: Data, attempts: Int = 1) {
        self.status = status
        self.headers = headers
        self.body = body
        self.attempts = attempts
    }

    /// `", 4 attempts"` after retries, else empty: for the end of an error's reason.
    public var attemptsNote: String { attempts > 1 ? ", \(attempts) attempts" : "" }

    /// A header by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Sends one request and returns its response: the seam where caching, retries and rate limits stack.
///
/// Implementations throw ``TransportError`` for failures below HTTP, and `CancellationError` when the
/// calling task is cancelled.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// A transport backed by a closure: the fake for unit tests, and the bundled sample's offline source.
public struct ClosureTransport: HTTPTransport {
    private let handler: @Sendable (HTTPRequest) async throws -> HTTPResponse

    public init(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.handler = handler
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        return try await handler(request)
    }
}

/// A failure below HTTP. Messages name the host, never the URL, whose query may hold a key.
public indirect enum TransportError: Error, Equatable, Sendable {
    case timedOut(host: String)
    case cannotConnect(host: String)
    case connectionLost(host: String)
    case other(host: String, code: Int)
    /// The last of several failed attempts.
    case gaveUp(TransportError, attempts: Int)

    public var host: String {
        switch self {
        case .timedOut(let host), .cannotConnect(let host), .connectionLost(let host), .other(let host, _): host
        case .gaveUp(let error, _): error.host
        }
    }

    /// A short phrase for messages: "timed out", "could not connect (4 attempts)".
    public var summary: String {
        switch self {
        case .timedOut: "the request timed out"
        case .cannotConnect: "could not connect"
        case .connectionLost: "the connection was lost"
        case .other(_, let code): "the request failed (URL error \(code))"
        case let .gaveUp(error, attempts): "\(error.summary), \(attempts) attempts"
        }
    }

    func after(attempts: Int) -> TransportError {
        if case .gaveUp(let error, _) = self { return .gaveUp(error, attempts: attempts) }
        return .gaveUp(self, attempts: attempts)
    }
}
