import BoxOfficeModel
import Foundation

/// The highlights as the templates see them: one flag per kind (`is_streak` …), so a template picks
/// the sentence, and every figure formatted. The sentences live in the templates.
package enum HighlightView {
    package static func make(_ highlights: [Highlight], period: PeriodKind?, words: Words = .english) -> [[String: Any]] {
        let unit =
            words.ko
            ? (words.chartUnit(period, weekly: false), words.chartUnit(period, weekly: false))
            : period.map { ($0.unitName(plural: false), $0.unitName(plural: true)) } ?? ("day", "days")
        func when(_ start: Day, _ end: Day) -> String { Self.when(start, end, words: words) }
        return highlights.map { fact in
            let count = fact.count ?? 0
            let films = fact.films ?? []
            return [
                "is_provisional": fact.kind == .provisional,
                "is_new_number_one": fact.kind == .newNumberOne,
                "is_streak": fact.kind == .numberOneStreak,
                "is_weekend_streak": fact.kind == .weekendStreak,
                "is_range_leader": fact.kind == .rangeLeader,
                "is_milestone": fact.kind == .milestone,
                "is_opening": fact.kind == .opening,
                "is_rise": fact.kind == .biggestRise,
                "is_fall": fact.kind == .biggestFall,
                "is_new_entries": fact.kind == .newEntries,
                "is_total_change": fact.kind == .totalChange,
                "kind": fact.kind.rawValue,
                "when": fact.kind == .rangeLeader || period == nil
                    ? when(fact.start, fact.end)
                    : words.ko
                        ? "\(when(fact.start, fact.end)) \(unit.0)" : "the \(period!.unitName(plural: false)) of \(when(fact.start, fact.end))",
                "date": fact.end.iso,
                "movie_cd": fact.movieCode ?? "",
                "title": fact.title ?? "",
                "rank": fact.rank.map(String.init) ?? "",
                "audience": fact.audience.map(PeopleFormat.grouped) ?? "",
                "audience_korean": fact.audience.map(PeopleFormat.manwon) ?? "",
                "count": String(count),
                "has_run": count >= 2,
                "at_least": fact.atLeast ?? false,
                "unit": count == 1 ? unit.0 : unit.1,
                "since": fact.since.map { when($0, $0) } ?? "",
                "has_since": fact.since != nil,
                "threshold": fact.threshold.map(PeopleFormat.grouped) ?? "",
                "threshold_korean": fact.threshold.map(PeopleFormat.manwon) ?? "",
                "has_day": fact.count != nil && fact.kind == .milestone,
                "in_period": fact.kind == .milestone && fact.start != fact.end,
                "percent": fact.percent.map(PeopleFormat.signedPercent) ?? "",
                "previous_title": fact.previousTitle ?? "",
                "has_previous": fact.previousTitle != nil,
                "films": films.enumerated().map { index, film in
                    ["title": film.title, "rank": String(film.rank), "movie_cd": film.movieCode, "separator": index == films.count - 1 ? "" : ", "]
                },
            ]
        }
    }

    /// `Sun 2025-03-09`, or `2025-03-07 – 2025-03-09` for a period; `2025년 3월 9일 (일)`, `2025년 3월 7일 ~ 9일`.
    static func when(_ start: Day, _ end: Day, words: Words = .english) -> String {
        start == end ? words.dateWithWeekday(end) : words.range(DateRange(start: start, end: end))
    }
}
