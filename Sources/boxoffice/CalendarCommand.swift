import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import Foundation

struct CalendarCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Releases and your films' projected dates, as ICS."
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

    func formats() throws -> [CalendarFormat] {
        do {
            return try CalendarFormat.parse(format)
        } catch {
            throw ValidationError(error.errorDescription ?? "unknown format")
        }
    }

    func validate() throws {
        try cacheOptions.validate(offline: offline)
        if output == "-", try formats().count != 1 {
            throw ValidationError("--output - writes one format to standard output; choose it with --format (ics, md, csv, json)")
        }
    }

    func run() async throws {
        let context = cacheOptions.context(sample: sample, offline: offline, network: network)
        let request = CalendarRequest(
            range: range, formats: try formats(), folder: output, language: lang ?? ReportLanguage.fromEnvironment(context.environment),
            noTMDB: noTMDB)
        try await Terminal.run(request, context, listingUnder: output)
    }
}
