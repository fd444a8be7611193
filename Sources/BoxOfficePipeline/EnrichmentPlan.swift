import BoxOfficeModel
import BoxOfficeServices

/// How a run uses TMDB.
package enum EnrichmentPlan: Sendable {
    /// Why TMDB is off when `--no-tmdb` is given.
    package static let noTMDBReason = "--no-tmdb was given"

    /// Match every charted film on TMDB; with `upcoming`, also read TMDB's coming-soon list for Korea.
    case enabled(matcher: TMDBMatcher, upcoming: Bool)
    /// No TMDB this run, and why, for the report ("--no-tmdb was given").
    case disabled(reason: String)

    /// Pages of TMDB's upcoming and now-playing lists to read at most.
    package static let listPageLimit = 3

    /// A run that was not asked to use TMDB at all.
    package static let notRequested = EnrichmentPlan.disabled(reason: EnrichmentStatus.notRequested.reason ?? "")

    /// The matcher, when TMDB is used.
    package var matcher: TMDBMatcher? {
        if case .enabled(let matcher, _) = self { return matcher }
        return nil
    }
}
