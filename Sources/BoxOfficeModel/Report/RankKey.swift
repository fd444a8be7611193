import Foundation

/// What films are ranked by over a range.
public enum RankKey: String, CaseIterable, Sendable, Codable {
    case audience, sales
}
