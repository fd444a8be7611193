import ArgumentParser
import BoxOfficeFiles
import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct BoxOffice: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "boxoffice",
        abstract: "Korean box-office reports from KOBIS daily charts.",
        version: BuildInfo.version,
        subcommands: [
            ReportCommand.self, FetchCommand.self, FilmCommand.self, RankCommand.self, CompanyCommand.self, PersonCommand.self, WatchCommand.self,
            CalendarCommand.self, RevisionsCommand.self, TMDBCommand.self,
            QuotaCommand.self, TemplatesCommand.self,
        ]
    )

    static let helpDetails = HelpDetails(
        sections: [HelpText.environment],
        examples: [
            ("boxoffice report --sample", "the bundled week: no key, no network"),
            ("boxoffice report -q", "yesterday, silent on success (cron)"),
            ("boxoffice film --sample 20259001", "one film's whole run"),
        ],
        exitCodes: ExitStatus.allCases)

    /// ArgumentParser's own entry point, except that a bad argument is one `boxoffice: …` line on
    /// stderr like every other error (exit 64), naming the help to read; `-V` is `--version`.
    static func main() async {
        _ = StandardStreams.closedAtStart
        // -V is --version wherever --version works (every command has it), but after `--`.
        var arguments = Array(CommandLine.arguments.dropFirst())
        for index in arguments.indices.prefix(while: { arguments[$0] != "--" }) where arguments[index] == "-V" {
            arguments[index] = "--version"
        }
        // A first word that is no command and no option is a mistyped command, not a bad argument;
        // so is the word after `help` (`boxoffice help nosuch` printed the root's help, exit 0).
        let commands = Self.commandNames
        let typed = arguments.first == "help" ? arguments.dropFirst().first : arguments.first
        if let word = typed, !word.hasPrefix("-"), !commands.contains(word) {
            let names = commands
            let near = names.min { Self.distance(word, $0) < Self.distance(word, $1) }.flatMap { Self.distance(word, $0) <= 2 ? $0 : nil }
            Terminal.printError(
                "unknown command '\(PlainText.oneLine(word))'" + (near.map { "; did you mean '\($0)'?" } ?? "")
                    + " (boxoffice --help lists the commands)")
            Glibc.exit(ExitStatus.usage.rawValue)
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
            if exitCode(for: error) == .success {
                let generated = fullMessage(for: error)
                guard generated.hasPrefix("OVERVIEW:") || generated.hasPrefix("USAGE:") else { exit(withError: error) }
                let page = HelpPage.render(
                    generated, command: HelpPage.command(forHelp: generated, root: Self.self), showsHidden: arguments.contains("--help-hidden"),
                    columns: HelpPage.columns())
                Terminal.printLine(String(page.dropLast()))
                Glibc.exit(0)
            }
            guard !message.isEmpty else { exit(withError: error) }
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

extension BoxOffice {
    /// The subcommands' names, as typed, and ArgumentParser's own `help`.
    static var commandNames: [String] {
        var names = ["help"]
        for command in configuration.subcommands { names.append(command._commandName) }
        return names
    }

    /// Edits (insertions, deletions, substitutions, adjacent swaps) from `a` to `b`: how far a typed
    /// command is from a real one (`reprot` is 1 from `report`).
    static func distance(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1) }
            }
        }
        return rows[a.count][b.count]
    }
}

extension StringProtocol {
    /// "See 'x'" as "see 'x'", to follow a semicolon.
    fileprivate var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}

enum HelpText {
    static let environment = """
        ENVIRONMENT:
          KOBIS_API_KEY     your KOBIS Open API key (never put it on the command line)
          KOBIS_BASE_URL    KOBIS endpoint for mirrors and tests (default: public)
          TMDB_API_TOKEN    TMDB read access token (or TMDB_API_KEY, a v3 key)
          TMDB_BASE_URL     TMDB endpoint for mirrors and tests (default: public)
          BOXOFFICE_TODAY   pin "today" (Seoul) as YYYY-MM-DD for reproducible runs
          XDG_CACHE_HOME, XDG_STATE_HOME, XDG_CONFIG_HOME
                            where the cache, the quota ledger and
                            tmdb-overrides.csv live
        """
}
