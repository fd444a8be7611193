import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import Foundation

struct RankCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "rank",
        abstract: "Rank a period's films, with its summary (결산)."
    )

    static let helpDetails = HelpDetails(
        notes: [
            "Admissions are summed over the days a film was in the daily top 10; the files say so, and what else to know (coverage before 2011, a period not over yet). The charts come from the cache or KOBIS, one call a day, like report's; a ranking the budget cannot finish exits 75 and the same command resumes it."
        ],
        examples: [
            ("boxoffice rank --sample", "the bundled week's films: no key, no network"),
            ("boxoffice rank 2024", "a year, in every format"),
            ("boxoffice rank 2025-01..2025-06 -f md", "a half year's 결산 in Markdown"),
            ("boxoffice rank --holiday 추석 2024", "추석's days and the weekend they join"),
            ("boxoffice rank --all --offline", "everything the cache holds, sending nothing"),
        ],
        exitCodes: ExitStatus.allCases.filter { $0 != .noSuchFilm },
        meanings: [.success: "the ranking's files written"], formats: (ReportFormat.rankForms, ReportFormat.rankByDefault))

    @Argument(help: ArgumentHelp("A year (2024), years (2020..2024), a month (2024-07) or a range as report takes it.", valueName: "period"))
    var period: String?

    @Flag(help: "Every day whose chart the cache holds.")
    var all = false

    @OptionGroup var holidayOrSeason: NamedPeriodOptions
    var named: NamedPeriod? { holidayOrSeason.named }

    @Flag(help: "The bundled week: no key, no network.")
    var sample = false

    @Option(help: ArgumentHelp("Films the documents list (0: every one); data files hold all", valueName: "n"))
    var top = 50

    @Flag(help: "Only the cache: send nothing.")
    var offline = false

    @Flag(name: .customLong("no-look-back"), help: "Fetch nothing outside the period (no comparison with a year earlier).")
    var noLookBack = false

    @Flag(help: "Each region's admissions too: 17 weekly charts a week.")
    var regions = false

    @OptionGroup(title: "Output") var out: OutputOptions
    @OptionGroup(title: "Fetching") var network: NetworkOptions
    @OptionGroup(title: "Fetching") var cacheOptions: CacheOptions

    func validate() throws {
        try cacheOptions.validate(offline: offline)
        try out.validate(all: ReportFormat.rankForms)
        if top < 0 { throw ValidationError("--top takes 0 (every film) or more") }
        if named != nil, period != nil || all || sample { throw ValidationError("give a period, --holiday or --season, one of them") }
        switch (period, all, sample) {
        case (nil, false, false) where named == nil:
            throw ValidationError("name a period (2024, 2024-07, 2020..2024), --holiday 추석 2024 or --season summer 2024, or give --all or --sample")
        case (.some, true, _): throw ValidationError("give a period or --all, not both")
        case (_, true, true): throw ValidationError("--all ranks the cache; --sample has none")
        default: break
        }
    }

    func run() async throws {
        var request = RankRequest(
            period: period, all: all, named: named, top: top, lookBack: !noLookBack,
            output: try out.settings(all: ReportFormat.rankForms, byDefault: ReportFormat.rankByDefault))
        request.regions = regions
        try await Terminal.run(
            request, cacheOptions.context(sample: sample, offline: offline, network: network, progress: "rank"),
            listingUnder: out.output)
    }
}
