import Foundation

/// What films are ranked by over a range.
package enum RankKey: String, CaseIterable, Sendable, Codable {
    case audience, sales
}
