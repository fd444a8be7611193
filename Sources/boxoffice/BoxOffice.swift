import ArgumentParser
import BoxOfficeModel
import BoxOfficeOutput
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
        subcommands: [ReportCommand.self, FetchCommand.self, FilmCommand.self, TMDBCommand.self, QuotaCommand.self, TemplatesCommand.self]
    )

    /// ArgumentParser's own entry point, except that a bad argument is one `boxoffice: …` line on
    /// stderr like every other error (exit 64), naming the help to read; `-V` is `--version`.
    static func main() async {
        _ = StandardStreams.closedAtStart
        // -V is --version wherever --version works (every command has it), but after `--`.
        var arguments = Array(CommandLine.arguments.dropFirst())
        for index in arguments.indices.prefix(while: { arguments[$0] != "--" }) where arguments[index] == "-V" {
            arguments[index] = "--version"
        }
        do {
            var command = try parseAsRoot(arguments)
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
    /// Every exit code as a help section.
    static var helpTable: String { helpTable(allCases) }

    /// The exit codes a command can end with, as a help section, with its own wording where given.
    static func helpTable(_ statuses: [ExitStatus], meanings: [ExitStatus: String] = [:]) -> String {
        "Exit codes:\n"
            + statuses.map { "  \(String($0.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0))\(meanings[$0] ?? $0.meaning)" }
            .joined(separator: "\n")
    }

    /// `report`'s: every code but the film command's 66.
    static var reportHelpTable: String { helpTable(allCases.filter { $0 != .noSuchFilm }) }

    /// `fetch` writes no report: its codes speak of the cache.
    static var fetchHelpTable: String {
        helpTable(
            [
                .success, .usage, .internalError, .cannotWrite, .tryAgainLater, .malformedResponse, .configuration, .outputClosed, .hungUp,
                .interrupted, .terminated,
            ],
            meanings: [
                .success: "success: the whole range is cached",
                .usage: "bad arguments (range, options); nothing was fetched",
                .cannotWrite: "the cache or the quota ledger cannot be written (disk full, read-only, in the way)",
                .tryAgainLater: "something is left (budget or quota spent, a service down, the cache busy): the same command resumes it",
                .outputClosed: "standard output was closed (a pipe ended early); what was fetched is cached",
                .hungUp: "hung up (SIGHUP): what was fetched is kept in the cache",
                .interrupted: "interrupted (SIGINT): what was fetched is kept in the cache",
                .terminated: "terminated (SIGTERM): likewise",
            ])
    }
}
