import BoxOfficeModel
import Foundation

/// The "Your films" section's rows, in both languages: where each watched film stands on the
/// report's last day, its cumulative, and its break-even, a projection labelled as one.
package enum WatchedView {
    static func rows(_ report: BoxOfficeReport, words w: Words) -> [[String: Any]] {
        guard let watched = report.watched, let end = report.days.last?.date else { return [] }
        return watched.map { film in
            let standing: String
            if let rank = film.rank {
                standing = w.say.rank(rank)
            } else if let last = film.lastChartDate {
                standing = w.say.offChartSince(last + 1)
            } else {
                standing = w.say.notOnChart
            }
            let asOf = film.lastChartDate.map { $0 == end ? "" : w.say.asOf($0) } ?? ""
            let cumulative = film.audienceCumulative.map { w.grouped($0) + asOf } ?? "–"
            let cumulativeText = film.audienceCumulative.map { w.say.cumulativeTotal(w.grouped($0)) + asOf }
            let row: [String: Any] = [
                "title": film.title.isEmpty ? film.movieCode : film.title,
                "movie_cd": film.movieCode,
                "standing": standing,
                "on_chart": film.rank != nil,
                "audience": film.audience.map(w.grouped) ?? "–",
                "lw": film.audienceChangeLastWeekPercent.map(PeopleFormat.signedPercent) ?? "–",
                "lw_text": w.say.lwText(film.audienceChangeLastWeekPercent.map(PeopleFormat.signedPercent) ?? "–"),
                "cumulative": cumulative,
                "days": film.daysInRelease.map(w.say.dayOfRelease) ?? "–",
                "has_cumulative": film.audienceCumulative != nil,
                "has_days": film.daysInRelease != nil,
                "break_even": film.breakEven.map { breakEven(_: $0, words: w) } ?? "",
                "has_note": film.note != nil,
                "note": film.note ?? "",
            ]
            return row.merging(["text": text(row, cumulative: cumulativeText, words: w)]) { own, _ in own }
        }
    }

    /// The break-even in words: the percentage reached, the crossing, or the projection with its
    /// assumption.
    static func breakEven(_ value: WatchedFilm.BreakEven, words w: Words) -> String {
        let target = w.grouped(value.audience)
        if let day = value.crossed { return w.say.breakEvenCrossed(on: day, target: target) }
        if let day = value.crossedBy { return w.say.breakEvenCrossed(by: day, target: target) }
        let percent = PeopleFormat.percent(value.percent)
        var text = w.say.breakEvenReached(percent, target: target)
        if let projection = value.projection { text += w.say.breakEvenProjection(projection) }
        return text
    }

    /// One line for the text report: the title, then its figures.
    static func text(_ row: [String: Any], cumulative: String?, words w: Words) -> String {
        func s(_ key: String) -> String { row[key] as? String ?? "" }
        var parts = [s("standing")]
        if row["on_chart"] as? Bool == true { parts.append(w.say.watchedAudience(s("audience"), lw: s("lw"))) }
        if let cumulative { parts.append(cumulative) }
        if s("days") != "–" { parts.append(s("days")) }
        if !s("break_even").isEmpty { parts.append(s("break_even")) }
        return PlainText.oneLine(s("title")) + ": " + parts.joined(separator: ", ")
    }
}
