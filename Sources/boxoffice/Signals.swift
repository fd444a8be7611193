import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGINT and SIGTERM into task cancellation.
enum Signals {
    /// A run stopped by a signal.
    struct Interruption: Error {
        let signal: Int32

        var status: ExitStatus { signal == SIGTERM ? .terminated : .interrupted }

        var message: String {
            "\(signal == SIGTERM ? "terminated (SIGTERM)" : "interrupted (SIGINT)"): no report was written; what was fetched is cached, so running again resumes"
        }
    }

    private final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Int32?
        var signal: Int32? { lock.withLock { value } }
        func record(_ signal: Int32) { lock.withLock { if value == nil { value = signal } } }
    }

    /// Runs `body` in a task that SIGINT or SIGTERM cancels; a run ended that way throws ``Interruption``.
    static func cancellingOnSignal(_ body: @escaping @Sendable () async throws -> Void) async throws {
        // The one unstructured task of the program: signals arrive outside any task tree, so the
        // handler needs a handle to cancel. Everything below it is structured.
        let work = Task { try await body() }
        let received = Received()
        let sources = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
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
