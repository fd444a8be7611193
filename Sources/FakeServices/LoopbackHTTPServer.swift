import Foundation

#if canImport(Glibc)
import Glibc
private let systemSend = Glibc.send
private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
import Darwin
private let systemSend = Darwin.send
private let noSignal: Int32 = 0
#endif

/// A request as the fake server received it.
package struct ReceivedRequest: Sendable {
    package let method: String
    /// The path without the query, e.g. `/kobisopenapi/webservice/rest/movie/searchMovieInfo.json`.
    package let path: String
    package let query: [String: String]
    package let headers: [String: String]

    /// The path with its query, as sent.
    package let target: String
    /// When the server read it: for checking a client's rate limit.
    package var receivedAt = Date()
}

/// What the fake server does with a request.
package struct ScriptedResponse: Sendable {
    package var status: Int
    package var headers: [String: String]
    package var body: Data
    /// Seconds to wait before answering, to model a slow service.
    package var delay: TimeInterval
    /// How the answer misbehaves on the wire, if it does.
    package var fault: WireFault?

    /// Ways an answer can go wrong below HTTP.
    package enum WireFault: Sendable {
        /// Accept the request and never answer (until the client gives up or the server stops).
        case hang
        /// Send the answer a few bytes at a time, pausing between them.
        case trickle(bytesPerChunk: Int, pause: TimeInterval)
        /// Send this many bytes of the answer, then reset the connection (TCP RST).
        case resetAfter(bytes: Int)
        /// Announce the full length but send only this many body bytes, then close.
        case truncateBody(bytes: Int)
    }

    package init(
        status: Int = 200, headers: [String: String] = ["Content-Type": "application/json;charset=UTF-8"],
        body: Data, delay: TimeInterval = 0, fault: WireFault? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.fault = fault
    }

    package static func json(_ text: String, status: Int = 200, delay: TimeInterval = 0) -> ScriptedResponse {
        ScriptedResponse(status: status, body: Data(text.utf8), delay: delay)
    }
}

/// A real HTTP/1.1 server on 127.0.0.1 for integration tests and benchmarks: one thread per
/// connection, `Connection: close` after each answer unless ``Connections`` says otherwise, every
/// request logged.
///
/// It listens only on loopback and on a port the system picks; `stop()` (or deinit) closes it.
// Unchecked Sendable: its log and counts change under `lock`; the socket is served on its own thread.
package final class LoopbackHTTPServer: @unchecked Sendable {
    package typealias Handler = @Sendable (ReceivedRequest) -> ScriptedResponse

    /// What the server does with a connection after an answer.
    package enum Connections: Sendable {
        /// `Connection: close`: one request a connection.
        case closeAfterEach
        /// Kept open for the next request.
        case keepAlive
        /// Kept open, and a request that is not the connection's first is read (and logged: it
        /// reached the server) and answered with a reset: a server that drops a kept connection
        /// as a request arrives, which a client's library may send again on its own.
        case keepAliveResettingReused
    }

    package let port: Int
    private let connections: Connections
    private let listener: Int32
    private let handler: Handler
    private let lock = NSLock()
    private var log: [ReceivedRequest] = []
    private var inFlight = 0
    private var peakInFlight = 0
    private var stopped = false
    private let acceptDone = DispatchSemaphore(value: 0)

    /// Starts listening at once; throws when no loopback socket can be had.
    package init(connections: Connections = .closeAfterEach, handler: @escaping Handler) throws {
        self.handler = handler
        self.connections = connections
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ServerError.socket(errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            close(fd)
            throw ServerError.socket(errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [unowned self] in self.acceptLoop() }
        thread.name = "LoopbackHTTPServer.accept"
        thread.start()
    }

    deinit { stop() }

    /// `http://127.0.0.1:PORT`.
    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every request received so far, in arrival order.
    package var requests: [ReceivedRequest] { lock.withLock { log } }

    /// The most requests the server was answering at the same moment.
    package var peakConcurrency: Int { lock.withLock { peakInFlight } }

    /// Forgets the request log and the concurrency peak.
    package func resetLog() {
        lock.withLock {
            log.removeAll()
            peakInFlight = inFlight
        }
    }

    /// Stops accepting; connections being answered finish on their own threads.
    package func stop() {
        let wasStopped = lock.withLock { () -> Bool in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        acceptDone.wait()
    }

    private func acceptLoop() {
        defer { acceptDone.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            if lock.withLock({ stopped }) {
                close(connection)
                return
            }
            let thread = Thread { [self] in self.serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var answered = 0
        while let request = Self.readRequest(connection) {
            if connections == .keepAliveResettingReused, answered > 0 {
                lock.withLock { log.append(request) }
                Self.reset(connection)
                return
            }
            lock.withLock {
                log.append(request)
                inFlight += 1
                peakInFlight = max(peakInFlight, inFlight)
            }
            let response = handler(request)
            if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
            lock.withLock { inFlight -= 1 }
            if case .hang? = response.fault {
                // Hold the connection open, unanswered, until the client closes it or the server stops.
                var byte: UInt8 = 0
                while !lock.withLock({ stopped }), recv(connection, &byte, 1, 0) > 0 {}
                return
            }
            let keep = connections != .closeAfterEach && response.fault == nil
            Self.send(response, on: connection, keepAlive: keep)
            guard keep else { return }
            answered += 1
        }
    }

    /// Makes close() send RST instead of FIN (SO_LINGER with a zero timeout).
    private static func reset(_ connection: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(connection, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    private static func readRequest(_ connection: Int32) -> ReceivedRequest? {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        while buffer.count < 65_536 {
            let count = recv(connection, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            if buffer.count >= 4, buffer.suffix(from: max(0, buffer.count - count - 3)).containsSubsequence(terminator) { break }
        }
        guard let text = String(bytes: buffer, encoding: .utf8),
            let head = text.components(separatedBy: "\r\n\r\n").first
        else { return nil }
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let target = String(parts[1])
        let components = URLComponents(string: target)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        return ReceivedRequest(
            method: String(parts[0]), path: components?.path ?? target, query: query,
            headers: headers, target: target)
    }

    private static func send(_ response: ScriptedResponse, on connection: Int32, keepAlive: Bool) {
        var head = "HTTP/1.1 \(response.status) \(reasonPhrase(response.status))\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(response.body.count)\r\nConnection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        var bytes = [UInt8](head.utf8)
        let headLength = bytes.count
        bytes.append(contentsOf: response.body)
        switch response.fault {
        case .trickle(let chunk, let pause)?:
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + max(chunk, 1), bytes.count)
                guard write(bytes[offset..<end], on: connection) else { return }
                offset = end
                Thread.sleep(forTimeInterval: pause)
            }
        case .resetAfter(let count)?:
            _ = write(bytes[0..<min(count, bytes.count)], on: connection)
            reset(connection)
        case .truncateBody(let count)?:
            _ = write(bytes[0..<min(headLength + count, bytes.count)], on: connection)
        case .hang?, nil:
            _ = write(bytes[...], on: connection)
        }
    }

    private static func write(_ bytes: ArraySlice<UInt8>, on connection: Int32) -> Bool {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let written = bytes[offset...].withUnsafeBytes { systemSend(connection, $0.baseAddress, $0.count, noSignal) }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    package enum ServerError: Error {
        case socket(Int32)
    }
}

extension ArraySlice where Element == UInt8 {
    func containsSubsequence(_ needle: [UInt8]) -> Bool {
        guard count >= needle.count else { return false }
        var index = startIndex
        while index <= endIndex - needle.count {
            if self[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
