import ArgumentParser
import BoxOfficeKit
import Foundation

extension RankKey: ExpressibleByArgument {}
extension KOBISFilters.Nation: ExpressibleByArgument {}
extension KOBISFilters.FilmKind: ExpressibleByArgument {}

struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Fetch a date range from KOBIS, rank its films and write the reports.",
        discussion: """
            RANGE is one of: \(DateRange.acceptedForms). \
            Dates run from \(DateRange.earliest.iso) to yesterday in Seoul. \
            stdout lists the files written, nothing else; errors go to stderr as one line.

            \(HelpText.environment)

            \(ExitStatus.helpTable)
            """
    )

    @Argument(help: ArgumentHelp("The dates to report on (default: yesterday in Seoul).", valueName: "range"))
    var range: String?

    @Flag(help: "Use the bundled simulated week instead of KOBIS: no key, no network.")
    var sample = false

    @Option(help: ArgumentHelp("Comma-separated formats to write: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ",")).",
                               valueName: "list"))
    var format = ReportFormat.allCases.map(\.rawValue).joined(separator: ",")

    @Option(name: .long, help: ArgumentHelp("Folder for the reports.", valueName: "dir"))
    var output = "Reports"

    @Option(help: "Requests in flight at most (1…32).")
    var concurrency = 8

    @Option(name: .customLong("rank-by"), help: "Rank films by audience or by sales.")
    var rankBy: RankKey = .audience

    @Option(help: "Only Korean or only foreign films (KOBIS repNationCd).")
    var nation: KOBISFilters.Nation?

    @Option(help: "Only diversity or only commercial films (KOBIS multiMovieYn).")
    var films: KOBISFilters.FilmKind?

    @Option(help: ArgumentHelp("Only one region, by KOBIS wideAreaCd code (e.g. 0105001 for Seoul).", valueName: "code"))
    var area: String?

    @Option(help: ArgumentHelp("Folder of templates replacing the bundled ones of the same name (see 'boxoffice templates').",
                               valueName: "dir"))
    var templates: String?

    @Flag(name: .customLong("no-bom"), help: "Write CSV files without the UTF-8 byte-order mark Excel needs for Korean.")
    var noBOM = false

    func validate() throws {
        guard (1...32).contains(concurrency) else {
            throw ValidationError("--concurrency must be between 1 and 32, got \(concurrency)")
        }
        if let area, !KOBISFilters.isValidArea(area) {
            throw ValidationError("--area takes a KOBIS region code made of digits, such as 0105001 (Seoul)")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let key = environment["KOBIS_API_KEY"]
        try await Terminal.reportingErrors(redacting: [key]) {
            let calendar = try SeoulCalendar.fromEnvironment(environment)
            let range = try sample && self.range == nil
                ? DateRange.parse(SampleData.week.start.iso + ".." + SampleData.week.end.iso, calendar: calendar)
                : DateRange.parse(self.range ?? "yesterday", calendar: calendar)
            if sample, !(SampleData.week.contains(range.start) && SampleData.week.contains(range.end)) {
                throw SampleRangeError(range: range)
            }
            let request = ReportPipeline.Request(
                range: range,
                filters: KOBISFilters(nation: nation, films: films, area: area),
                rankBy: rankBy,
                formats: try ReportFormat.parseList(format)
            )
            let templates = try ReportTemplates.load(overrides: self.templates.map { URL(fileURLWithPath: $0, isDirectory: true) })
            let client = try sample ? KOBISClient(transport: SampleData.transport(), key: "sample") : liveClient(environment)
            let pipeline = ReportPipeline(
                fetch: FetchStage(client: client, width: concurrency),
                renderer: ReportRenderer(templates: templates, options: .init(csvByteOrderMark: !noBOM)),
                writer: ReportWriter(directory: URL(fileURLWithPath: output, isDirectory: true)),
                simulated: sample
            )
            for url in try await pipeline.run(request) {
                print(Terminal.displayPath(url, relativeTo: output))
            }
        }
    }

    private func liveClient(_ environment: [String: String]) throws -> KOBISClient {
        guard let key = environment["KOBIS_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty else {
            throw ConfigurationError.missingKey(variable: "KOBIS_API_KEY", service: "KOBIS")
        }
        var baseURL = KOBISClient.defaultBaseURL
        if let text = environment["KOBIS_BASE_URL"], !text.isEmpty {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                throw ConfigurationError.invalidValue(name: "KOBIS_BASE_URL", expected: "an http or https URL")
            }
            baseURL = url
        }
        let transport = URLSessionTransport(maxConnectionsPerHost: concurrency)
        return KOBISClient(transport: transport, key: key, baseURL: baseURL)
    }
}

/// `--sample` with a range outside the simulated week.
struct SampleRangeError: UserFacingError {
    let range: DateRange
    var errorDescription: String? {
        "the bundled sample covers \(SampleData.week.start.iso)..\(SampleData.week.end.iso) only; \(range.displayText) is outside it"
    }
    var exitStatus: ExitStatus { .usage }
}
