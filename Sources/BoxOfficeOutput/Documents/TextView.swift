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

    package static func make(_ report: BoxOfficeReport, words w: Words = .english) -> [String: Any] {
        let range = report.range.dateRange
        let single = report.periodKind == nil ? range.dayCount == 1 : report.periods.count == 1
        let over = report.periodKind.map { "the \($0.unitName(plural: !single)) of \(range.displayText)" } ?? range.displayText
        let top = min(10, report.films.count)
        // The morning message of a holiday says so in its first line.
        let digest = DigestView.sentence(report, words: w)
        let holiday = report.periodKind == nil && single ? report.days.first?.holiday.map { " · " + (w.ko ? $0.ko : $0.en) } : nil
        return [
            "l": ReportLabels.labels(w.language),
            "title": (w.ko ? w.reportTitle(report.periodKind, periods: report.periods.count, range: range) : "Korean box office, \(over)")
                + (holiday ?? ""),
            "simulated": report.simulated,
            "simulated_note": w.note(.simulated),
            "has_digest": digest != nil,
            "digest": digest ?? "",
            "has_revisions": !(report.revisions ?? []).isEmpty,
            "revisions": RevisionView.lines(report, words: w),
            "has_watched": !(report.watched ?? []).isEmpty,
            "watched": WatchedView.rows(report, words: w),
            "has_highlights": !report.highlights.isEmpty,
            "highlights": HighlightView.make(report.highlights, period: report.periodKind, words: w),
            "table_heading": w.ko
                ? "\(w.coverage(report.periodKind, periods: report.periods.count, range: range)) 상위 \(top)편, \(w.rankedBy(report.rankedBy)) 순"
                : "Top \(top) \(single ? "on" : "over") \(over), by \(report.rankedBy.rawValue)",
            "has_films": !report.films.isEmpty,
            "header": w.ko
                ? cells(rank: "#", title: "영화", audience: "관객 수", lw: "% LW", cumulative: "누적 관객")
                : cells(rank: "#", title: "Film", audience: "Audience", lw: "% LW", cumulative: "Cumulative"),
            "legend": w.ko
                ? "% LW: 한 주 전 같은 날들 대비 관객 증감 (-: 비교할 수 없음)."
                : "% LW: audience against the same days a week earlier (-: nothing to compare with).",
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
