/// Whether the TMDB columns and sections are complete, for the report and for stderr.
package struct EnrichmentStatus: Codable, Sendable, Equatable {
    package enum State: String, Codable, Sendable {
        /// Every film was looked up.
        case complete
        /// TMDB failed during the run: what was found is kept.
        case incomplete
        /// No TMDB this run (no credentials, or `--no-tmdb`).
        case off
    }

    package var state: State
    /// Why it is incomplete or off; nil when complete.
    package var reason: String?

    package init(state: State, reason: String? = nil) {
        self.state = state
        self.reason = reason
    }

    package static let complete = EnrichmentStatus(state: .complete)
    /// The status of a run that was not asked to use TMDB at all.
    package static let notRequested = EnrichmentStatus(state: .off, reason: "TMDB enrichment was not requested")
}
