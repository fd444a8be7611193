import ArgumentParser
import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct BoxOffice: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boxoffice",
        abstract: "Korean box-office reports from KOBIS daily charts.",
        discussion: """
            \(HelpText.environment)

            \(ExitStatus.helpTable)
            """,
        version: "0.1.0",
        subcommands: [ReportCommand.self, FetchCommand.self, FilmCommand.self, QuotaCommand.self, TemplatesCommand.self]
    )

    /// ArgumentParser's own entry point, except that a bad argument is one `boxoffice: …` line on
    /// stderr like every other error (exit 64), with the usage block only when stderr is a terminal.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let message = Self.message(for: error)
            guard exitCode(for: error) != .success, !message.isEmpty else { exit(withError: error) }
            let full = fullMessage(for: error)
            let hint = full.split(separator: "\n").first { $0.contains("--help") }.map {
                "; " + $0.trimmingCharacters(in: .whitespaces).lowercasedFirst
            }
            var line = message.split(separator: "\n").first.map(String.init) ?? message
            if line.hasSuffix(".") { line.removeLast() }
            Terminal.printError(line.lowercasedFirst + (hint ?? ""))
            if isatty(STDERR_FILENO) == 1 {
                let usage = full.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("Usage:") }
                if !usage.isEmpty { FileHandle.standardError.write(Data((usage.joined(separator: "\n") + "\n").utf8)) }
            }
            Glibc.exit(exitCode(for: error).rawValue)
        }
    }
}

extension StringProtocol {
    /// "See 'x'" as "see 'x'", to follow a semicolon.
    fileprivate var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}

enum HelpText {
    static let environment = """
        Environment:
          KOBIS_API_KEY     your KOBIS Open API key (never put it on the command line)
          KOBIS_BASE_URL    KOBIS endpoint for mirrors and tests (default: public)
          TMDB_API_TOKEN    TMDB read access token (or TMDB_API_KEY, a v3 key)
          TMDB_BASE_URL     TMDB endpoint for mirrors and tests (default: public)
          BOXOFFICE_TODAY   pin "today" (Seoul) as YYYY-MM-DD for reproducible runs
          XDG_CACHE_HOME, XDG_STATE_HOME, XDG_CONFIG_HOME   where the cache,
                            the quota ledger and tmdb-overrides.csv live
        """
}

extension ExitStatus {
    /// The exit codes as a help section.
    static var helpTable: String {
        "Exit codes:\n"
            + allCases.map { "  \(String($0.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0))\($0.meaning)" }
            .joined(separator: "\n")
    }
}
