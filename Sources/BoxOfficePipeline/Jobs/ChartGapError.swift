import BoxOfficeModel
import BoxOfficeServices

/// A chart KOBIS answered with a malformed body, in a run that did not allow gaps: the run stops
/// (76), naming the date, the row and the field, and says how to report the rest of the range.
package struct ChartGapError: UserFacingError {
    package let underlying: KOBISError

    package var errorDescription: String? {
        (underlying.errorDescription ?? "KOBIS sent a malformed response")
            + "; to leave that chart out as a gap and go on with the rest of the range, run again with --allow-gaps"
    }

    package var exitStatus: ExitStatus { underlying.exitStatus }
}

extension FetchStage.Output {
    /// The note naming the charts left out as gaps and why (the first five reasons), or nil.
    package var gapReportNote: ReportNote? {
        guard !gaps.isEmpty else { return nil }
        let listed = gaps.prefix(5).map { gap -> String in
            if case let .malformed(_, reason) = gap.reason { return "\(gap.subject.text) (\(PlainText.oneLine(reason)))" }
            return gap.subject.text
        }
        return .gaps(count: gaps.count, listed: listed)
    }

    /// The gap note as one line for standard error, or nil.
    package var gapNote: String? { gapReportNote?.english }
}
