import Foundation

public struct ReportRange: Codable, Sendable, Equatable {
    public var start: Day
    public var end: Day
    public var days: Int

    public init(_ range: DateRange) {
        start = range.start
        end = range.end
        days = range.dayCount
    }

    public var dateRange: DateRange { DateRange(start: start, end: end) }
}
