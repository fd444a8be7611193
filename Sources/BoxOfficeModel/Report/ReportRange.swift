import Foundation

package struct ReportRange: Codable, Sendable, Equatable {
    package var start: Day
    package var end: Day
    package var days: Int

    package init(_ range: DateRange) {
        start = range.start
        end = range.end
        days = range.dayCount
    }

    package var dateRange: DateRange { DateRange(start: start, end: end) }
}
