import BoxOfficeModel
import BoxOfficeServices

extension SampleData {
    /// The range a command works on: the one asked for (`2025-03-05`, `last-7-days` …), parsed
    /// by the calendar rule, or `fallback` when none was; with `--sample`, the bundled week when
    /// none was asked for, and a range outside it refused.
    package static func range(asked text: String?, sample: Bool, fallback: String = "yesterday", calendar: SeoulCalendar) throws -> DateRange {
        if sample, text == nil { return week }
        let range = try DateRange.parse(text ?? fallback, calendar: calendar)
        if sample { try SampleRangeError.check(range) }
        return range
    }

    /// The fetch stage of a `--sample` run: the simulated KOBIS and TMDB, no cache, no ledger, no network.
    package static func fetchStage(width: Int, tmdb: Bool, progress: (@Sendable (FetchStage.Progress) -> Void)? = nil) -> FetchStage {
        FetchStage(
            client: KOBISClient(transport: transport(), key: "sample"), width: width,
            enrichment: tmdb ? enrichment() : .disabled(reason: EnrichmentPlan.noTMDBReason), progress: progress)
    }
}

/// `--sample` with a range outside the simulated week.
package struct SampleRangeError: UserFacingError {
    package let range: DateRange

    /// Refuses a range not inside the bundled sample's week (`report --sample`, `tmdb review --sample`).
    package static func check(_ range: DateRange) throws(SampleRangeError) {
        guard SampleData.week.contains(range.start), SampleData.week.contains(range.end) else { throw SampleRangeError(range: range) }
    }

    package var errorDescription: String? {
        "the bundled sample covers \(SampleData.week.start.iso)..\(SampleData.week.end.iso) only; \(range.displayText) is outside it"
    }
    package var exitStatus: ExitStatus { .usage }
}

/// What `boxoffice report` works on: the range asked for (or yesterday, or the sample's week),
/// snapped to whole completed periods for a weekly, weekend or weekdays report.
package struct ReportScope: Sendable {
    package let range: DateRange
    package let periods: PeriodRange?
    /// Set when the range asked for was snapped to whole periods (never for the sample's own week).
    package var snapNote: ReportNote? { asked == nil ? nil : periods?.snapNote }
    private let asked: DateRange?

    package init(range text: String?, period: PeriodKind?, sample: Bool, calendar: SeoulCalendar) throws {
        let asked = try text.map { try SampleData.range(asked: $0, sample: sample, calendar: calendar) }
        let range = try asked ?? SampleData.range(asked: nil, sample: sample, calendar: calendar)
        // The sample's week is snapped like a range asked for; a live run's default is the latest period.
        let periods = try period.map { try PeriodRange($0, range: asked ?? (sample ? range : nil), today: calendar.today) }
        self.asked = asked
        self.periods = periods
        self.range = periods?.range ?? range
    }
}
