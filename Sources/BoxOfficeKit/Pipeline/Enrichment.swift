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

/// Whether the TMDB columns and sections are complete, for the report and for stderr.
public struct EnrichmentStatus: Codable, Sendable, Equatable {
    public enum State: String, Codable, Sendable {
        /// Every film was looked up.
        case complete
        /// TMDB failed during the run: what was found is kept.
        case incomplete
        /// No TMDB this run (no credentials, or `--no-tmdb`).
        case off
    }

    public var state: State
    /// Why it is incomplete or off; nil when complete.
    public var reason: String?

    public init(state: State, reason: String? = nil) {
        self.state = state
        self.reason = reason
    }

    public static let complete = EnrichmentStatus(state: .complete)
    /// The status of a run that was not asked to use TMDB at all.
    public static let notRequested = EnrichmentStatus(state: .off, reason: "TMDB enrichment was not requested")
}

/// The first TMDB failure of a run. A rejected key or an outage stops TMDB for the rest of the run
/// (no further request is sent); a bad answer about one film only costs that film its match.
actor EnrichmentFailure {
    private(set) var error: TMDBError?
    private(set) var stopped = false

    func record(_ error: TMDBError) {
        if self.error == nil { self.error = error }
        switch error {
        case .unauthorized, .unavailable: stopped = true
        case .notFound, .rejected, .malformed, .notCached: break
        }
    }
}
