import ArgumentParser
import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficePipeline
import BoxOfficeServices
import Foundation

struct CalendarCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Releases in Korea (KOBIS, TMDB) and your films' projected dates, as an ICS calendar."
    )

    static let helpDetails = HelpDetails(
        notes: [
            "KOBIS's movie list of each year in the range (about 20 calls a year, cached for a day) and TMDB's upcoming films for Korea; watched films' break-even and next 100만 dates are projections from the cached charts, marked tentative."
        ],
        examples: [
            ("boxoffice calendar", "today and the 89 days after, calendar-….ics"),
            ("boxoffice calendar --sample -f md -o -", "the bundled sample's releases, Markdown"),
            ("boxoffice calendar 2026-12 -f ics,csv", "a month's releases, ICS and CSV"),
        ],
        exitCodes: [.success, .usage, .internalError, .cannotWrite, .tryAgainLater, .malformedResponse, .configuration, .outputClosed],
        meanings: [.success: "the calendar written"])

    @Argument(help: ArgumentHelp("YYYY-MM-DD, YYYY-MM, today or FROM..TO, up to two years ahead (default: the next 90 days)", valueName: "range"))
    var range: String?

    @Flag(help: "The bundled sample: no key, no network.")
    var sample = false

    @Flag(help: "Only the cache: send nothing.")
    var offline = false

    @Option(name: .shortAndLong, help: ArgumentHelp("ics, md, csv, json (default: ics).", valueName: "list"))
    var format: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("Folder, or - for stdout.", valueName: "dir"))
    var output = "Reports"

    @Option(help: ArgumentHelp("Language (default: from LANG).", valueName: "lang"))
    var lang: ReportLanguage?

    @Flag(help: "Skip TMDB: KOBIS's movie list alone.")
    var noTMDB = false

    @OptionGroup(title: "Fetching") var network: NetworkOptions
    @OptionGroup(title: "Fetching") var cacheOptions: CacheOptions

    func formats() throws -> [CalendarView.Format] {
        var formats: [CalendarView.Format] = []
        for part in format.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = CalendarView.Format(rawValue: name) else {
                throw ValidationError(
                    "unknown format '\(part)'; calendar writes \(CalendarView.Format.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats.isEmpty ? [.ics] : formats
    }

    func validate() throws {
        try cacheOptions.validate(offline: offline)
        if output == "-", try formats().count != 1 {
            throw ValidationError("--output - writes one format to standard output; choose it with --format (ics, md, csv, json)")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        try await Terminal.reportingErrors(redacting: Wiring.secrets(in: environment)) {
            let wiring = try Wiring(environment: environment, network: network.settings)
            // The sample's "today" is the morning after its week.
            let today = sample ? SampleData.week.end + 1 : wiring.calendar.today
            let range = try Self.range(self.range, today: today, calendar: wiring.calendar)
            let language = lang ?? ReportLanguage.fromEnvironment(environment)
            let output = Publishing(
                formats: [], templates: try ReportTemplates.load(overrides: nil), csv: CSVDialect(), language: language,
                writer: output == "-" ? ReportWriter.standardOutput : ReportWriter(directory: URL(fileURLWithPath: output, isDirectory: true)))
            let formats = try formats()
            let written: (paths: [URL], notes: [String])
            if sample {
                let tmdb = noTMDB ? nil : SampleData.enrichment().matcher?.client
                let pipeline = CalendarPipeline(
                    client: KOBISClient(transport: SampleData.transport(), key: "sample"), tmdb: tmdb, width: network.jobs, simulated: true)
                written = try await pipeline.write(range, today: today, watchlist: Watchlist(), formats: formats, output: output, stamp: Date())
            } else {
                let watchlist = try WatchlistFile.standard(environment).load()
                written = try await wiring.withCache(cacheOptions.settings, offline: offline, writePolicy: .warn) { cache in
                    let client = try await wiring.kobisClient(
                        network.settings, cacheOptions: cacheOptions.settings, cache: cache, recordEveryCall: false)
                    let settings = TMDBSettings(off: noTMDB, required: false, rate: 20, overrides: nil)
                    let plan =
                        offline
                        ? try wiring.cachedTMDB(settings, cache: cache)
                        : try wiring.enrichment(settings, network: network.settings, cache: cache, upcoming: false)
                    var off: String?
                    if case .disabled(let reason) = plan { off = noTMDB ? "--no-tmdb" : reason }
                    let pipeline = CalendarPipeline(client: client, tmdb: plan.matcher?.client, tmdbOff: off, width: network.jobs, simulated: false)
                    return try await pipeline.write(range, today: today, watchlist: watchlist, formats: formats, output: output, stamp: Date())
                }
            }
            if !cacheOptions.quiet { written.notes.forEach(Terminal.printWarning) }
            for url in written.paths { Terminal.printLine(Terminal.displayPath(url, relativeTo: self.output)) }
        }
    }

    /// The range asked for, from 2003-11-11 to two years ahead; the next 90 days when none is.
    static func range(_ text: String?, today: Day, calendar: SeoulCalendar) throws -> DateRange {
        guard let text else { return DateRange(start: today, end: today + (CalendarPipeline.defaultDays - 1)) }
        var seoul = calendar
        seoul.pinnedToday = today
        return try DateRange.parse(text, calendar: seoul, latest: today + CalendarPipeline.aheadDays)
    }
}
