import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficeServices

/// How a run uses TMDB.
public struct EnrichmentPlan: Sendable {
    public var matcher: TMDBMatcher
    /// Fetch TMDB's upcoming list for Korea (the "coming soon" section).
    public var upcoming: Bool
    /// Pages of the upcoming list to read at most.
    public static let upcomingPageLimit = 3

    public init(matcher: TMDBMatcher, upcoming: Bool) {
        self.matcher = matcher
        self.upcoming = upcoming
    }
}
