import BoxOfficeModel

/// What `boxoffice report` works on: the range asked for (or yesterday, or the sample's week),
/// snapped to whole completed periods for a weekly, weekend or weekdays report.
package struct ReportScope: Sendable {
    package let range: DateRange
    package let periods: PeriodRange?
    /// Set when the range asked for was snapped to whole periods (never for the sample's own week).
    package var snapNote: ReportNote? { asked == nil ? nil : periods?.snapNote }
    private let asked: DateRange?

    package init(range text: String?, period: PeriodKind?, sample: Bool, calendar: SeoulCalendar) throws {
        let asked = try text.map { try Self.range(asked: $0, sample: sample, calendar: calendar) }
        let range = try asked ?? Self.range(asked: nil, sample: sample, calendar: calendar)
        // The sample's week is snapped like a range asked for; a live run's default is the latest period.
        let periods = try period.map { try PeriodRange($0, range: asked ?? (sample ? range : nil), today: calendar.today) }
        self.asked = asked
        self.periods = periods
        self.range = periods?.range ?? range
    }

    /// The range a command works on: the one asked for (`2025-03-05`, `last-7-days` …), parsed
    /// by the calendar rule, or `fallback` when none was; with `--sample`, the bundled week when
    /// none was asked for, and a range outside it refused.
    package static func range(asked text: String?, sample: Bool, fallback: String = "yesterday", calendar: SeoulCalendar) throws -> DateRange {
        if sample, text == nil { return SampleData.week }
        let range = try DateRange.parse(text ?? fallback, calendar: calendar)
        if sample { try SampleRangeError.check(range) }
        return range
    }
}
