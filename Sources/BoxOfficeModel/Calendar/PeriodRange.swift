import Foundation

/// Turns a range into whole completed periods: a range that does not cover whole periods is
/// snapped to the periods it overlaps, with a note; one that overlaps none is refused.
package struct PeriodRange: Sendable {
    package let periods: [ChartPeriod]
    /// Set when the periods do not cover exactly the range asked for.
    package let snapNote: ReportNote?

    package var range: DateRange { DateRange(start: periods.first!.start, end: periods.last!.end) }

    package init(_ kind: PeriodKind, range: DateRange?, today: Day) throws {
        guard let range else {
            periods = [ChartPeriod.lastCompleted(kind, today: today)]
            snapNote = nil
            return
        }
        let (periods, snapped) = ChartPeriod.covering(range, kind, today: today)
        guard let first = periods.first, let last = periods.last else {
            let latest = ChartPeriod.lastCompleted(kind, today: today)
            throw PeriodRangeError(
                message:
                    "no completed \(kind.unitName(plural: false)) lies within \(range.displayText); the latest is \(latest.start.iso)..\(latest.end.iso)"
            )
        }
        self.periods = periods
        snapNote =
            snapped
            ? .snapped(asked: range, kind: kind, periods: periods.count, covered: DateRange(start: first.start, end: last.end))
            : nil
    }
}

/// A range with no completed period in it.
package struct PeriodRangeError: UserFacingError {
    package let message: String
    package var errorDescription: String? { message }
    package var exitStatus: ExitStatus { .usage }
}
