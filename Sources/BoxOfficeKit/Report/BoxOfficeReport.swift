import Foundation

/// What films are ranked by over a range.
public enum RankKey: String, CaseIterable, Sendable, Codable {
    case audience, sales
}

/// The full report over a date range: the model every output format is rendered from.
///
/// Totals cover charted days only: KOBIS publishes each day's top 10, so a film's audience on a
/// day it was outside the top 10 is not counted.
public struct BoxOfficeReport: Codable, Sendable, Equatable {
    public static let schemaVersion = 1
    public static let chartCoverageNote =
        "KOBIS daily charts list the top 10 films of each day, so range totals count charted days only."
    public static let simulatedNote =
        "SIMULATED DATA: these figures come from boxoffice's bundled sample, not from KOBIS."

    public var schemaVersion: Int = BoxOfficeReport.schemaVersion
    /// Where the figures come from, for people: "KOBIS daily box office" or the simulated sample.
    public var source: String
    /// True for the bundled sample: every output says so.
    public var simulated: Bool
    public var range: ReportRange
    public var filters: KOBISFilters
    public var rankedBy: RankKey
    public var notes: [String]
    public var summary: ReportSummary
    public var films: [FilmRanking]
    public var days: [DayReport]
    /// Whether the TMDB fields are complete.
    public var enrichment: EnrichmentStatus
    /// TMDB's films coming soon in Korea, not yet on the chart; nil when not asked for.
    public var upcoming: [UpcomingFilm]?

    public init(source: String, simulated: Bool, range: ReportRange, filters: KOBISFilters, rankedBy: RankKey,
                notes: [String], summary: ReportSummary, films: [FilmRanking], days: [DayReport],
                enrichment: EnrichmentStatus, upcoming: [UpcomingFilm]?) {
        self.source = source
        self.simulated = simulated
        self.range = range
        self.filters = filters
        self.rankedBy = rankedBy
        self.notes = notes
        self.summary = summary
        self.films = films
        self.days = days
        self.enrichment = enrichment
        self.upcoming = upcoming
    }

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case source
        case simulated
        case range
        case filters
        case rankedBy = "ranked_by"
        case notes
        case summary
        case films
        case days
        case enrichment
        case upcoming
    }
}

/// A film's TMDB entry, when one was matched with at least `likely` confidence.
public struct FilmTMDB: Codable, Sendable, Equatable {
    public var id: Int
    public var title: String
    public var originalTitle: String
    /// TMDB's vote average (0–10) and vote count.
    public var rating: Double
    public var votes: Int
    public var posterPath: String?
    public var keywords: [String]

    public init(_ details: TMDBDetails) {
        id = details.movie.id
        title = details.movie.title
        originalTitle = details.movie.originalTitle
        rating = details.movie.voteAverage
        votes = details.movie.voteCount
        posterPath = details.movie.posterPath
        keywords = details.keywords
    }

    public var pageURL: String { TMDBImage.page(id) }

    enum CodingKeys: String, CodingKey {
        case id
        case title
        case originalTitle = "original_title"
        case rating
        case votes
        case posterPath = "poster_path"
        case keywords
    }
}

/// A film TMDB lists as coming to Korean cinemas.
public struct UpcomingFilm: Codable, Sendable, Equatable {
    public var id: Int
    public var title: String
    public var originalTitle: String
    public var releaseDate: Day?
    public var posterPath: String?

    public init(_ movie: TMDBMovie) {
        id = movie.id
        title = movie.title
        originalTitle = movie.originalTitle
        releaseDate = movie.releaseDate
        posterPath = movie.posterPath
    }

    enum CodingKeys: String, CodingKey {
        case id
        case title
        case originalTitle = "original_title"
        case releaseDate = "release_date"
        case posterPath = "poster_path"
    }
}

public struct ReportRange: Codable, Sendable, Equatable {
    public var start: Day
    public var end: Day
    public var days: Int

    public init(_ range: DateRange) {
        start = range.start
        end = range.end
        days = range.dayCount
    }

    public var dateRange: DateRange { DateRange(start: start, end: end) }
}

/// One film's standing over the range, joined with its KOBIS movie info.
public struct FilmRanking: Codable, Sendable, Equatable, ConcurrentlyEncodable {
    public var rank: Int
    public var movieCode: String
    public var title: String
    public var titleEnglish: String
    /// The current release's open date from the chart, else the movie-info date; nil when unknown.
    public var openDate: Day?
    public var daysOnChart: Int
    public var bestRank: Int
    public var firstChartDate: Day
    public var lastChartDate: Day
    /// Summed over charted days in the range.
    public var audience: Int64
    public var sales: Int64
    /// Percent of the range's charted audience, two decimals.
    public var audienceSharePercent: Double
    /// `audiAcc` and `salesAcc` on the film's last chart day in the range.
    public var audienceCumulative: Int64
    public var salesCumulative: Int64
    /// Audience divided by screen-days over charted days, one decimal; nil without screens.
    public var audiencePerScreen: Double?
    /// False when KOBIS had no movie info for the code: the fields below are then empty.
    public var hasMovieInfo: Bool
    public var nations: [String]
    public var genres: [String]
    public var directors: [String]
    public var distributors: [String]
    public var watchGrade: String?
    public var runtimeMinutes: Int?
    /// How the TMDB lookup went; nil when the film was not looked up.
    public var tmdbMatch: MatchConfidence?
    /// The matched TMDB entry; nil for no confident match.
    public var tmdb: FilmTMDB?

    enum CodingKeys: String, CodingKey {
        case rank
        case movieCode = "movie_code"
        case title
        case titleEnglish = "title_english"
        case openDate = "open_date"
        case daysOnChart = "days_on_chart"
        case bestRank = "best_rank"
        case firstChartDate = "first_chart_date"
        case lastChartDate = "last_chart_date"
        case audience
        case sales
        case audienceSharePercent = "audience_share_percent"
        case audienceCumulative = "audience_cumulative"
        case salesCumulative = "sales_cumulative"
        case audiencePerScreen = "audience_per_screen"
        case hasMovieInfo = "has_movie_info"
        case nations
        case genres
        case directors
        case distributors
        case watchGrade = "watch_grade"
        case runtimeMinutes = "runtime_minutes"
        case tmdbMatch = "tmdb_match"
        case tmdb
    }
}

/// One date's chart rows with the figures derived from them.
public struct DayReport: Codable, Sendable, Equatable, ConcurrentlyEncodable {
    public var date: Day
    public var audience: Int64
    public var sales: Int64
    public var entries: [DayEntry]
    /// Yesterday's chart (or later): KOBIS may still revise it.
    public var provisional: Bool = false

    enum CodingKeys: String, CodingKey {
        case date
        case audience
        case sales
        case entries
        case provisional
    }
}

public struct DayEntry: Codable, Sendable, Equatable {
    public var rank: Int
    public var rankChange: Int
    public var isNew: Bool
    public var movieCode: String
    public var title: String
    public var openDate: Day?
    /// Days from the open date to this date: 0 on opening day, negative for paid previews, nil when unknown.
    public var daysSinceOpen: Int?
    public var audience: Int64
    public var audienceChange: Int64
    public var audienceChangePercent: Double
    public var audienceCumulative: Int64
    public var sales: Int64
    public var salesSharePercent: Double
    public var salesChange: Int64
    public var salesCumulative: Int64
    public var screens: Int64
    public var showings: Int64
    /// One decimal; nil without screens.
    public var audiencePerScreen: Double?

    enum CodingKeys: String, CodingKey {
        case rank
        case rankChange = "rank_change"
        case isNew = "is_new"
        case movieCode = "movie_code"
        case title
        case openDate = "open_date"
        case daysSinceOpen = "days_since_open"
        case audience
        case audienceChange = "audience_change"
        case audienceChangePercent = "audience_change_percent"
        case audienceCumulative = "audience_cumulative"
        case sales
        case salesSharePercent = "sales_share_percent"
        case salesChange = "sales_change"
        case salesCumulative = "sales_cumulative"
        case screens
        case showings
        case audiencePerScreen = "audience_per_screen"
    }
}

public struct ReportSummary: Codable, Sendable, Equatable {
    public struct NationShare: Codable, Sendable, Equatable {
        /// Percentages of charted audience, two decimals; `unknown` counts films without movie info.
        public var korean: Double
        public var foreign: Double
        public var unknown: Double
    }

    public struct DistributorTotal: Codable, Sendable, Equatable {
        public var name: String
        public var audience: Int64
        public var sales: Int64
        public var films: Int
        public var audienceSharePercent: Double
    
        enum CodingKeys: String, CodingKey {
            case name
            case audience
            case sales
            case films
            case audienceSharePercent = "audience_share_percent"
        }
    }

    public struct NewEntry: Codable, Sendable, Equatable {
        public var date: Day
        public var movieCode: String
        public var title: String
        public var rank: Int
    
        enum CodingKeys: String, CodingKey {
            case date
            case movieCode = "movie_code"
            case title
            case rank
        }
    }

    public var chartedAudience: Int64
    public var chartedSales: Int64
    public var films: Int
    /// Dates whose chart came back empty (possible with narrow filters).
    public var emptyDays: Int
    public var audienceShareByNation: NationShare
    /// By audience, five at most; a film counts for its first listed distributor.
    public var topDistributors: [DistributorTotal]
    /// Films KOBIS marked `NEW` on some date of the range, in date and rank order.
    public var newEntries: [NewEntry]

    enum CodingKeys: String, CodingKey {
        case chartedAudience = "charted_audience"
        case chartedSales = "charted_sales"
        case films
        case emptyDays = "empty_days"
        case audienceShareByNation = "audience_share_by_nation"
        case topDistributors = "top_distributors"
        case newEntries = "new_entries"
    }
}
