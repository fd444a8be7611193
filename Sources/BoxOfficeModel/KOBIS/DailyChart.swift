import Foundation

/// A date's chart: KOBIS publishes the top 10 at most.
public struct DailyChart: Hashable, Sendable, Codable {
    public var date: Day
    public var entries: [ChartEntry]

    public init(date: Day, entries: [ChartEntry]) {
        self.date = date
        self.entries = entries
    }
}
