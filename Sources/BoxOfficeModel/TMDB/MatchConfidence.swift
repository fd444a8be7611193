import Foundation

/// How sure a KOBIS-to-TMDB match is.
package enum MatchConfidence: String, Sendable, Codable, Comparable {
    /// Same title, same year, consistent original language (or pinned by the user, or confirmed by a
    /// Korean theatrical release near the KOBIS open date).
    case exact
    /// Same title, a year off or no year to compare, or a language that does not fit.
    case likely
    /// Nothing good enough: the film stays unmatched rather than guessed.
    case none

    private var order: Int { self == .exact ? 2 : self == .likely ? 1 : 0 }
    package static func < (lhs: MatchConfidence, rhs: MatchConfidence) -> Bool { lhs.order < rhs.order }
}
