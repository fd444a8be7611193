import Foundation

/// One film's standing over the range, joined with its KOBIS movie info.
package struct FilmRanking: Codable, Sendable, Equatable {
    package var rank: Int
    package var movieCode: String
    package var title: String
    package var titleEnglish: String
    /// The current release's open date from the chart, else the movie-info date; nil when unknown.
    package var openDate: Day?
    package var daysOnChart: Int
    package var bestRank: Int
    package var firstChartDate: Day
    package var lastChartDate: Day
    /// Summed over charted days in the range.
    package var audience: Int64
    package var sales: Int64
    /// Percent of the range's charted audience, two decimals.
    package var audienceSharePercent: Double
    /// From the first to the last chart day in the range, off-chart days between included (from
    /// the cumulative figures); the charted sums when ``firstToLastMethod`` says so.
    package var audienceFirstToLast: Int64
    package var salesFirstToLast: Int64
    package var firstToLastMethod: FirstToLastMethod
    /// `audiAcc` and `salesAcc` on the film's last chart day in the range.
    package var audienceCumulative: Int64
    package var salesCumulative: Int64
    /// Audience divided by screen-days over charted days, one decimal; nil without screens.
    package var audiencePerScreen: Double?
    /// False when KOBIS had no movie info for the code: the fields below are then empty.
    package var hasMovieInfo: Bool
    package var nations: [String]
    package var genres: [String]
    package var directors: [String]
    package var distributors: [String]
    /// Its distributors by KOBIS company code (each once, in KOBIS order), for the distributor
    /// league (``MarketStructure``); not in the report's JSON, whose `distributor` names them.
    package var distributorCompanies: [MovieInfo.Company] = []
    package var watchGrade: String?
    package var runtimeMinutes: Int?
    /// How the TMDB lookup went; nil when the film was not looked up.
    package var tmdbMatch: MatchConfidence?
    /// The matched TMDB entry; nil for no confident match.
    package var tmdb: FilmTMDB?
    /// How the TMDB match was made, or why there is none (which query, which dates agreed).
    package var tmdbReason: String? = nil
    /// The film's audience over the same days a week earlier, and the range's against it in percent:
    /// only when the film was charted on every day of both (else nil).
    package var audienceLastWeek: Int64?
    package var audienceChangeLastWeekPercent: Double?
    /// Days (or periods) at #1 within the range.
    package var daysAtNumberOne: Int = 0
    /// Its latest run at #1 that reaches into the range, counted back beyond the range's start.
    package var numberOneStreak: Streak?
    /// Cumulative-admission milestones crossed on dates in the range.
    package var milestones: [Milestone] = []
    /// Its opening day and opening weekend, when the charts at hand hold them.
    package var openingDay: RunFigure?
    package var openingWeekend: RunFigure?
    /// Its best charted day in the range.
    package var bestDay: RunFigure?
    /// Days in release on its last chart day in the range, the open date being day 1.
    package var daysInRelease: Int?
    /// On the user's watchlist; nil (and left out of the JSON) without a watchlist.
    package var watched: Bool?
    /// Its opening weekend as KOBIS's weekend chart gives it (days off the daily chart included),
    /// when the cache holds that chart with the film in it; nil otherwise.
    package var openingWeekendChart: Int64?
    /// ``audienceCumulative`` ÷ ``openingWeekendChart``, two decimals: the run's multiplier so far.
    package var multiplier: Double?

    package enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        case rank
        case movieCode = "movie_cd"
        case title
        case titleEnglish = "title_en"
        case openDate = "open_date"
        case daysOnChart = "days_on_chart"
        case bestRank = "best_rank"
        case firstChartDate = "first_chart_date"
        case lastChartDate = "last_chart_date"
        case audience
        case sales
        case audienceSharePercent = "audience_share_pct"
        case audienceFirstToLast = "audience_first_to_last"
        case salesFirstToLast = "sales_first_to_last"
        case firstToLastMethod = "first_to_last_method"
        case audienceCumulative = "audience_cumulative"
        case salesCumulative = "sales_cumulative"
        case audiencePerScreen = "audience_per_screen"
        case hasMovieInfo = "has_movie_info"
        case nations
        case genres
        case directors
        case distributors = "distributor"
        case watchGrade = "watch_grade"
        case runtimeMinutes = "runtime_min"
        case tmdbMatch = "tmdb_match"
        case tmdb
        case tmdbReason = "tmdb_reason"
        case audienceLastWeek = "audience_last_week"
        case audienceChangeLastWeekPercent = "audience_change_lw_pct"
        case daysAtNumberOne = "days_at_number_one"
        case numberOneStreak = "number_one_streak"
        case milestones
        case openingDay = "opening_day"
        case openingWeekend = "opening_weekend"
        case bestDay = "best_day"
        case daysInRelease = "days_in_release"
        case watched
        case openingWeekendChart = "opening_weekend_chart"
        case multiplier
    }
}

extension FilmRanking {
    /// The weekend chart a film opening on `openDate` has its opening weekend in (that of the open
    /// date's week): what the pipeline reads from the cache for ``noteOpeningWeekend(_:)``.
    package static func openingWeekendPeriod(_ openDate: Day?) -> ChartPeriod? {
        openDate.map { ChartPeriod(.weekend, inWeekOf: $0) }
    }

    /// `self` with its opening weekend from KOBIS's weekend chart of its open date's week
    /// (``openingWeekendPeriod(_:)``, when it is cached) and its multiplier.
    package mutating func noteOpeningWeekend(_ chart: WeeklyChart?) {
        guard let opening = Self.openingWeekend(movieCode, in: chart) else { return }
        openingWeekendChart = opening
        multiplier = Self.multiplier(audienceCumulative, opening)
    }

    /// A film's opening weekend in `chart`, its opening weekend's chart, when it is there.
    package static func openingWeekend(_ code: String, in chart: WeeklyChart?) -> Int64? {
        guard let entry = chart?.entries.first(where: { $0.movieCode == code }), entry.audience > 0 else { return nil }
        return entry.audience
    }

    /// A cumulative ÷ an opening weekend, two decimals.
    static func multiplier(_ cumulative: Int64, _ opening: Int64) -> Double {
        (Double(cumulative) / Double(opening) * 100).rounded() / 100
    }

    /// The multiplier so far of a chart row's film (its cumulative ÷ its opening weekend), when
    /// `chart`, its opening weekend's chart, has it.
    package static func multiplier(of entry: ChartEntry, openingWeekend chart: WeeklyChart?) -> Double? {
        openingWeekend(entry.movieCode, in: chart).map { multiplier(entry.audienceCumulative, $0) }
    }
}

/// How a film's first-to-last figures were counted: from KOBIS's cumulative figures (off-chart days
/// between included), or, when those did not add up, from its charted days only.
package enum FirstToLastMethod: String, Codable, Sendable, Equatable {
    case cumulative
    case chartedSum = "charted_sum"
}

extension FilmRanking {
    /// What each key holds, for the JSON writer (``JSONFieldValue``).
    package func jsonValue(_ field: CodingKeys) -> JSONFieldValue {
        switch field {
        case .rank: .integer(Int64(rank))
        case .movieCode: .string(movieCode)
        case .title: .string(title)
        case .titleEnglish: .string(titleEnglish)
        case .openDate: .maybe(openDate)
        case .daysOnChart: .integer(Int64(daysOnChart))
        case .bestRank: .integer(Int64(bestRank))
        case .firstChartDate: .day(firstChartDate)
        case .lastChartDate: .day(lastChartDate)
        case .audience: .integer(audience)
        case .sales: .integer(sales)
        case .audienceSharePercent: .double(audienceSharePercent)
        case .audienceFirstToLast: .integer(audienceFirstToLast)
        case .salesFirstToLast: .integer(salesFirstToLast)
        case .firstToLastMethod: .string(firstToLastMethod.rawValue)
        case .audienceCumulative: .integer(audienceCumulative)
        case .salesCumulative: .integer(salesCumulative)
        case .audiencePerScreen: .maybe(audiencePerScreen)
        case .hasMovieInfo: .bool(hasMovieInfo)
        case .nations, .genres, .directors, .distributors, .milestones: .nested
        case .watchGrade: watchGrade.map { .string($0) } ?? .absent
        case .runtimeMinutes: .maybe(runtimeMinutes)
        case .tmdbMatch: tmdbMatch.map { .string($0.rawValue) } ?? .absent
        case .tmdb: .maybe(nested: tmdb)
        case .tmdbReason: tmdbReason.map { .string($0) } ?? .absent
        case .audienceLastWeek: .maybe(audienceLastWeek)
        case .audienceChangeLastWeekPercent: .maybe(audienceChangeLastWeekPercent)
        case .daysAtNumberOne: .integer(Int64(daysAtNumberOne))
        case .numberOneStreak: .maybe(nested: numberOneStreak)
        case .openingDay: .maybe(nested: openingDay)
        case .openingWeekend: .maybe(nested: openingWeekend)
        case .bestDay: .maybe(nested: bestDay)
        case .daysInRelease: .maybe(daysInRelease)
        case .watched: .maybe(watched)
        case .openingWeekendChart: .maybe(openingWeekendChart)
        case .multiplier: .maybe(multiplier)
        }
    }
}
