import ArgumentParser
import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficePipeline
import BoxOfficeServices
import Foundation

struct WatchCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Keep a watchlist of your films: every report opens with them.",
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

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a film (a KOBIS code or a title) to the watchlist, or update its break-even or note.",
            usage: "boxoffice watch add [<options>] <film>")

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
            let environment = ProcessInfo.processInfo.environment
            try await Terminal.reportingErrors(redacting: Wiring.secrets(in: environment)) {
                var wiring = try Wiring(environment: environment, network: network.settings)
                wiring.offersSample = false
                let file = WatchlistFile.standard(environment)
                // A damaged list is said (and set aside) before anything is looked up.
                _ = try file.loadForChange()
                let (code, title) = try await wiring.withCache(cacheOptions.settings, offline: offline, writePolicy: .warn) { cache in
                    let client = try await wiring.kobisClient(
                        network.settings, cacheOptions: cacheOptions.settings, cache: cache, recordEveryCall: false)
                    return try await WatchlistLookup(client: client, offline: offline).film(film)
                }
                let (today, breakEven, note) = (wiring.calendar.today, breakEven, note)
                let known = try await file.update { (list: inout Watchlist) throws(WatchlistError) -> Bool in
                    let known = list.film(code) != nil
                    guard list.add(.init(movieCode: code, title: title, added: today, breakEven: breakEven, note: note)) else { throw .full }
                    return known
                }
                let name = title.isEmpty ? code : "\(title) (\(code))"
                Terminal.printLine(known ? "updated \(name) on the watchlist" : "watching \(name)")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a film from the watchlist, by code or by its title there.")

        @Argument(help: ArgumentHelp("The film's KOBIS code, or its title on the list.", valueName: "film"))
        var film: String

        func run() async throws {
            let environment = ProcessInfo.processInfo.environment
            try await Terminal.reportingErrors(redacting: []) {
                let file = WatchlistFile.standard(environment)
                let text = film.trimmingCharacters(in: .whitespaces)
                let key = FilmPipeline.titleKey(text)
                let watched = try await file.update { (list: inout Watchlist) throws(WatchlistError) -> Watchlist.Film in
                    guard let watched = list.film(text) ?? list.films.first(where: { FilmPipeline.titleKey($0.title) == key }) else {
                        throw .notWatched(text)
                    }
                    list.remove(watched.movieCode)
                    return watched
                }
                Terminal.printLine("no longer watching \(watched.title.isEmpty ? watched.movieCode : "\(watched.title) (\(watched.movieCode))")")
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the watchlist in the order added, with each film's latest rank and cumulative in the cache.",
            usage: "boxoffice watch list [<options>]")

        @OptionGroup(title: "Fetching") var cacheOptions: CacheOptions

        @Option(name: .shortAndLong, help: "text, or the table as json or csv.")
        var format: TableFormat = .text

        func run() async throws {
            let environment = ProcessInfo.processInfo.environment
            let format = format
            try await Terminal.reportingErrors(redacting: Wiring.secrets(in: environment)) {
                let list = try WatchlistFile.standard(environment).load()
                guard !list.films.isEmpty || format != .text else {
                    Terminal.printLine("The watchlist is empty: boxoffice watch add CODE|TITLE adds a film.")
                    return
                }
                let wiring = try Wiring(environment: environment, network: NetworkSettings())
                let latest = try await wiring.withCache(cacheOptions.settings, offline: true, writePolicy: .warn) { cache in
                    WatchlistLookup(
                        client: KOBISClient(transport: ClosureTransport { _ in throw CancellationError() }, key: "", cache: cache), offline: true
                    )
                    .latest(list.codes, yesterday: wiring.calendar.yesterday)
                }
                format.print(
                    ReportTables.table(of: list.films.map { WatchlistRow(film: $0, latest: latest[$0.movieCode]) }),
                    lines: WatchlistText.lines(list, latest: latest))
            }
        }
    }
}
