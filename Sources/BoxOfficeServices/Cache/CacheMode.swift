import Foundation

/// How a run uses the cache.
package enum CacheMode: Sendable, Equatable {
    /// Read fresh entries, fetch the rest, store what was fetched.
    case normal
    /// Fetch everything again and store it (`--refresh`).
    case refresh
    /// Serve only from the cache; a miss is an error (`--offline`).
    case offline
}
