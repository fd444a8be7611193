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
