import ArgumentParser
import BoxOfficeKit

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
        subcommands: [ReportCommand.self, TemplatesCommand.self]
    )
}

enum HelpText {
    static let environment = """
        Environment:
          KOBIS_API_KEY     your KOBIS Open API key (never put it on the command line)
          KOBIS_BASE_URL    KOBIS endpoint for mirrors and tests (default: public)
          BOXOFFICE_TODAY   pin "today" (Seoul) as YYYY-MM-DD for reproducible runs
        """
}

extension ExitStatus {
    /// The exit codes as a help section.
    static var helpTable: String {
        "Exit codes:\n" + allCases.map { "  \(String($0.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0))\($0.meaning)" }
            .joined(separator: "\n")
    }
}
