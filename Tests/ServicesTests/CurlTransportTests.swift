import FakeServices
import Foundation
import TestSupport
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeServices

/// The production transport against a real server on loopback.
@Suite("libcurl transport")
struct CurlTransportTests {
    static func server(_ response: ScriptedResponse) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { _ in response }
    }

    static func request(
        _ server: LoopbackHTTPServer, _ path: String = "/chart?key=k&targetDt=20250306", headers: [String: String] = [:]
    ) -> HTTPRequest {
        HTTPRequest(url: URL(string: server.baseURL.absoluteString + path)!, headers: headers)
    }

    @Test("an answer: its status, headers and body, with the request's headers sent")
    func answer() async throws {
        let server = try Self.server(
            ScriptedResponse(status: 404, headers: ["Content-Type": "application/json", "Retry-After": "7"], body: Data(#"{"a":1}"#.utf8)))
        let transport = CurlTransport(maxConnectionsPerHost: 2)
        let response = try await transport.send(Self.request(server, headers: ["Authorization": "Bearer t0ken"]))
        #expect(response.status == 404)
        #expect(response.header("retry-after") == "7")
        #expect(response.header("Content-Type") == "application/json")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"a":1}"#)
        let received = try #require(server.requests.first)
        #expect(received.headers["authorization"] == "Bearer t0ken")
        #expect(received.query["targetDt"] == "20250306")
        #expect(received.method == "GET")
    }

    @Test("a redirect is returned as it is, never followed", arguments: [301, 302, 307, 308])
    func redirect(status: Int) async throws {
        let server = try Self.server(ScriptedResponse(status: status, headers: ["Location": "/elsewhere"], body: Data()))
        let response = try await CurlTransport(maxConnectionsPerHost: 1).send(Self.request(server))
        #expect(response.status == status)
        #expect(server.requests.map(\.path) == ["/chart"])
    }

    @Test("a gzipped body is decoded before it is counted: within the limit it arrives whole, past it the transfer is abandoned")
    func gzip() async throws {
        let plain = Data(repeating: UInt8(ascii: "x"), count: 3 << 20)
        let compressed = try Gzip.compress(plain)
        #expect(compressed.count < 100_000)
        let server = try Self.server(ScriptedResponse(headers: ["Content-Encoding": "gzip"], body: compressed))
        let whole = try await CurlTransport(maxConnectionsPerHost: 1, maximumBodySize: 4 << 20).send(Self.request(server))
        #expect(whole.body == plain)
        await #expect(throws: TransportError.tooLarge(host: "127.0.0.1", limit: 1 << 20)) {
            try await CurlTransport(maxConnectionsPerHost: 1, maximumBodySize: 1 << 20).send(Self.request(server))
        }
    }

    @Test("failures below HTTP: refused, hung past the timeout, reset mid-answer")
    func failures() async throws {
        // A port nobody listens on: a server that was there and stopped.
        let gone = try Self.server(.json("{}"))
        gone.stop()
        await #expect(throws: TransportError.cannotConnect(host: "127.0.0.1")) {
            try await CurlTransport(maxConnectionsPerHost: 1).send(Self.request(gone))
        }
        let hung = try Self.server(ScriptedResponse(body: Data(), fault: .hang))
        await #expect(throws: TransportError.timedOut(host: "127.0.0.1")) {
            try await CurlTransport(maxConnectionsPerHost: 1, timeout: 1).send(Self.request(hung))
        }
        hung.stop()
        let reset = try Self.server(ScriptedResponse(body: Data(repeating: 0x20, count: 4096), fault: .resetAfter(bytes: 100)))
        await #expect(throws: TransportError.connectionLost(host: "127.0.0.1")) {
            try await CurlTransport(maxConnectionsPerHost: 1).send(Self.request(reset))
        }
    }

    @Test("a request libcurl sends again on its own (a kept connection reset as the request arrives) is counted: every send that reached the server")
    func resendsCounted() async throws {
        let server = try LoopbackHTTPServer(connections: .keepAliveResettingReused) { _ in .json("{}") }
        defer { server.stop() }
        let transport = CurlTransport(maxConnectionsPerHost: 1)
        var counted = 0
        for index in 0..<3 {
            let sends = SendCount()
            let response = try await SendCount.$current.withValue(sends) { try await transport.send(Self.request(server, "/chart?n=\(index)")) }
            #expect(response.status == 200)
            counted += sends.value
        }
        // The first on a new connection; each later one sent on the kept connection, reset, and
        // sent again by libcurl on a new one.
        #expect(server.requests.count == 5, "\(server.requests.map(\.target))")
        #expect(counted == server.requests.count)
    }

    @Test("a cancelled task's request ends with CancellationError, not the answer the server holds back")
    func cancellation() async throws {
        // The server holds its answer until the test lets it go, however long the test waits to be
        // scheduled: a delay of seconds once passed while a busy suite starved the test's task.
        let gate = DispatchSemaphore(value: 0)
        let server = try LoopbackHTTPServer { request in
            if request.path == "/chart" { gate.wait() }
            return .json("{}")
        }
        defer {
            gate.signal()
            server.stop()
        }
        // An hour to time out or stall: with both cores busy the test's task once waited past the
        // default 30 s, and once past the 10 s a wait for data may take, before it cancelled, and the
        // transfer timed out first.
        let transport = CurlTransport(maxConnectionsPerHost: 1, timeout: 3_600, stall: 3_600)
        let task = Task { try await transport.send(Self.request(server)) }
        while server.requests.isEmpty { try await Task.sleep(nanoseconds: 5_000_000) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // Cancelled before it starts: never sent.
        let before = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(Self.request(server, "/never"))
        }
        await #expect(throws: CancellationError.self) { try await before.value }
        #expect(!server.requests.map(\.path).contains("/never"))
    }

    @Test(
        "a request cancelled before its caller waits still ends: the loop's answer is kept until the caller waits",
        .timeLimit(.minutes(1)))
    func cancelledBeforeWaiting() async throws {
        // The order a task cancelled just as it sends can take: the loop finishes the transfer
        // (cancelled) before the caller's continuation exists. It once waited for ever, and a
        // run with it never exited.
        let library = try #require(CurlLibrary.system)
        let transfer = try CurlTransfer(
            HTTPRequest(url: URL(string: "http://127.0.0.1:9/chart")!), settings: .init(timeout: 5, maximumBodySize: 1024), library: library)
        transfer.finish(.failure(CancellationError()))
        transfer.finish(.failure(TransportError.timedOut(host: "later")))
        await #expect(throws: CancellationError.self) {
            try await withCheckedThrowingContinuation { transfer.expect($0) }
        }
    }

    @Test("waiting for answers does not spin: eight requests held 0.4 s wake the transport's thread a few times per request")
    func waitsWithoutSpinning() async throws {
        let server = try Self.server(ScriptedResponse(body: Data("{}".utf8), delay: 0.4))
        let transport = CurlTransport(maxConnectionsPerHost: 8)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<8 { group.addTask { try await transport.send(Self.request(server, "/chart?n=\(index)")).status } }
            for try await status in group { #expect(status == 200) }
        }
        // Each request wakes it to be added and when its socket is ready (connected, sent, answered);
        // a busy wait would be thousands over 0.4 s.
        #expect(transport.wakeUps < 8 * 12, "\(transport.wakeUps) wake-ups")
    }

    @Test("without libcurl every request fails at once, unretried, and the client says so as a configuration error (78)")
    func libcurlMissing() async throws {
        #expect(CurlLibrary(path: "/nonexistent/libcurl.so.4") == nil)
        #expect(CurlLibrary.system != nil)
        let transport = CurlTransport(maxConnectionsPerHost: 1, library: { nil })
        let request = HTTPRequest(url: URL(string: "http://127.0.0.1:9/chart")!)
        await #expect(throws: TransportError.libcurlMissing(host: "127.0.0.1")) { try await transport.send(request) }
        #expect(!TransportError.libcurlMissing(host: "h").isTransient)
        let client = KOBISClient(transport: transport, key: "k", baseURL: URL(string: "http://127.0.0.1:9/")!)
        do {
            _ = try await client.dailyChart(on: Day(iso: "2025-03-06")!)
            Issue.record("a chart without libcurl")
        } catch let error as LibcurlMissing {
            #expect(error.exitStatus == .configuration)
            #expect(error.errorDescription?.contains("libcurl4") == true)
        }
    }
}
