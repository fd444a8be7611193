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

    @Flag(name: .customLong("no-tmdb"), help: "Skip TMDB enrichment: the TMDB columns stay blank.")
    var noTMDB = false

    @Flag(name: .customLong("require-tmdb"), help: "Fail (78 bad credentials, 75 outage) instead of writing a report with incomplete TMDB data.")
    var requireTMDB = false

    @Option(name: .customLong("tmdb-rate"), help: "TMDB requests per second at most (1…40).")
    var tmdbRate = 20.0

    @Option(name: .customLong("tmdb-overrides"), help: ArgumentHelp("CSV of movie_cd,tmdb_id pinning (or, with 0, forbidding) matches (default: tmdb-overrides.csv in the config folder).", valueName: "file"))
    var tmdbOverrides: String?

    @Flag(help: "Add TMDB's coming-soon list for Korea (automatic when the range ends yesterday).")
    var upcoming = false

    @Flag(name: .customLong("no-bom"), help: "Write CSV files without the UTF-8 byte-order mark Excel needs for Korean.")
    var noBOM = false

    func validate() throws {
        guard (1...32).contains(concurrency) else {
            throw ValidationError("--concurrency must be between 1 and 32, got \(concurrency)")
        }
        guard (1...40).contains(tmdbRate) else {
            throw ValidationError("--tmdb-rate must be between 1 and 40 requests per second, got \(tmdbRate)")
        }
        if noTMDB && requireTMDB {
            throw ValidationError("--no-tmdb and --require-tmdb contradict each other")
        }
        if let area, !KOBISFilters.isValidArea(area) {
            throw ValidationError("--area takes a KOBIS region code made of digits, such as 0105001 (Seoul)")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let key = environment["KOBIS_API_KEY"]
        let tmdbCredentials = TMDBCredentials.fromEnvironment(environment)
        try await Terminal.reportingErrors(redacting: [key, tmdbCredentials?.secret]) {
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
            let (plan, offReason) = try sample
                ? (noTMDB ? nil : SampleData.enrichment(), "--no-tmdb was given")
                : enrichmentPlan(environment, credentials: tmdbCredentials, upcoming: upcoming || range.end == calendar.yesterday)
            let pipeline = ReportPipeline(
                fetch: FetchStage(client: client, width: concurrency, enrichment: plan, enrichmentOffReason: offReason),
                renderer: ReportRenderer(templates: templates, options: .init(csvByteOrderMark: !noBOM)),
                writer: ReportWriter(directory: URL(fileURLWithPath: output, isDirectory: true)),
                simulated: sample
            )
            let result = try await pipeline.run(request, requireEnrichment: requireTMDB)
            if result.enrichment.state != .complete, let reason = result.enrichment.reason {
                Terminal.printWarning(Redactor(secrets: [key, tmdbCredentials?.secret]).redact(
                    result.enrichment.state == .off ? "TMDB enrichment off: \(reason)" : "TMDB enrichment incomplete: \(reason)"))
            }
            for url in result.paths {
                print(Terminal.displayPath(url, relativeTo: output))
            }
        }
    }

    /// The TMDB plan from the environment and options: nil (with the reason) when there is none to make.
    private func enrichmentPlan(_ environment: [String: String], credentials: TMDBCredentials?, upcoming: Bool) throws -> (EnrichmentPlan?, String) {
        if noTMDB { return (nil, "--no-tmdb was given") }
        guard let credentials else {
            if requireTMDB { throw ConfigurationError.missingKey(variable: "TMDB_API_TOKEN (or TMDB_API_KEY)", service: "TMDB") }
            return (nil, "no TMDB credentials (set TMDB_API_TOKEN or TMDB_API_KEY to add posters, ratings and keywords)")
        }
        var baseURL = TMDBClient.defaultBaseURL
        if let text = environment["TMDB_BASE_URL"], !text.isEmpty {
            baseURL = try Self.httpURL(text, variable: "TMDB_BASE_URL")
        }
        let overrides = try TMDBOverrides.load(path: tmdbOverrides, environment: environment)
        let client = TMDBClient(transport: URLSessionTransport(maxConnectionsPerHost: concurrency), credentials: credentials,
                                baseURL: baseURL, requestsPerSecond: tmdbRate)
        return (EnrichmentPlan(matcher: TMDBMatcher(client: client, overrides: overrides), upcoming: upcoming), "")
    }

    /// An http or https URL from an environment variable.
    static func httpURL(_ text: String, variable: String) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            throw ConfigurationError.invalidValue(name: variable, expected: "an http or https URL")
        }
        return url
    }

    private func liveClient(_ environment: [String: String]) throws -> KOBISClient {
        guard let key = environment["KOBIS_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines), !key.isEmpty else {
            throw ConfigurationError.missingKey(variable: "KOBIS_API_KEY", service: "KOBIS")
        }
        var baseURL = KOBISClient.defaultBaseURL
        if let text = environment["KOBIS_BASE_URL"], !text.isEmpty {
            baseURL = try Self.httpURL(text, variable: "KOBIS_BASE_URL")
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
