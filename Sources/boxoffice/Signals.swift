import BoxOfficeModel
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGINT, SIGTERM and SIGHUP into task cancellation, and ignores SIGPIPE (a closed
/// standard output is an error the run reports, not a silent death).
enum Signals {
    /// A run stopped by a signal.
    struct Interruption: Error {
        let signal: Int32
        /// The run had finished its work when the signal's cancellation would have stopped it.
        var finished = false

        var status: ExitStatus {
            switch signal {
            case SIGTERM: .terminated
            case SIGHUP: .hungUp
            default: .interrupted
            }
        }

        var message: String {
            let name =
                switch signal {
                case SIGTERM: "terminated (SIGTERM)"
                case SIGHUP: "hung up (SIGHUP)"
                default: "interrupted (SIGINT)"
                }
            return finished
                ? "\(name) as the run ended: its reports were written whole, but what it printed may be cut short"
                : "\(name): no report was written; what was fetched is cached, so running again resumes"
        }
    }

    /// The first signal received, and whether the run is over.
    private final class Received: Sendable {
        private let state = Mutex<(value: Int32?, over: Bool)>((nil, false))
        var signal: Int32? { state.withLock { $0.value } }
        /// Records the first signal; false when the run is already over.
        func record(_ signal: Int32) -> Bool {
            state.withLock { state in
                if state.value == nil { state.value = signal }
                return !state.over
            }
        }
        /// The run is over: a late signal no longer ends the process.
        func finish() { state.withLock { $0.over = true } }
        var isOver: Bool { state.withLock { $0.over } }
    }

    /// How long a run may take to stop after a signal before the process ends anyway: cancellation
    /// takes milliseconds, but a write into a pipe nobody reads, or a wait for a lock held elsewhere,
    /// blocks a thread that no cancellation reaches.
    static let graceSeconds = 1.5

    /// Runs `body` in a task that SIGINT, SIGTERM or SIGHUP cancels; a run ended that way throws ``Interruption``.
    static func cancellingOnSignal(_ body: @escaping @Sendable () async throws -> Void) async throws {
        // The one unstructured task of the program: signals arrive outside any task tree, so the
        // handler needs a handle to cancel. Everything below it is structured.
        let work = Task { try await body() }
        let received = Received()
        signal(SIGPIPE, SIG_IGN)
        let sources = [SIGINT, SIGTERM, SIGHUP].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                guard received.record(number) else { return }
                work.cancel()
                DispatchQueue.global().asyncAfter(deadline: .now() + graceSeconds) {
                    guard !received.isOver, let first = received.signal else { return }
                    let stop = Interruption(signal: first)
                    let name = stop.message.prefix { $0 != ":" }
                    FileHandle.standardError.write(
                        Data(
                            "boxoffice: \(name): stopped at once while blocked (writing standard output or waiting for a lock); reports already renamed into place are whole, and what was fetched is cached\n"
                                .utf8))
                    _exit(stop.status.rawValue)
                }
            }
            source.resume()
            return source
        }
        defer { for source in sources { source.cancel() } }
        do {
            try await work.value
            received.finish()
        } catch {
            received.finish()
            if let number = received.signal { throw Interruption(signal: number) }
            throw error
        }
        // A run that finished after a signal (a blocking write completed) still reports the signal:
        // it never exits 0.
        if let number = received.signal { throw Interruption(signal: number, finished: true) }
    }
}
