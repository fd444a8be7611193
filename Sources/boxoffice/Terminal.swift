import ArgumentParser
import BoxOfficeKit
import Foundation

/// Where the command line meets the terminal: one-line errors on stderr and exit codes.
enum Terminal {
    /// Runs `body`; a failure becomes one redacted line on stderr and its documented exit code.
    static func reportingErrors(redacting secrets: [String?], _ body: () async throws -> Void) async throws {
        let redactor = Redactor(secrets: secrets)
        do {
            try await body()
        } catch let error as UserFacingError {
            printError(redactor.redact(error.errorDescription ?? "\(error)"))
            throw ExitCode(error.exitStatus.rawValue)
        } catch is CancellationError {
            printError("cancelled; no report was written")
            throw ExitCode(130)
        } catch {
            printError(redactor.redact("unexpected error: \(error)"))
            throw ExitCode(70)
        }
    }

    static func printError(_ message: String) {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        FileHandle.standardError.write(Data("boxoffice: \(line)\n".utf8))
    }

    /// A problem that did not stop the run, as one line on stderr.
    static func printWarning(_ message: String) {
        let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        FileHandle.standardError.write(Data("boxoffice: warning: \(line)\n".utf8))
    }

    /// A written file's path as the user would type it: under the `--output` folder they gave.
    static func displayPath(_ url: URL, relativeTo output: String) -> String {
        (output as NSString).appendingPathComponent(url.lastPathComponent)
    }
}
