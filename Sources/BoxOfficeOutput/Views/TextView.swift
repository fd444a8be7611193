import BoxOfficeModel
import Foundation

/// The view model of the plain-text report (`--format txt`) for chat and mail: the highlights, and
/// the top 10 with the figures first, in fixed-width ASCII cells, and the title last: mail and
/// chat fonts do not draw a Korean character exactly two Latin cells wide, so nothing that follows
/// a title could stay aligned. Signs a CJK font may draw wide (−, –, ±, …) are written in ASCII
/// (``asciiSigns(_:)``), and a line says what `% LW` is.
package enum TextView {
    /// Columns of each cell, in template order (the title, last, is not padded).
    static let widths = (rank: 3, audience: 10, lw: 8, cumulative: 11)

    /// The width the report's sentences are wrapped to: a mail client's 80 columns, a Korean
    /// character counting two. A list item's next lines hang under its text.
    static let columns = 80

    /// A sentence as the report prints it: its signs in ASCII, wrapped to ``columns``, a list item's
    /// lines after the first indented by the marker's width.
    static func wrapped(_ text: String, marker: String = "") -> String {
        DisplayWidth.wrap(asciiSigns(marker + text), columns: columns, hanging: marker.count)
    }

    /// `text` with the signs a CJK-wide font draws two cells wide written in ASCII.
    package static func asciiSigns(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\u{2212}", "\u{2013}", "\u{2014}": result.append("-")
            case "±": result.append("+/-")
            case "…": result.append("...")
            case "≥": result.append(">=")
            case "≈": result.append("~")
            case "·": result.append("-")
            default: result.append(character)
            }
        }
        return result
    }

    /// The report's first line: what it covers, and a holiday when it is one day's.
    static func title(_ report: BoxOfficeReport, words w: Words) -> String {
        let range = report.range.dateRange
        let single = report.periodKind == nil ? range.dayCount == 1 : report.periods.count == 1
        // The morning message of a holiday says so in its first line.
        let holiday = report.periodKind == nil && single ? report.days.first?.holiday.map { " · " + w.say.holiday($0) } : nil
        return w.say.textTitle(report.periodKind, periods: report.periods.count, single: single, range: range) + (holiday ?? "")
    }

    package static func make(_ report: BoxOfficeReport, words w: Words = .english) -> [String: Any] {
        let range = report.range.dateRange
        let single = report.periodKind == nil ? range.dayCount == 1 : report.periods.count == 1
        let top = min(10, report.films.count)
        let digest = DigestView.sentence(report, words: w)
        return [
            "l": ReportLabels.labels(w.language),
            "title": title(report, words: w),
            "simulated": report.simulated,
            "simulated_note": wrapped(w.note(.simulated)),
            "has_digest": digest != nil,
            "digest": digest.map { wrapped($0) } ?? "",
            "has_revisions": !(report.revisions ?? []).isEmpty,
            "revisions": RevisionView.lines(report, words: w),
            "has_watched": !(report.watched ?? []).isEmpty,
            "watched": WatchedView.rows(report, words: w),
            "has_highlights": !report.highlights.isEmpty,
            "highlights": HighlightView.make(report.highlights, period: report.periodKind, words: w),
            "highlight_lines": HighlightView.briefs(report.highlights, period: report.periodKind, words: w).map { wrapped($0.plain, marker: "- ") },
            "has_records": !(report.records ?? []).isEmpty,
            "record_lines": HighlightView.briefs(report.records ?? [], period: report.periodKind, words: w).map { wrapped($0.plain, marker: "- ") },
            "table_heading": w.say.textTableHeading(
                top: top, single: single, kind: report.periodKind, periods: report.periods.count, range: range, rankedBy: report.rankedBy),
            "has_films": !report.films.isEmpty,
            "header": cells(
                rank: "#", title: w.say.textHeader.title, audience: w.say.textHeader.audience, lw: w.say.textLWHeader,
                cumulative: w.say.textHeader.cumulative),
            "legend": wrapped(w.say.textLegend),
            "films": report.films.prefix(10).map { film in
                cells(
                    rank: String(film.rank), title: (film.watched == true ? "◆ " : "") + PlainText.oneLine(film.title),
                    audience: PeopleFormat.grouped(film.audience),
                    lw: film.audienceChangeLastWeekPercent.map(PeopleFormat.signedPercent) ?? "–",
                    cumulative: PeopleFormat.grouped(film.audienceCumulative))
            },
            "source": w.source(report),
        ]
    }

    static func cells(rank: String, title: String, audience: String, lw: String, cumulative: String) -> [String: String] {
        [
            "rank": DisplayWidth.pad(rank, to: widths.rank, leading: true),
            "title": title,
            "audience": DisplayWidth.pad(audience, to: widths.audience, leading: true),
            "lw": DisplayWidth.pad(lw, to: widths.lw, leading: true),
            "cumulative": DisplayWidth.pad(cumulative, to: widths.cumulative, leading: true),
        ]
    }
}
