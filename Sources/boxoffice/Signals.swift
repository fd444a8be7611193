import BoxOfficeModel
import Foundation

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
            return "\(name): no report was written; what was fetched is cached, so running again resumes"
        }
    }

    private final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Int32?
        var signal: Int32? { lock.withLock { value } }
        func record(_ signal: Int32) { lock.withLock { if value == nil { value = signal } } }
    }

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
                received.record(number)
                work.cancel()
            }
            source.resume()
            return source
        }
        defer { for source in sources { source.cancel() } }
        do {
            try await work.value
        } catch {
            if let number = received.signal { throw Interruption(signal: number) }
            throw error
        }
    }
}
