import BoxOfficeModel
import Foundation

/// The highlights as the templates see them: each one's sentence in the report's language
/// (`sentence` for the documents, `brief` for chat and mail, both as ``Sentence`` runs), and one flag
/// per kind (`is_streak` …) with every figure formatted, for a template that words a kind its own way.
package enum HighlightView {
    package static func make(_ highlights: [Highlight], period: PeriodKind?, words: Words = .english) -> [[String: Any]] {
        highlights.map { fact in
            let count = fact.count ?? 0
            let films = fact.films ?? []
            let figures = Figures(fact, period: period, words: words)
            return [
                "sentence": sentence(fact, figures, words: words, brief: false).view,
                "brief": sentence(fact, figures, words: words, brief: true).view,
                "is_provisional": fact.kind == .provisional,
                "is_new_number_one": fact.kind == .newNumberOne || fact.kind == .reverseRun || fact.kind == .numberOneAgain,
                "is_streak": fact.kind == .numberOneStreak,
                "is_weekend_streak": fact.kind == .weekendStreak,
                "is_range_leader": fact.kind == .rangeLeader,
                "is_milestone": fact.kind == .milestone,
                "is_opening": fact.kind == .opening,
                "is_rise": fact.kind == .biggestRise,
                "is_fall": fact.kind == .biggestFall,
                "is_new_entries": fact.kind == .newEntries,
                "is_total_change": fact.kind == .totalChange,
                "is_year_change": fact.kind == .yearChange,
                "is_year_to_date": fact.kind == .yearToDate,
                "is_year_best_opening": fact.kind == .yearBestOpening,
                "is_year_fastest_milestone": fact.kind == .yearFastestMilestone,
                "is_break_even": fact.kind == .breakEven,
                "is_place_among_years": fact.kind == .placeAmongYears,
                "kind": fact.kind.rawValue,
                "when": figures.when,
                "date": fact.end.iso,
                "movie_cd": fact.movieCode ?? "",
                "title": figures.title,
                "rank": figures.rank,
                "audience": figures.audience,
                "audience_korean": fact.audience.map(PeopleFormat.manwon) ?? "",
                "count": figures.count,
                "has_run": count >= 2,
                "at_least": fact.atLeast ?? false,
                "unit": figures.unit,
                "since": figures.since ?? "",
                "has_since": fact.since != nil,
                "threshold": figures.threshold,
                "threshold_korean": figures.thresholdKorean,
                "has_day": fact.count != nil && fact.kind == .milestone,
                "in_period": fact.kind == .milestone && fact.start != fact.end,
                "percent": figures.percent,
                "previous_title": fact.previousTitle ?? "",
                "has_previous": fact.previousTitle != nil,
                "films": films.enumerated().map { index, film in
                    ["title": film.title, "rank": String(film.rank), "movie_cd": film.movieCode, "separator": index == films.count - 1 ? "" : ", "]
                },
            ]
        }
    }

    /// Each highlight's short sentence (the text report's), for chat.
    static func briefs(_ highlights: [Highlight], period: PeriodKind?, words: Words) -> [Sentence] {
        highlights.map { sentence($0, Figures($0, period: period, words: words), words: words, brief: true) }
    }

    /// A highlight's figures, formatted in the report's language.
    struct Figures {
        var title, when, audience, rank, count, unit: String
        var since: String?
        var percent, threshold, thresholdKorean: String
        /// The dates a year-earlier comparison is with.
        var earlier = ""
        /// A week-shaped period's comparison: 52 weeks back (``YearEarlier/weeks``), not the same dates.
        var fiftyTwoWeeks = false
    }

    /// A highlight's sentence in the report's language: the one home of the highlights' wording.
    /// `brief` is the plain-text report's shorter form, for chat and mail.
    static func sentence(_ fact: Highlight, _ f: Figures, words: Words, brief: Bool) -> Sentence {
        let parts = Parts(fact, words: words)
        switch words.language {
        case .ko: return korean(fact, f, parts, words: words, brief: brief)
        case .en: return english(fact, f, parts, words: words, brief: brief)
        }
    }

    /// What a highlight's sentence says in either language besides its figures.
    struct Parts {
        let count: Int
        let atLeast: Bool
        /// A record of the year's charts: the span it covers.
        let since: Day
        /// KOBIS's partial coverage before 2011, said after a record.
        let early: Sentence
        let previous: String
        let previousCount: String
        let films: Sentence

        init(_ fact: Highlight, words: Words) {
            count = fact.count ?? 0
            atLeast = fact.atLeast ?? false
            // A record of the year's charts: the span it covers, KOBIS's partial coverage before 2011, the record it beat.
            since = fact.since ?? fact.start
            early =
                fact.start >= PeriodRanking.fullCoverageFrom
                ? "" : "\(words: words.say.earlyCoverageAside)"
            previous = PlainText.oneLine(fact.previousTitle ?? "")
            previousCount = String(fact.previousCount ?? 0)
            films = (fact.films ?? []).enumerated().map { index, film -> Sentence in
                let rank = String(film.rank)
                let separator: Sentence = index == (fact.films?.count ?? 0) - 1 ? "" : ", "
                return words.say.filmWithRank(film.title, rank: rank) + separator
            }.reduce(Sentence(), +)
        }
    }

    static func korean(_ fact: Highlight, _ f: Figures, _ parts: Parts, words: Words, brief: Bool) -> Sentence {
        let (count, atLeast, since, early, previous, previousCount, films) = (
            parts.count, parts.atLeast, parts.since, parts.early, parts.previous, parts.previousCount, parts.films
        )
        switch fact.kind {
        case .provisional:
            return "\(strongWords: "잠정치:") KOBIS가 \(f.when)의 수치를 아직 수정할 수 있습니다."
                + (brief ? "" : " 최종 수치는 오전 늦게(KST) 다시 실행해 받으세요.")
        case .newNumberOne:
            let previous: Sentence = fact.previousTitle.map { " (\($0) 제침)" } ?? ""
            return "\(strong: f.title), \(f.when) 관객 \(f.audience)명으로 1위\(previous)."
        case .reverseRun:
            let previous: Sentence = fact.previousTitle.map { ", \($0) 제침" } ?? ""
            return "\(strong: f.title), 개봉 \(f.count)일째 첫 1위(역주행): \(f.when) 관객 \(f.audience)명\(previous)."
        case .numberOneAgain:
            let previous: Sentence = fact.previousTitle.map { ", \($0) 제침" } ?? ""
            return "\(strong: f.title), \(f.count)일 만에 다시 1위: \(f.when) 관객 \(f.audience)명 (마지막 1위 \(f.since ?? "")\(previous))."
        case .numberOneStreak:
            let since: Sentence = f.since.map { " (\($0)부터)" } ?? ""
            let run: Sentence = count >= 2 ? ": \(f.count)\(f.unit)\(words: atLeast ? " 이상" : "") 연속\(since)" : ""
            return "\(strong: f.title), \(f.when) 관객 \(f.audience)명으로 1위\(run)."
        case .weekendStreak:
            guard count >= 2 || atLeast else { return "주말 박스오피스도 1위 (\(f.when))." }
            return "주말 박스오피스도 \(f.count)주\(words: atLeast ? " 이상" : "") 연속 1위 (최근 \(f.when))."
        case .rangeLeader:
            return "\(strong: f.title), \(f.when) 최다 관객 \(f.audience)명, \(f.count)\(f.unit) 1위."
        case .milestone:
            let during: Sentence = fact.start != fact.end ? " 사이" : ""
            let threshold: Sentence = brief ? "\(f.thresholdKorean)" : "\(f.thresholdKorean)(\(f.threshold)명)"
            let day: Sentence = fact.count != nil ? " (개봉 \(f.count)일째)" : ""
            return "\(strong: f.title), \(f.when)\(during) 누적 관객 \(threshold) 돌파\(day)."
        case .opening:
            return "\(strong: f.title), \(f.when) 관객 \(f.audience)명으로 \(f.rank)위 개봉."
        case .biggestRise, .biggestFall:
            let change: Sentence = fact.kind == .biggestRise ? "전주 대비 최대 상승: " : "전주 대비 최대 하락: "
            let rank: Sentence = brief ? "" : "\(f.rank)위, "
            return change + "\(strong: f.title), \(f.percent) (\(rank)\(f.when) \(f.audience)명)."
        case .newEntries:
            return (brief ? "새로 진입: " : "\(f.when) 새로 진입: ") + films + "."
        case .totalChange:
            return "\(f.when) 순위권 관객 \(f.audience)명, 전주 대비 \(f.percent)."
        case .yearChange:
            let same: Sentence = f.fiftyTwoWeeks ? "52주 전" : fact.start == fact.end ? "1년 전 같은 날짜" : "1년 전 같은 날짜들"
            return "\(f.when) 순위권 관객 \(f.audience)명, \(same)(\(f.earlier)) 대비 \(f.percent)."
        case .breakEven:
            return "\(strong: f.title), \(f.when) 손익분기점 \(f.threshold)명 돌파."
        case .yearBestOpening:
            return brief
                ? "\(strong: f.title), 올해 최고 개봉일 관객 \(f.audience)명."
                : "\(strong: f.title), \(f.when) 관객 \(f.audience)명으로 올해 최고 개봉일 기록 (\(words.date(since)) 이후 차트 기준).\(early)"
        case .yearFastestMilestone:
            return brief
                ? "\(strong: f.title), 올해 \(f.thresholdKorean) 최단 돌파 (개봉 \(f.count)일째)."
                : "\(strong: f.title), \(f.when) 개봉 \(f.count)일째 \(f.thresholdKorean) 돌파: 올해 최단 기록 (종전 \(previous) \(previousCount)일째, \(words.date(since)) 이후 차트 기준).\(early)"
        case .yearToDate:
            return brief
                ? "올해 누적 순위권 관객 \(f.audience)명, 작년 같은 기간 대비 \(f.percent)."
                : "올해 누적 순위권 관객(\(f.when)) \(f.audience)명, 작년 같은 기간(\(f.earlier)) 대비 \(f.percent)."
        case .placeAmongYears:
            let place: Sentence = fact.rank == 1 ? "가장 많습니다" : fact.rank == fact.count ? "가장 적습니다" : "\(f.rank)위입니다"
            let early: Sentence = since < PeriodRanking.fullCoverageFrom ? "\(words: words.say.earlyCoverageAside)" : ""
            let named = fact.period.flatMap(NamedPeriod.init(name:))
            let what: Sentence = named.map { named -> Sentence in "\(words: named.kindNames.ko)" } ?? "같은 기간"
            let perDay: Sentence = named != nil ? "일평균으로 " : ""
            return "\(f.when) 순위권 관객 \(f.audience)명: \(String(since.year))년 이후 차트에 있는 \(f.count)개 연도의 \(what) 가운데 \(perDay)\(place).\(early)"
        }
    }

    static func english(_ fact: Highlight, _ f: Figures, _ parts: Parts, words: Words, brief: Bool) -> Sentence {
        let (count, atLeast, since, early, previous, previousCount, films) = (
            parts.count, parts.atLeast, parts.since, parts.early, parts.previous, parts.previousCount, parts.films
        )
        switch fact.kind {
        case .provisional:
            return "\(strongWords: "Provisional:") KOBIS may still revise the figures for \(f.when)"
                + (brief ? "." : "; run again after late morning (KST) for final ones.")
        case .newNumberOne:
            let previous: Sentence = fact.previousTitle.map { ", ahead of \($0)" } ?? ""
            return "\(strong: f.title) takes #1 on \(f.when) with \(f.audience) admissions\(previous)."
        case .reverseRun:
            let previous: Sentence = fact.previousTitle.map { ", ahead of \($0)" } ?? ""
            let when: Sentence = "on day \(f.count) of its release (a sleeper's climb), \(f.when)"
            return "\(strong: f.title) takes #1 for the first time \(when), with \(f.audience) admissions\(previous)."
        case .numberOneAgain:
            let previous: Sentence = fact.previousTitle.map { ", ahead of \($0)" } ?? ""
            return
                "\(strong: f.title) is back at #1 on \(f.when) with \(f.audience) admissions\(previous), after \(f.count) days away (last #1 on \(f.since ?? ""))."
        case .numberOneStreak:
            let since: Sentence = f.since.map { ", since \($0)" } ?? ""
            let run: Sentence = count >= 2 ? ": \(words: atLeast ? "at least " : "")\(f.count) \(f.unit) running\(since)" : ""
            return "\(strong: f.title) is #1 on \(f.when) with \(f.audience) admissions\(run)."
        case .weekendStreak:
            guard count >= 2 || atLeast else { return "It also led the weekend chart of \(f.when)." }
            return "It also led \(words: atLeast ? "at least " : "")\(f.count) weekend charts in a row, the latest \(f.when)."
        case .rangeLeader:
            return "\(strong: f.title) drew the most admissions over \(f.when): \(f.audience), #1 for \(f.count) \(f.unit)."
        case .milestone:
            let threshold: Sentence = brief ? "\(f.thresholdKorean)" : "\(f.thresholdKorean) (\(f.threshold))"
            let day: Sentence = fact.count != nil ? ", day \(f.count) of its release" : ""
            return "\(strong: f.title) passed \(threshold) admissions \(words: fact.start != fact.end ? "during " : "on ")\(f.when)\(day)."
        case .opening:
            return "\(strong: f.title) opened at #\(f.rank) on \(f.when) with \(f.audience) admissions."
        case .biggestRise, .biggestFall:
            let change: Sentence = fact.kind == .biggestRise ? "Biggest rise " : "Biggest fall "
            return brief
                ? change + "on a week earlier: \(strong: f.title), \(f.percent) to \(f.audience) on \(f.when)."
                : change + "against a week earlier: \(strong: f.title), \(f.percent) to \(f.audience) (#\(f.rank), \(f.when))."
        case .newEntries:
            return (brief ? "New on the chart: " : "New on the chart \(f.when): ") + films + "."
        case .totalChange:
            return "The chart's \(f.audience) admissions on \(f.when) are \(f.percent) \(words: brief ? "on" : "against") a week earlier."
        case .yearChange:
            let over: Sentence = fact.start == fact.end ? "on" : "over"
            let same: Sentence =
                f.fiftyTwoWeeks ? "52 weeks earlier" : fact.start == fact.end ? "the same date a year earlier" : "the same dates a year earlier"
            return "The chart's \(f.audience) admissions \(over) \(f.when) are \(f.percent) against \(same) (\(f.earlier))."
        case .breakEven:
            return "\(strong: f.title) passed its break-even of \(f.threshold) admissions on \(f.when)."
        case .yearBestOpening:
            return brief
                ? "\(strong: f.title): the year's best opening day so far, \(f.audience) admissions."
                : "\(strong: f.title) opened with \(f.audience) admissions on \(f.when): the year's best opening day so far (in the charts since \(since.iso)).\(early)"
        case .yearFastestMilestone:
            return brief
                ? "\(strong: f.title): the year's fastest to \(f.thresholdKorean) so far, day \(f.count) of its release."
                : "\(strong: f.title) passed \(f.thresholdKorean) on \(f.when), day \(f.count) of its release: the year's fastest so far (\(previous) took \(previousCount) days; in the charts since \(since.iso)).\(early)"
        case .yearToDate:
            return brief
                ? "Year to date: \(f.audience) charted admissions, \(f.percent) on last year's same span."
                : "This year's charted admissions, \(f.when): \(f.audience), \(f.percent) against last year's same span (\(f.earlier))."
        case .placeAmongYears:
            let place: Sentence = "\(words: English.place(fact.rank ?? 0, of: fact.count ?? 0))"
            let early: Sentence = since < PeriodRanking.fullCoverageFrom ? "\(words: words.say.earlyCoverageAside)" : ""
            let what: Sentence =
                fact.period.flatMap(NamedPeriod.init(name:)).map { "a day among the \(words: $0.kindNames.en)" } ?? "for those dates among"
            return
                "The chart's \(f.audience) admissions over \(f.when) are \(place) \(what) of the \(f.count) years in the charts since \(String(since.year)).\(early)"
        }
    }

    /// `Sun 2025-03-09`, or `2025-03-07 – 2025-03-09` for a period; `2025년 3월 9일 (일)`, `2025년 3월 7일 ~ 9일`.
    static func when(_ start: Day, _ end: Day, words: Words = .english) -> String {
        start == end ? words.dateWithWeekday(end) : words.range(DateRange(start: start, end: end))
    }
}

extension HighlightView.Figures {
    /// The figures of `fact`, in a report of `period`'s charts (nil: daily).
    init(_ fact: Highlight, period: PeriodKind?, words: Words) {
        let unit = words.say.countUnits(period)
        func when(_ start: Day, _ end: Day) -> String { HighlightView.when(start, end, words: words) }
        let count = fact.count ?? 0
        self.init(
            title: fact.title ?? "",
            when: fact.kind == .rangeLeader
                ? when(fact.start, fact.end)
                : period.map { words.say.periodWhen(when(fact.start, fact.end), kind: $0) }
                    ?? when(fact.start, fact.end),
            audience: fact.audience.map(PeopleFormat.grouped) ?? "", rank: fact.rank.map(String.init) ?? "",
            count: String(count), unit: count == 1 ? unit.0 : unit.1, since: fact.since.map { when($0, $0) },
            percent: fact.percent.map(PeopleFormat.signedPercent) ?? "",
            threshold: fact.threshold.map(PeopleFormat.grouped) ?? "", thresholdKorean: fact.threshold.map(PeopleFormat.manwon) ?? "",
            // Korean writes the earlier day without its weekday: it sits in parentheses already.
            earlier: fact.kind == .yearToDate
                ? when(Day(year: fact.start.year - 1, month: 1, day: 1)!, YearEarlier.sameDate(fact.end))
                : (fact.start == fact.end ? words.say.earlierDay(Self.earlier(fact.start, period: period)) : nil)
                    ?? when(Self.earlier(fact.start, period: period), Self.earlier(fact.end, period: period)),
            fiftyTwoWeeks: period != nil)
    }

    /// The day a year-earlier comparison sets against `day`: the same date a year back, or 52 weeks
    /// back in a report of period charts (``YearEarlier``).
    static func earlier(_ day: Day, period: PeriodKind?) -> Day {
        period == nil ? YearEarlier.sameDate(day) : day - YearEarlier.weeks
    }
}
