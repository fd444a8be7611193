import Foundation

/// What `boxoffice rank` asks for: a year, a run of years, a month, any range, or every day the
/// cache holds.
package enum RankSpan: Sendable, Equatable {
    case year(Int)
    case years(Int, Int)
    case month(year: Int, month: Int)
    case range(DateRange)
    /// A holiday or a season (`--holiday 추석 2024`, `--season summer 2024`).
    case named(NamedPeriod)
    case all

    /// `2024`, `2020..2024`, `2024-07`, or anything `report` takes as a range (`2024-01..2024-06`,
    /// `2024-03-01..2024-03-31`); nil for none of these (the range parser's error says why).
    package static func parse(_ text: String) -> RankSpan? {
        let input = text.trimmingCharacters(in: .whitespaces)
        func year(_ part: Substring) -> Int? { part.count == 4 && part.allSatisfy(\.isASCIIDigitCharacter) ? Int(part) : nil }
        if let single = year(input[...]) { return .year(single) }
        let sides = input.components(separatedBy: "..")
        if sides.count == 2, let from = year(sides[0][...]), let to = year(sides[1][...]) { return .years(from, to) }
        let parts = input.split(separator: "-")
        if parts.count == 2, let y = year(parts[0]), parts[1].count == 2, let m = Int(parts[1]), (1...12).contains(m) {
            return .month(year: y, month: m)
        }
        return nil
    }

    /// The days asked for before the calendar rule clips them (a year's first and last day).
    package var asked: (start: Day, end: Day)? {
        switch self {
        case .year(let y): (Day(year: y, month: 1, day: 1)!, Day(year: y, month: 12, day: 31)!)
        case .years(let from, let to): (Day(year: from, month: 1, day: 1)!, Day(year: to, month: 12, day: 31)!)
        case .month(let y, let m): (Day(year: y, month: m, day: 1)!.monthStart, Day(year: y, month: m, day: 1)!.monthEnd)
        case .range(let range): (range.start, range.end)
        case .named(let named): named.range.map { ($0.start, $0.end) }
        case .all: nil
        }
    }

    /// The span from the command line: a year, years or a month as ``parse(_:)`` reads them, else
    /// a range as `report` reads it (the calendar rule applied).
    package static func parse(_ text: String, calendar: SeoulCalendar) throws(DateRangeError) -> RankSpan {
        if let span = parse(text) { return span }
        let years = text.trimmingCharacters(in: .whitespaces).components(separatedBy: "..")
        if years.count == 2, years.allSatisfy({ $0.count == 4 && $0.allSatisfy(\.isASCIIDigitCharacter) }) { throw .reversed(text) }
        return .range(try DateRange.parse(text, calendar: calendar))
    }

    /// The days to rank: what the span asks for within the calendar rule (from 2003-11-11 to
    /// yesterday in Seoul), and the last day it asked for when that is not over yet. `cached` is
    /// the span of the daily charts the cache holds, which `all` ranks.
    package func days(calendar: SeoulCalendar, cached: DateRange?, input: String) throws(RankSpanError) -> (range: DateRange, askedEnd: Day?) {
        let latest = calendar.yesterday
        if case .named(let named) = self, named.range == nil { throw .notInHolidayTable(named) }
        guard let (start, end) = asked ?? cached.map({ ($0.start, $0.end) }) else { throw .nothingCached }
        guard start <= end else { throw .range(.reversed(input)) }
        guard end >= DateRange.earliest, start <= latest else {
            throw .range(.outOfBounds(input: input, day: nil, earliest: DateRange.earliest, latest: latest))
        }
        let range = DateRange(start: Swift.max(start, DateRange.earliest), end: Swift.min(end, latest))
        return (range, end > latest ? end : nil)
    }

    /// The span as a name: `2024`, `2020-2024`, `2024-07`, or the range's two ends; `all` for the cache's.
    package var name: String {
        switch self {
        case .year(let y): String(y)
        case .years(let from, let to): "\(from)-\(to)"
        case .month(let y, let m): String(format: "%04d-%02d", y, m)
        case .range(let range): range.start == range.end ? range.start.iso : "\(range.start.iso)_\(range.end.iso)"
        case .named(let named): named.name
        case .all: "all"
        }
    }
}

/// Why a span cannot be ranked.
package enum RankSpanError: Error, Equatable, Sendable, LocalizedError {
    case range(DateRangeError)
    /// `--all` with no daily chart in the cache.
    case nothingCached
    /// A holiday the bundled table does not have that year.
    case notInHolidayTable(NamedPeriod)

    package var errorDescription: String? {
        switch self {
        case .range(let error): error.errorDescription
        case .nothingCached:
            "the cache holds no daily chart to rank: fetch a range first (boxoffice fetch 2024), or name a period (boxoffice rank 2024)"
        case .notInHolidayTable(let named): NamedPeriodError.notInHolidayTable(named).errorDescription
        }
    }
}

/// A period's films ranked by their admissions over it, with the period's totals (the 결산 summary),
/// its records, and the caveats each carries: the model of `boxoffice rank`.
///
/// Built from a daily report over the period, so every figure is the report's: admissions summed
/// over the days a film was in the chart, totals over charted films, the market an estimate.
package struct PeriodRanking: Encodable, Sendable, Equatable {
    /// Every command's JSON has one version (``BoxOfficeReport/schemaVersion``); `rank`'s was 1
    /// before they were made one, with the same keys.
    package static let schemaVersion = BoxOfficeReport.schemaVersion

    /// One film's line.
    package struct Entry: Codable, Sendable, Equatable {
        package var rank: Int
        package var movieCode: String
        package var title: String
        package var titleEnglish: String
        package var openDate: Day?
        package var daysOnChart: Int
        package var bestRank: Int
        /// The first listed distributor; nil without KOBIS movie info.
        package var distributor: String?
        package var nations: [String]
        /// Summed over its charted days in the period.
        package var audience: Int64
        package var sales: Int64
        package var audienceSharePercent: Double
        /// KOBIS's cumulative on its last charted day in the period: its run so far, days before
        /// the period included.
        package var audienceCumulative: Int64
        package var salesCumulative: Int64
        package var lastChartDate: Day
        /// Charted on the last day the period's charts reach: its figures are "to date".
        package var toDate: Bool
        /// Its opening weekend from KOBIS's weekend chart, and its multiplier (``FilmRanking``).
        package var openingWeekendChart: Int64?
        package var multiplier: Double?

        enum CodingKeys: String, CodingKey {
            case rank
            case movieCode = "movie_cd"
            case title
            case titleEnglish = "title_en"
            case openDate = "open_date"
            case daysOnChart = "days_on_chart"
            case bestRank = "best_rank"
            case distributor
            case nations
            case audience
            case sales
            case audienceSharePercent = "audience_share_pct"
            case audienceCumulative = "audience_cumulative"
            case salesCumulative = "sales_cumulative"
            case lastChartDate = "last_chart_date"
            case toDate = "to_date"
            case openingWeekendChart = "opening_weekend_chart"
            case multiplier
        }
    }

    /// A record of the period: the best figure of its kind among the period's films.
    package struct Record: Codable, Sendable, Equatable {
        package enum Kind: String, Codable, Sendable, CaseIterable {
            case openingDay = "opening_day"
            case openingWeekend = "opening_weekend"
            case longestRunAtOne = "longest_run_at_one"
            case fastestToMilestone = "fastest_to_milestone"
        }

        package var kind: Kind
        package var movieCode: String
        package var title: String
        /// Admissions for an opening, days for a run at #1, the threshold for a milestone.
        package var value: Int64
        /// The days of release a milestone took (the open date being day 1).
        package var days: Int?
        package var start: Day
        package var end: Day
        /// A run at #1 that began before the period's charts (or ran past a chart that was not had).
        package var atLeast: Bool = false

        enum CodingKeys: String, CodingKey {
            case kind
            case movieCode = "movie_cd"
            case title
            case value
            case days
            case start
            case end
            case atLeast = "at_least"
        }
    }

    /// What every reader of the ranking should know about its figures.
    package enum Caveat: String, Codable, Sendable, CaseIterable {
        /// KOBIS's network covered only part of Korea's screens before 2011.
        case partialCoverageBefore2011 = "partial_coverage_before_2011"
        /// Admissions are summed over the days a film was in the daily top 10.
        case chartedDaysOnly = "charted_days_only"
        /// The period reaches past the last published day: running films are counted to date.
        case toDate = "to_date"
        /// Records are the best among these charts, not of all time.
        case recordsWithinSpan = "records_within_span"
        /// A co-distributed film counts in full for each of its distributors: their shares add up
        /// to more than 100 %.
        case coDistributedCountsForEach = "co_distributed_counts_for_each"
        /// A film counts for its first listed nation and genre, and for its latest watch grade.
        case firstListedNationGenre = "first_listed_nation_genre"
        /// The market's admissions are an estimate: KOBIS's sales estimate over the charted films'
        /// average ticket price.
        case marketAudienceEstimated = "market_audience_estimated"
        /// The top films' share of showings is of the charted films' showings only: an upper bound.
        case showingsUpperBound = "showings_upper_bound"
        /// A weekend's total is its KOBIS weekend chart's top 10; only whole weekends are listed.
        case weekendChartTop10 = "weekend_chart_top10"
    }

    package var schemaVersion = PeriodRanking.schemaVersion
    package var source: String
    package var simulated: Bool
    /// `2024`, `2024-07`, `2020-2024`, a range's ends, or `all`.
    package var span: String
    package var start: Day
    package var end: Day
    /// The days the period asked for that are not over yet (a year still running): nil when whole.
    package var askedEnd: Day?
    package var days: Int
    package var chartedAudience: Int64
    package var chartedSales: Int64
    package var estimatedMarketSales: Int64?
    package var estimatedMarketDays: Int
    package var audienceShareByNation: ReportSummary.NationShare
    /// The distributor league by company code, with the nations, grades, genres and months.
    package var market: MarketStructure
    package var lastYear: YearEarlier?
    /// Every film of the period, ranked: the machine files (CSV, JSON, xlsx, SQLite, the data
    /// package) hold them all, so a league can be summed again from them.
    package var films: [Entry]
    /// How many of them the documents (Markdown, HTML, text) list: `--top`.
    package var listed: Int
    /// Films the documents leave out (`--top`); the machine files hold them.
    package var filmsNotListed: Int { films.count - listed }
    package var records: [Record]
    /// Its whole weekends from KOBIS's weekend charts (``WeekendTable``); nil for a period with
    /// none, or longer than ``WeekendTable/longestSpan`` days.
    package var weekends: [WeekendTable.Weekend]?
    /// The same dates in every year the cache holds (``SameSpan``); nil for a period longer than a
    /// year, or with no other year's dates cached.
    package var sameSpan: SameSpan?
    /// KOFIC's remaining tables (issue 63), for a period of a year or less: the films released in it
    /// (``Releases``), its diversity films (``DiversityFilms``), and with `--regions` each region's
    /// admissions (``RegionTotals``); nil when not had.
    package var releases: Releases?
    package var diversity: DiversityFilms?
    package var regions: RegionTotals?
    package var caveats: [Caveat]
    package var notes: [ReportNote]

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case source
        case simulated
        case span
        case start
        case end
        case askedEnd = "asked_end"
        case days
        case chartedAudience = "charted_audience"
        case chartedSales = "charted_sales"
        case estimatedMarketSales = "estimated_market_sales"
        case estimatedMarketDays = "estimated_market_days"
        case audienceShareByNation = "audience_share_by_nation"
        case market
        case lastYear = "last_year"
        case films
        case listed = "listed_in_documents"
        case records
        case weekends
        case sameSpan = "same_span"
        case releases
        case diversity = "diversity_films"
        case regions
        case caveats
        case notes
    }

    /// The first day KOBIS's network covered (nearly) every screen in Korea.
    package static let fullCoverageFrom = Day(year: 2011, month: 1, day: 1)!

    /// The ranking of a daily report's films, `top` of them listed in the documents; `askedEnd` is the last day the
    /// span asked for when the calendar rule cut it short.
    package init(_ report: BoxOfficeReport, span: String, top: Int, askedEnd: Day? = nil) {
        source = report.source
        simulated = report.simulated
        self.span = span
        start = report.range.start
        end = report.range.end
        self.askedEnd = askedEnd
        days = report.days.count
        chartedAudience = report.summary.chartedAudience
        chartedSales = report.summary.chartedSales
        estimatedMarketSales = report.summary.estimatedMarketSales
        estimatedMarketDays = report.summary.estimatedMarketDays
        audienceShareByNation = report.summary.audienceShareByNation
        market = MarketStructure(report)
        lastYear = report.summary.lastYear
        // The caveats say these two, for a ranking and its records.
        notes = report.notes.filter { $0 != .chartCoverage && $0 != .earlyCoverage }
        let lastCharted = report.days.last(where: { !$0.entries.isEmpty })?.date
        let ranked = report.films.sorted { $0.rank < $1.rank }
        films = ranked.enumerated().map { index, film in
            Entry(
                rank: index + 1, movieCode: film.movieCode, title: film.title, titleEnglish: film.titleEnglish, openDate: film.openDate,
                daysOnChart: film.daysOnChart, bestRank: film.bestRank, distributor: film.distributors.first, nations: film.nations,
                audience: film.audience, sales: film.sales, audienceSharePercent: film.audienceSharePercent,
                audienceCumulative: film.audienceCumulative, salesCumulative: film.salesCumulative, lastChartDate: film.lastChartDate,
                toDate: askedEnd != nil && film.lastChartDate == lastCharted, openingWeekendChart: film.openingWeekendChart,
                multiplier: film.multiplier)
        }
        listed = min(max(0, top), ranked.count)
        records = Self.records(of: report.films, in: report.range.start...report.range.end)
        weekends = report.weekends.flatMap { $0.weekends.isEmpty ? nil : $0.weekends }
        var caveats: [Caveat] = [.chartedDaysOnly, .coDistributedCountsForEach, .firstListedNationGenre]
        if market.estimatedMarketAudience != nil { caveats.append(.marketAudienceEstimated) }
        if market.concentration != nil { caveats.append(.showingsUpperBound) }
        if report.range.start < Self.fullCoverageFrom { caveats.insert(.partialCoverageBefore2011, at: 0) }
        if askedEnd != nil { caveats.append(.toDate) }
        if !records.isEmpty { caveats.append(.recordsWithinSpan) }
        if weekends != nil { caveats.append(.weekendChartTop10) }
        self.caveats = caveats
    }

    /// The period's records: its best opening day and weekend, its longest run at #1, and the
    /// fewest days of release to each milestone any film crossed in it. Ties go to the earlier date.
    /// An opening counts in the period it began in.
    static func records(of films: [FilmRanking], in days: ClosedRange<Day>) -> [Record] {
        func best(_ kind: Record.Kind, _ figure: (FilmRanking) -> RunFigure?) -> Record? {
            films.compactMap { film in figure(film).flatMap { days.contains($0.start) ? (film, $0) : nil } }
                .min { ($1.1.audience, $0.1.start) < ($0.1.audience, $1.1.start) }
                .map { film, figure in
                    Record(kind: kind, movieCode: film.movieCode, title: film.title, value: figure.audience, start: figure.start, end: figure.end)
                }
        }
        var records = [best(.openingDay, \.openingDay), best(.openingWeekend, \.openingWeekend)].compactMap { $0 }
        let streaks = films.compactMap { film in film.numberOneStreak.map { (film, $0) } }
        if let (film, streak) = streaks.min(by: { ($1.1.length, $0.1.start) < ($0.1.length, $1.1.start) }) {
            records.append(
                Record(
                    kind: .longestRunAtOne, movieCode: film.movieCode, title: film.title, value: Int64(streak.length), start: streak.start,
                    end: streak.end, atLeast: streak.atLeast))
        }
        var fastest: [Int64: (FilmRanking, Milestone, Int)] = [:]
        for film in films {
            for milestone in film.milestones {
                guard let days = milestone.dayOfRelease, days >= 1 else { continue }
                if let known = fastest[milestone.threshold], (known.2, known.1.date) <= (days, milestone.date) { continue }
                fastest[milestone.threshold] = (film, milestone, days)
            }
        }
        for threshold in fastest.keys.sorted() {
            let (film, milestone, days) = fastest[threshold]!
            records.append(
                Record(
                    kind: .fastestToMilestone, movieCode: film.movieCode, title: film.title, value: threshold, days: days,
                    start: film.openDate ?? milestone.date, end: milestone.date))
        }
        return records
    }
}
