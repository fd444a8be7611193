import CCurl
import Foundation

/// The production transport: libcurl's multi interface, driven by one thread of its own that
/// sleeps in `curl_multi_poll` until a socket, a timer or a new request wakes it.
///
/// Why not `URLSession`: on Linux, swift-corelibs-foundation (Swift 6.3.1) keeps a socket's
/// dispatch write source after libcurl stops asking to write, so while an answer is awaited the
/// source fires again and again: a cold month's `boxoffice fetch` (55 requests answered in 50 ms,
/// `--concurrency 8`) spent 0.42 s of CPU in 0.44 s, one of this machine's two cores busy
/// (`perf stat`: 43,000 `poll` and 76,000 `epoll_wait` calls), and at `--concurrency 1` a request
/// cost about 40 ms of CPU a second it waited. The same libcurl that Foundation's networking is
/// built on, loaded and called directly (``CurlLibrary``), waits without spinning: 0.05 s of CPU
/// for that month (`boxoffice-bench fetch` and the README's Performance section give the rest).
/// Nothing is added to what the binary needs on a server.
///
/// It never follows a redirect: a 3xx answer is returned as it is, for the client to refuse. A
/// followed redirect would carry the request's credentials (TMDB's `Authorization` header, the
/// KOBIS key in the query) to wherever the `Location` points, and neither service redirects.
/// Only `http` and `https` are spoken.
///
/// A body is counted as it arrives, after decompression: one larger than `maximumBodySize` is
/// abandoned at that point (``TransportError/tooLarge(host:limit:)``), so a small gzip bomb cannot
/// fill the memory or the cache.
// Unchecked Sendable: the loop is started under `lock`; the rest is immutable.
package final class CurlTransport: HTTPTransport, @unchecked Sendable {
    private let settings: Settings
    private let maxConnectionsPerHost: Int
    private let library: @Sendable () -> CurlLibrary?
    private let lock = NSLock()
    private var started: CurlLoop?

    /// What every transfer is given.
    struct Settings {
        var timeout: TimeInterval
        var maximumBodySize: Int
        /// Seconds connecting, and each wait for data, may take at most (within `timeout`).
        var stall: TimeInterval = 10
    }

    /// - Parameters:
    ///   - maxConnectionsPerHost: at least the number of requests the run keeps in flight.
    ///   - timeout: seconds a whole request may take; connecting and each wait for data get at most `stall`.
    ///   - maximumBodySize: bytes a decoded body may have.
    ///   - stall: seconds connecting and each wait for data may take (10; a test that holds an answer
    ///     back until it cancels gives more, so a starved test task cannot lose the race to it).
    ///   - library: libcurl, asked for when the first request is sent (``CurlLibrary/preload()``
    ///     may have loaded it already; an `--offline` run never does); nil when it could not be
    ///     loaded, and every request then fails with ``TransportError/libcurlMissing(host:)``.
    package init(
        maxConnectionsPerHost: Int, timeout: TimeInterval = 30, maximumBodySize: Int = 8 << 20, stall: TimeInterval = 10,
        library: @escaping @Sendable () -> CurlLibrary? = { CurlLibrary.system }
    ) {
        self.maxConnectionsPerHost = max(1, maxConnectionsPerHost)
        self.library = library
        settings = Settings(timeout: timeout, maximumBodySize: maximumBodySize, stall: stall)
    }

    deinit { started?.stop() }

    /// The loop, started with the first request.
    private var loop: CurlLoop {
        lock.withLock {
            if let started { return started }
            let loop = CurlLoop(maxConnectionsPerHost: maxConnectionsPerHost, library: library())
            started = loop
            return loop
        }
    }

    /// How many times the transport's thread has woken up: for tests that hold a wait to a few
    /// wake-ups instead of a busy loop.
    package var wakeUps: Int { lock.withLock { started?.wakeUps ?? 0 } }

    package func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let loop = self.loop
        guard let library = loop.library else { throw TransportError.libcurlMissing(host: request.url.host ?? "the server") }
        let transfer = try CurlTransfer(request, settings: settings, library: library, sends: SendCount.current)
        // The answer is handed over under the transfer's lock, and taken here under it too: when
        // the loop answers before this task has suspended, the runtime hands the result over on a
        // path ThreadSanitizer cannot see, and it reported the error's bytes as a race (CI, 1 run
        // in 3 of CurlTransportTests).
        defer { transfer.handedOver() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.expect(continuation)
                loop.submit(transfer)
            }
        } onCancel: {
            loop.cancel(transfer)
        }
    }

    /// The transport's error for a libcurl result other than `CURLE_OK`.
    static func transportError(_ code: CURLcode, host: String) -> TransportError {
        switch code {
        case CURLE_OPERATION_TIMEDOUT: .timedOut(host: host)
        case CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT: .cannotConnect(host: host)
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_WEIRD_SERVER_REPLY,
            CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_BAD_CONTENT_ENCODING:
            .connectionLost(host: host)
        default: .other(host: host, code: Int(code.rawValue))
        }
    }
}

/// libcurl, loaded and initialised when the first request is sent, or by ``preload()`` (the `CCurl`
/// header says why it is not linked): its functions, or nil when the library cannot be loaded.
// Unchecked Sendable: libcurl's function table, written once at load, then only read.
package final class CurlLibrary: @unchecked Sendable {
    let api: UnsafeMutablePointer<boxoffice_curl_api>

    /// The system's `libcurl.so.4`, loaded once per process.
    package static let system = CurlLibrary(path: nil)

    /// Loads the system's libcurl on a thread of its own, once, for a run that is about to send
    /// requests: loading it takes 3–4 ms the run can spend on its setup meanwhile.
    package static func preload() { _ = preloading }

    private static let preloaded = DispatchGroup()
    private static let preloading: Void = {
        preloaded.enter()
        Thread.detachNewThread {
            _ = system
            preloaded.leave()
        }
    }()

    /// Waits for a preload still under way, before the process exits: a run that failed at once (an
    /// unwritable ledger) exited while the preload was inside `dlopen` or OpenSSL's initialisation,
    /// and crashed in the exit handlers about once in 40 runs with both cores busy.
    package static func settle() { preloaded.wait() }

    /// The library at `path` (nil: the system's); nil when it cannot be loaded or initialised.
    package init?(path: String?) {
        let api = UnsafeMutablePointer<boxoffice_curl_api>.allocate(capacity: 1)
        api.initialize(to: boxoffice_curl_api())
        guard boxoffice_curl_load(api, path) != 0 else {
            api.deallocate()
            return nil
        }
        self.api = api
    }

    /// libcurl's own words for a result code.
    func describe(_ code: CURLcode) -> String { api.pointee.easy_strerror(code).map { String(cString: $0) } ?? "" }
}

/// One request: its easy handle, and what has arrived of its answer.
///
/// The loop's thread is the only one that touches it between ``CurlLoop/submit(_:)`` and the end
/// of the transfer; the continuation is resumed once, by whichever of completion and cancellation
/// comes first.
// Unchecked Sendable: the loop thread alone touches the handle; the answer passes under `lock`.
final class CurlTransfer: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    private let api: UnsafeMutablePointer<boxoffice_curl_api>
    let host: String
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let limit: Int
    private var body = Data()
    private var headers: [String: String] = [:]
    private var tooLarge = false

    private let lock = NSLock()
    /// Who waits for the answer, or the answer that came before anyone waited (a cancellation the
    /// loop handled before the caller's continuation was made); done once it has been handed over.
    private var state = State.pending
    private enum State {
        case pending
        case waiting(CheckedContinuation<HTTPResponse, Error>)
        case finished(Result<HTTPResponse, Error>)
        case done
    }
    /// Set under the loop's lock: the caller's task was cancelled.
    var cancelRequested = false
    /// Counts each time libcurl sends the request (``SendCount``).
    private let sends: SendCount?

    init(_ request: HTTPRequest, settings: CurlTransport.Settings, library: CurlLibrary, sends: SendCount? = nil) throws {
        self.sends = sends
        host = request.url.host ?? "the server"
        api = library.api
        guard let easy = api.pointee.easy_init() else { throw TransportError.other(host: host, code: Int(CURLE_FAILED_INIT.rawValue)) }
        self.easy = easy
        limit = settings.maximumBodySize
        let context = Unmanaged.passUnretained(self).toOpaque()
        boxoffice_curl_easy_setopt_pointer(api, easy, CURLOPT_URL, request.url.absoluteString)
        boxoffice_curl_easy_setopt_long(api, easy, CURLOPT_HTTPGET, 1)
        boxoffice_curl_easy_setopt_pointer(api, easy, CURLOPT_PROTOCOLS_STR, "http,https")
        boxoffice_curl_easy_setopt_long(api, easy, CURLOPT_FOLLOWLOCATION, 0)
        boxoffice_curl_easy_setopt_long(api, easy, CURLOPT_NOSIGNAL, 1)
        // Every encoding libcurl decodes, decoded before the body is counted.
        boxoffice_curl_easy_setopt_pointer(api, easy, CURLOPT_ACCEPT_ENCODING, "")
        boxoffice_curl_easy_setopt_long(api, easy, CURLOPT_TIMEOUT_MS, max(1, Int(settings.timeout * 1000)))
        let wait = min(settings.timeout, settings.stall)
        boxoffice_curl_easy_setopt_long(api, easy, CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(wait * 1000)))
        // Less than a byte a second for `wait` seconds: a wait for data that lasted too long.
        boxoffice_curl_easy_setopt_long(api, easy, CURLOPT_LOW_SPEED_LIMIT, 1)
        boxoffice_curl_easy_setopt_long(api, easy, CURLOPT_LOW_SPEED_TIME, max(1, Int(wait.rounded(.up))))
        boxoffice_curl_easy_setopt_pointer(api, easy, CURLOPT_USERAGENT, "boxoffice")
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            headerList = api.pointee.slist_append(headerList, "\(name): \(value)")
        }
        if let headerList { boxoffice_curl_easy_setopt_pointer(api, easy, CURLOPT_HTTPHEADER, headerList) }
        boxoffice_curl_easy_setopt_callback(api, easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            return transfer.receive(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
        }
        boxoffice_curl_easy_setopt_pointer(api, easy, CURLOPT_WRITEDATA, context)
        boxoffice_curl_easy_setopt_callback(api, easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            transfer.header(UnsafeRawBufferPointer(start: data, count: length))
            return length
        }
        boxoffice_curl_easy_setopt_pointer(api, easy, CURLOPT_HEADERDATA, context)
        // Every send counted, libcurl's own re-sends on a new connection included; a libcurl too
        // old to say when it sends is kept from reusing connections, so it never re-sends unseen.
        let counting =
            boxoffice_curl_easy_setopt_prereq(api, easy) { context, _, _, _, _ in
                Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().sends?.add()
                return 0  // CURL_PREREQFUNC_OK
            } == CURLE_OK && boxoffice_curl_easy_setopt_prereq_data(api, easy, context) == CURLE_OK
        if !counting { boxoffice_curl_easy_setopt_long(api, easy, CURLOPT_FORBID_REUSE, 1) }
    }

    deinit {
        api.pointee.easy_cleanup(easy)
        api.pointee.slist_free_all(headerList)
    }

    /// Takes the transfer's lock once: the answer, written before the loop's thread last held it,
    /// is then seen as written before this caller reads it.
    func handedOver() { lock.withLock {} }

    /// Hands the answer to `continuation`: now if it came already, else when it comes.
    func expect(_ continuation: CheckedContinuation<HTTPResponse, Error>) {
        let ready = lock.withLock { () -> Result<HTTPResponse, Error>? in
            guard case .finished(let result) = state else {
                state = .waiting(continuation)
                return nil
            }
            state = .done
            return result
        }
        if let ready { continuation.resume(with: ready) }
    }

    /// Appends a piece of the decoded body; false once it would pass the limit (the transfer ends).
    private func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= limit else {
            tooLarge = true
            body = Data()
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// One header line. A status line starts the headers over: those of an interim answer or of a
    /// proxy's are not the answer's.
    private func header(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return }
        headers[name] = headers[name].map { $0 + ", " + value } ?? value
    }

    /// The transfer ended with `code`: its answer, or the error.
    func complete(_ code: CURLcode) {
        if code == CURLE_OK {
            var status = 0
            boxoffice_curl_easy_getinfo_long(api, easy, CURLINFO_RESPONSE_CODE, &status)
            finish(.success(HTTPResponse(status: status, headers: headers, body: body)))
        } else if tooLarge {
            finish(.failure(TransportError.tooLarge(host: host, limit: limit)))
        } else {
            finish(.failure(CurlTransport.transportError(code, host: host)))
        }
    }

    /// Ends the transfer with `result`, handed to its caller once (kept until it waits, if it does
    /// not yet); later calls do nothing.
    func finish(_ result: Result<HTTPResponse, Error>) {
        let waiting = lock.withLock { () -> CheckedContinuation<HTTPResponse, Error>? in
            switch state {
            case .pending:
                state = .finished(result)
                return nil
            case .waiting(let continuation):
                state = .done
                return continuation
            case .finished, .done:
                return nil
            }
        }
        waiting?.resume(with: result)
    }
}

/// The multi handle and the thread that drives it.
///
/// Requests and cancellations are handed over under a lock and `curl_multi_wakeup` ends the
/// thread's wait; everything else happens on the thread, which never holds one of Swift's
/// cooperative threads.
// Unchecked Sendable: queues change under `lock`; the multi handle is used on the loop thread only.
final class CurlLoop: @unchecked Sendable {
    let library: CurlLibrary?
    private let multi: UnsafeMutableRawPointer?
    private let lock = NSLock()
    private var submitted: [CurlTransfer] = []
    private var cancelled: [CurlTransfer] = []
    private var stopping = false
    private var wokenUp = 0

    init(maxConnectionsPerHost: Int, library: CurlLibrary?) {
        self.library = library
        multi = library?.api.pointee.multi_init()
        guard let library, let multi else { return }
        boxoffice_curl_multi_setopt_long(library.api, multi, CURLMOPT_MAX_HOST_CONNECTIONS, maxConnectionsPerHost)
        boxoffice_curl_multi_setopt_long(library.api, multi, CURLMOPT_MAXCONNECTS, 2 * maxConnectionsPerHost)
        let thread = Thread { [self] in run() }
        thread.name = "boxoffice-curl"
        thread.start()
    }

    var wakeUps: Int { lock.withLock { wokenUp } }

    func submit(_ transfer: CurlTransfer) {
        guard let library, let multi else {
            transfer.finish(.failure(TransportError.other(host: transfer.host, code: Int(CURLE_FAILED_INIT.rawValue))))
            return
        }
        let alreadyCancelled = lock.withLock { () -> Bool in
            if !transfer.cancelRequested { submitted.append(transfer) }
            return transfer.cancelRequested
        }
        if alreadyCancelled { transfer.finish(.failure(CancellationError())) }
        _ = library.api.pointee.multi_wakeup(multi)
    }

    func cancel(_ transfer: CurlTransfer) {
        lock.withLock {
            transfer.cancelRequested = true
            cancelled.append(transfer)
        }
        if let library, let multi { _ = library.api.pointee.multi_wakeup(multi) }
    }

    func stop() {
        lock.withLock { stopping = true }
        if let library, let multi { _ = library.api.pointee.multi_wakeup(multi) }
    }

    private func run() {
        guard let api = library?.api, let multi else { return }
        var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        while true {
            let (new, cancels, stop) = lock.withLock { () -> ([CurlTransfer], [CurlTransfer], Bool) in
                wokenUp += 1
                // One cancelled before the thread took it is only finished, below.
                defer { (submitted, cancelled) = ([], []) }
                return (submitted.filter { !$0.cancelRequested }, cancelled, stopping)
            }
            for transfer in new {
                running[transfer.easy] = transfer
                _ = api.pointee.multi_add_handle(multi, transfer.easy)
            }
            for transfer in cancels {
                if running.removeValue(forKey: transfer.easy) != nil { _ = api.pointee.multi_remove_handle(multi, transfer.easy) }
                transfer.finish(.failure(CancellationError()))
            }
            if stop {
                for (easy, transfer) in running {
                    _ = api.pointee.multi_remove_handle(multi, easy)
                    transfer.finish(.failure(CancellationError()))
                }
                break
            }
            var active: Int32 = 0
            _ = api.pointee.multi_perform(multi, &active)
            var left: Int32 = 0
            while let message = api.pointee.multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                    let transfer = running.removeValue(forKey: easy)
                else { continue }
                let code = message.pointee.data.result
                _ = api.pointee.multi_remove_handle(multi, easy)
                transfer.complete(code)
            }
            _ = api.pointee.multi_poll(multi, nil, 0, 1000, nil)
        }
        _ = api.pointee.multi_cleanup(multi)
    }
}
