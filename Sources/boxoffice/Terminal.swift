import ArgumentParser
import BoxOfficeFiles
import BoxOfficeModel
import BoxOfficePipeline
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the command line meets the terminal: one-line errors on stderr and exit codes.
enum Terminal {
    /// The width of the terminal `descriptor` is, in columns; nil when it is not one.
    static func columns(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Runs `body`; a failure becomes one redacted line on stderr and its documented exit code.
    ///
    /// SIGINT, SIGTERM and SIGHUP cancel `body` (and with it every request in flight): the run stops at once,
    /// writes no report, keeps what it fetched in the cache, and exits 130, 143 or 129. A lost line of
    /// standard output (a closed pipe) is exit 74, after everything else succeeded.
    static func reportingErrors(redacting secrets: [String?], _ body: @escaping @Sendable () async throws -> Void) async throws {
        let redactor = Redactor(secrets: secrets)
        defer { Pipeline.finish() }
        do {
            try await Signals.cancellingOnSignal(body)
            // With SIGPIPE ignored, a closed standard output shows here, after the reports are written.
            if !Self.standardOutputIntact() {
                printError("cannot write to standard output (it was closed): what was printed is cut short; any report or file was written whole")
                throw ExitCode(ExitStatus.outputClosed.rawValue)
            }
        } catch let exit as ExitCode {
            throw exit
        } catch let interruption as Signals.Interruption {
            printError(interruption.message)
            throw ExitCode(interruption.status.rawValue)
        } catch let error as UserFacingError {
            printError(redactor.redact(error.errorDescription ?? "\(error)"))
            throw ExitCode(error.exitStatus.rawValue)
        } catch {
            printError(redactor.redact("unexpected error: \(error)"))
            throw ExitCode(ExitStatus.internalError.rawValue)
        }
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data("boxoffice: \(oneLine(message))\n".utf8))
    }

    /// A problem that did not stop the run, as one line on stderr.
    static func printWarning(_ message: String) {
        FileHandle.standardError.write(Data("boxoffice: warning: \(oneLine(message))\n".utf8))
    }

    /// The longest message line: a path or value the user passed is cut, not echoed whole.
    static let longestLine = 600

    /// One line of readable text: line breaks become spaces, control characters go, and a line
    /// longer than ``longestLine`` is cut with an ellipsis.
    static func oneLine(_ message: String) -> String {
        let line = PlainText.oneLine(message)
        return line.count > longestLine ? String(line.prefix(longestLine)) + "…" : line
    }

    /// A written file's path as the user would type it: under the `--output` folder they gave.
    static func displayPath(_ url: URL, relativeTo output: String) -> String {
        (output as NSString).appendingPathComponent(url.lastPathComponent)
    }
}

extension Terminal {
    /// Whether a write to standard output was lost.
    private static let outputFailed = Mutex(false)

    /// Prints one line to standard output, remembering a failed write (a closed pipe: SIGPIPE is
    /// ignored, so the write fails with EPIPE instead of killing the process).
    static func printLine(_ line: String) {
        write(Data((line + "\n").utf8))
    }

    /// Bytes to standard output as they are (a CSV or JSON on stdout); a lost write is noted as a lost line is.
    static func write(_ data: Data) {
        guard !StandardStreams.outputClosedAtStart else { return outputFailed.withLock { $0 = true } }
        do {
            try FileHandle.standardOutput.write(contentsOf: data)
        } catch {
            outputFailed.withLock { $0 = true }
        }
    }

    /// False when a line printed with ``printLine(_:)`` was lost.
    static func standardOutputIntact() -> Bool {
        outputFailed.withLock { !$0 }
    }
}

extension Terminal {
    /// What a command prints through: lines and bytes on standard output, warnings on standard
    /// error unless `quiet`, and the progress line when there is one.
    static func console(quiet: Bool = false, progress: ProgressLine? = nil) -> Console {
        Console(
            line: { Terminal.printLine($0) }, write: { Terminal.write($0) },
            warn: { if !quiet { Terminal.printWarning($0) } }, progress: progress, quiet: quiet)
    }

    /// Runs `request` through the pipeline's one door, then lists the files it wrote as under the
    /// folder the user gave (`output`), unless `-q`; a failure is one line and its exit status.
    static func run(_ request: some PipelineRequest, _ context: RunContext, listingUnder output: String = "") async throws {
        try await reportingErrors(redacting: Pipeline.secrets(in: context.environment)) {
            defer { context.console.progress?.finish() }  // on failure too
            let paths = try await Pipeline.run(request, in: context)
            context.console.progress?.finish()  // cleared before stdout
            // -q: silent on success, so a cron job mails nothing and the journal keeps errors alone.
            guard !context.console.quiet else { return }
            for url in paths { printLine(displayPath(url, relativeTo: output)) }
        }
    }
}
