import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import Foundation

struct WatchCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Keep a watchlist: every report opens with it.",
        subcommands: [Add.self, Remove.self, List.self]
    )

    static let helpDetails = HelpDetails(
        notes: [
            "The list is $XDG_CONFIG_HOME/boxoffice/watchlist.json (~/.config/boxoffice/watchlist.json), JSON you may edit by hand; a damaged file is moved aside, never overwritten."
        ],
        examples: [
            ("boxoffice watch add 20259001 --break-even 3000000", "follow a film, with its break-even audience"),
            ("boxoffice watch add \"검은 파도\"", "by title, as film finds it"),
            ("boxoffice watch list", "in the order added, with each film's latest rank"),
        ],
        exitCodes: [.success, .usage, .internalError, .cannotWrite, .tryAgainLater, .malformedResponse, .configuration])

    struct Add: AsyncParsableCommand, DocumentedCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a film (a KOBIS code or a title) to the watchlist, or update its break-even or note.",
            usage: "boxoffice watch add [<options>] <film>")

        static let helpDetails = HelpDetails(
            examples: [
                ("boxoffice watch add 20259001", "follow a film by its KOBIS code"),
                ("boxoffice watch add \"검은 파도\"", "by title, as film finds it"),
            ],
            exitCodes: [.success, .usage, .noSuchFilm, .internalError, .cannotWrite, .tryAgainLater, .malformedResponse, .configuration],
            meanings: [.success: "the film is on the list"])

        @Argument(help: ArgumentHelp("A KOBIS movie code (movieCd) or a title.", valueName: "film"))
        var film: String

        @Option(name: .customLong("break-even"), help: ArgumentHelp("Its break-even audience (손익분기점).", valueName: "n"))
        var breakEven: Int64?

        @Option(help: ArgumentHelp("A note of your own.", valueName: "text"))
        var note: String?

        @Flag(help: "Only the cache: send nothing.")
        var offline = false

        @OptionGroup(title: "Fetching") var network: NetworkOptions
        @OptionGroup(title: "Fetching") var cacheOptions: CacheOptions

        func validate() throws {
            try cacheOptions.validate(offline: offline)
            if film.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("give a KOBIS movie code or a title") }
            if let breakEven, breakEven <= 0 || breakEven > 1_000_000_000 {
                throw ValidationError("--break-even takes an audience from 1 to 1,000,000,000")
            }
            if let note, note.count > 200 || note.contains(where: \.isNewline) || PlainText.hasControls(note) {
                throw ValidationError("--note takes one line of at most 200 characters, without control characters")
            }
        }

        func run() async throws {
            // A change to the list is quick, and scripts add films side by side: wait up to 30 s for
            // another run using the cache, unless --wait says otherwise.
            var options = cacheOptions
            if options.wait == 0 { options.wait = 30 }
            try await Terminal.run(
                WatchAddRequest(film: film, breakEven: breakEven, note: note), options.context(offline: offline, network: network))
        }
    }

    struct Remove: AsyncParsableCommand, DocumentedCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a film from the watchlist, by code or by its title there.")

        static let helpDetails = HelpDetails(
            examples: [("boxoffice watch remove 20259001", "by code"), ("boxoffice watch remove \"검은 파도\"", "by its title on the list")],
            exitCodes: [.success, .usage, .internalError, .cannotWrite], meanings: [.success: "the film is off the list"])

        @Argument(help: ArgumentHelp("The film's KOBIS code, or its title on the list.", valueName: "film"))
        var film: String

        func run() async throws {
            try await Terminal.run(
                WatchRemoveRequest(film: film), RunContext(environment: ProcessInfo.processInfo.environment, console: Terminal.console()))
        }
    }

    struct List: AsyncParsableCommand, DocumentedCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the watchlist in the order added, with each film's latest rank and cumulative in the cache.",
            usage: "boxoffice watch list [<options>]")

        static let helpDetails = HelpDetails(
            examples: [("boxoffice watch list", "a line per film"), ("boxoffice watch list -f csv > watched.csv", "the table, for a spreadsheet")],
            exitCodes: [.success, .usage, .internalError, .outputClosed], meanings: [.success: "the list printed", .outputClosed: "stdout closed"])

        @OptionGroup(title: "Fetching") var cacheOptions: CacheOptions

        @Option(name: .shortAndLong, help: "text, or the table as json or csv.")
        var format: TableFormat = .text

        func run() async throws {
            try await Terminal.run(WatchListRequest(format: format), cacheOptions.context(offline: true))
        }
    }
}
