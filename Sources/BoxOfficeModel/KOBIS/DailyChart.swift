import Foundation

/// A date's chart: KOBIS publishes the top 10 at most.
public struct DailyChart: Hashable, Sendable, Codable {
    public var date: Day
    public var entries: [ChartEntry]
    /// How many rows a day may have: 10 for KOBIS's own chart, 20 or 40 for a merged one.
    public var depth: ChartDepth = .top10
    /// The merged chart's rows are certainly the market's top films down to this rank (see
    /// ``ChartDepth/merge(_:on:)``); every row for an unfiltered top 10.
    public var exactThroughRank: Int

    public init(date: Day, entries: [ChartEntry], depth: ChartDepth = .top10, exactThroughRank: Int? = nil) {
        self.date = date
        self.entries = entries
        self.depth = depth
        self.exactThroughRank = exactThroughRank ?? entries.count
    }
}
