import ArgumentParser
import BoxOfficeModel

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
        subcommands: [ReportCommand.self, FetchCommand.self, TemplatesCommand.self]
    )
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
