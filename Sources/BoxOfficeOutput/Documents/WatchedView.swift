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
                standing = w.ko ? "\(rank)위" : "#\(rank)"
            } else if let last = film.lastChartDate {
                standing = w.ko ? "\(w.date(last + 1))부터 순위 밖" : "off the chart since \((last + 1).iso)"
            } else {
                standing = w.ko ? "순위 밖" : "not on the chart"
            }
            let asOf =
                film.lastChartDate == end || film.lastChartDate == nil
                ? "" : w.ko ? " (\(w.date(film.lastChartDate!)) 기준)" : " (as of \(film.lastChartDate!.iso))"
            let cumulative = film.audienceCumulative.map { w.grouped($0) + asOf } ?? "–"
            let cumulativeText = film.audienceCumulative.map { (w.ko ? "누적 " : "") + w.grouped($0) + (w.ko ? "" : " total") + asOf }
            let row: [String: Any] = [
                "title": film.title.isEmpty ? film.movieCode : film.title,
                "movie_cd": film.movieCode,
                "standing": standing,
                "on_chart": film.rank != nil,
                "audience": film.audience.map(w.grouped) ?? "–",
                "lw": film.audienceChangeLastWeekPercent.map(PeopleFormat.signedPercent) ?? "–",
                "cumulative": cumulative,
                "days": film.daysInRelease.map { w.ko ? "\($0)일째" : "day \($0)" } ?? "–",
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
        if let day = value.crossed { return w.ko ? "\(w.date(day)) 손익분기점 \(target)명 돌파" : "passed its break-even of \(target) on \(day.iso)" }
        if let day = value.crossedBy { return w.ko ? "\(w.date(day)) 이전에 손익분기점 \(target)명 돌파" : "passed its break-even of \(target) by \(day.iso)" }
        let percent = PeopleFormat.percent(value.percent)
        var text = w.ko ? "손익분기점 \(target)명의 \(percent)" : "\(percent) of its break-even of \(target)"
        if let day = value.projected, let pace = value.pacePerDay {
            text +=
                w.ko
                ? "; 추정: 최근 7일 하루 평균 \(w.grouped(pace))명이 이어지면 \(w.date(day))께 돌파"
                : "; projection: about \(day.iso) if the last 7 days' pace of \(w.grouped(pace)) a day holds"
        }
        return text
    }

    /// One line for the text report: the title, then its figures.
    static func text(_ row: [String: Any], cumulative: String?, words w: Words) -> String {
        func s(_ key: String) -> String { row[key] as? String ?? "" }
        var parts = [s("standing")]
        if row["on_chart"] as? Bool == true { parts.append((w.ko ? "관객 " : "") + s("audience") + (w.ko ? "명" : "") + " (" + s("lw") + " LW)") }
        if let cumulative { parts.append(cumulative) }
        if s("days") != "–" { parts.append(s("days")) }
        if !s("break_even").isEmpty { parts.append(s("break_even")) }
        return PlainText.oneLine(s("title")) + ": " + parts.joined(separator: ", ")
    }
}
