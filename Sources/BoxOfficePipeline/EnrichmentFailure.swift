import BoxOfficeServices

/// The first TMDB failure of a run. A rejected key or an outage stops TMDB for the rest of the run
/// (no further request is sent); a bad answer about one film only costs that film its match.
actor EnrichmentFailure {
    private(set) var error: TMDBError?
    private(set) var stopped = false

    func record(_ error: TMDBError) {
        if self.error == nil { self.error = error }
        if error.stopsTMDB { stopped = true }
    }
}
