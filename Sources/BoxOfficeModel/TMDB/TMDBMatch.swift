import Foundation

/// The result of matching one film.
public struct TMDBMatch: Sendable, Equatable {
    public var confidence: MatchConfidence
    public var details: TMDBDetails?
    /// Why there is no match, or how it was made: for notes and tests.
    public var how: String

    public init(confidence: MatchConfidence, details: TMDBDetails?, how: String) {
        self.confidence = confidence
        self.details = details
        self.how = how
    }
}
