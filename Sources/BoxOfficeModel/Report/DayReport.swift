import Foundation

/// One date's chart rows with the figures derived from them.
public struct DayReport: Codable, Sendable, Equatable {
    public var date: Day
    public var audience: Int64
    public var sales: Int64
    public var entries: [DayEntry]
    /// Yesterday's chart (or later): KOBIS may still revise it.
    public var provisional: Bool = false

    enum CodingKeys: String, CodingKey {
        case date
        case audience
        case sales
        case entries
        case provisional
    }
}
