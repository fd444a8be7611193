import Foundation

/// Adds the story to a joined report: comparisons, streaks, milestones, each film's run facts, and
/// the highlights built from them. Pure and synchronous.
package enum StoryStage {
    // MARK: Daily reports

    /// Each film's facts from the range's charts and the history around them.
    package static func films(_ films: [FilmRanking], range: DateRange, charts: [DailyChart], history: ChartHistory) -> [FilmRanking] {
        let all = allCharts(charts, history)
        let inRange = datedRowsByFilm(charts)
        // The days each film led, in date order, from one pass over the range (not one per film).
        var daysLed: [String: [Day]] = [:]
        var seenDays = Set<Day>()
        for chart in charts.sorted(by: { $0.date < $1.date }) where range.contains(chart.date) && seenDays.insert(chart.date).inserted {
            if case .film(let code) = Streak.leader(chart) { daysLed[code, default: []].append(chart.date) }
        }
        let lastWeekDays = range.days.map { $0 - 7 }
        let lastWeekKnown = lastWeekDays.allSatisfy { all[$0] != nil }
        // Each film's story is its own: a long list's halves on two cores (a twenty-year report's
        // 2,800 to 4,900 films kept one core busy while the other had finished the days, `perf`).
        return BoundedTaskGroup.mapInHalves(films) { [daysLed] film in
            var film = film
            let sorted = inRange[film.movieCode] ?? []
            let release = sorted.last { $0.openDate != nil }?.openDate
            film.milestones = Milestone.crossings(sorted, openDate: release)
            // The opening day and weekend need the film's rows on at most four days, from any chart.
            var aroundOpening: [Day: ChartEntry] = [:]
            if let release {
                let weekend = RunFacts.openingWeekendDays(openDate: release)
                for day in [release] + (0...weekend.start.distance(to: weekend.end)).map({ weekend.start + $0 }) {
                    if let entry = all[day]?.entries.last(where: { $0.movieCode == film.movieCode }) { aroundOpening[day] = entry }
                }
            }
            film.openingDay = RunFacts.openingDay(openDate: release, rows: aroundOpening)
            film.openingWeekend = RunFacts.openingWeekend(openDate: release, rows: aroundOpening)
            film.bestDay = RunFacts.bestDay(sorted)
            film.daysInRelease = RunFacts.daysInRelease(openDate: release, on: film.lastChartDate)
            if lastWeekKnown, sorted.count == range.dayCount {
                let before = lastWeekDays.compactMap { all[$0]?.entries.first { $0.movieCode == film.movieCode } }
                if before.count == lastWeekDays.count {
                    let audience = before.reduce(Int64(0)) { $0 + $1.audience }
                    film.audienceLastWeek = audience
                    film.audienceChangeLastWeekPercent = RunFacts.change(film.audience, from: audience)
                }
            }
            let led = daysLed[film.movieCode] ?? []
            film.daysAtNumberOne = led.count
            film.numberOneStreak = led.last.flatMap { Streak.daily(film.movieCode, endingOn: $0, charts: all) }
            return film
        }
    }

    /// The daily report's highlights: about its last day with films, and the range.
    package static func highlights(
        days: [DayReport], films: [FilmRanking], range: DateRange, charts: [DailyChart], history: ChartHistory, lastYear: YearEarlier? = nil
    ) -> [Highlight] {
        guard let last = days.last(where: { !$0.entries.isEmpty }), let top = last.topFilm else { return [] }
        let all = allCharts(charts, history)
        var facts: [Highlight] = []
        if days.contains(where: \.provisional) {
            let provisional = days.filter(\.provisional).map(\.date)
            facts.append(Highlight(kind: .provisional, start: provisional.first!, end: provisional.last!))
        }
        facts.append(
            numberOne(top, on: last.date, previous: Streak.leader(all[last.date - 1]), title: title(in: all)) {
                Streak.daily(top.movieCode, endingOn: last.date, charts: all)
            })
        if let weekend = latestWeekend(endingBy: last.date, in: history.weekends),
            let streak = Streak.periods(top.movieCode, endingWith: weekend, charts: history.weekends)
        {
            var fact = Highlight(kind: .weekendStreak, start: weekend.start, end: weekend.end)
            fact.film(top.movieCode, top.title)
            fact.count = streak.length
            fact.atLeast = streak.atLeast
            fact.since = streak.start
            facts.append(fact)
        }
        if range.dayCount > 1, let leader = films.first, leader.audience > 0 {
            var fact = Highlight(kind: .rangeLeader, start: range.start, end: range.end)
            fact.film(leader.movieCode, leader.title)
            fact.audience = leader.audience
            fact.count = leader.daysAtNumberOne
            facts.append(fact)
        }
        facts += yearChange(lastYear, audience: days.reduce(0) { $0 + $1.audience }, start: range.start, end: range.end)
        facts += milestones(films)
        if let opening = films.compactMap({ film in film.openingDay.flatMap { range.contains($0.start) ? (film, $0) : nil } })
            .max(by: { $0.1.audience < $1.1.audience })
        {
            var fact = Highlight(kind: .opening, start: opening.1.start, end: opening.1.end)
            fact.film(opening.0.movieCode, opening.0.title)
            fact.rank = opening.1.rank
            fact.audience = opening.1.audience
            facts.append(fact)
        }
        facts += risers(last.entries, start: last.date, end: last.date)
        facts += newEntries(last.entries, start: last.date, end: last.date, except: facts.compactMap(\.movieCode))
        if let before = all[last.date - 7], before.depth == last.depth, !before.entries.isEmpty {
            var fact = Highlight(kind: .totalChange, start: last.date, end: last.date)
            fact.audience = last.audience
            fact.percent = RunFacts.change(last.audience, from: before.entries.reduce(0) { $0 + $1.audience })
            if fact.percent != nil { facts.append(fact) }
        }
        return Array(facts.prefix(Highlight.limit))
    }

    // MARK: Period reports

    /// What every film's facts in a period report are read from: each film's rows and the periods
    /// it led, from one pass over the charts (not one per film). It needs the charts only, so the
    /// report builds it beside the films' join (``ReportBuilder``).
    package struct PeriodRows: Sendable {
        let earlier: WeeklyChart?
        /// The period before the first's rows, by film.
        let earlierRows: [String: ChartEntry]
        /// The report's charts and the cached ones before them, by period.
        let all: [ChartPeriod: WeeklyChart]
        let periodCount: Int
        let rowsByFilm: [String: [(ChartPeriod, ChartEntry)]]
        let periodsLed: [String: [WeeklyChart]]

        package init(periods charts: [WeeklyChart], cached: [ChartPeriod: WeeklyChart], earlier: WeeklyChart? = nil) {
            self.earlier = earlier
            // The period before the first counts only for the opening weekend of a film that opened then.
            earlierRows = Dictionary((earlier?.entries ?? []).map { ($0.movieCode, $0) }, uniquingKeysWith: { first, _ in first })
            var all = cached
            for chart in charts { all[chart.period] = chart }
            self.all = all
            let sorted = charts.sorted { $0.period < $1.period }
            periodCount = sorted.count
            var rowsByFilm: [String: [(ChartPeriod, ChartEntry)]] = [:]
            var periodsLed: [String: [WeeklyChart]] = [:]
            for chart in sorted {
                var seen = Set<String>()
                for entry in chart.entries where seen.insert(entry.movieCode).inserted {
                    rowsByFilm[entry.movieCode, default: []].append((chart.period, entry))
                }
                if case .film(let code) = Streak.leader(chart) { periodsLed[code, default: []].append(chart) }
            }
            self.rowsByFilm = rowsByFilm
            self.periodsLed = periodsLed
        }
    }

    /// Each film's facts from the rows of a weekly, weekend or weekdays report's charts
    /// (``PeriodRows``), with earlier periods of the same kind found in the cache counting toward
    /// its streak.
    package static func films(_ films: [FilmRanking], _ index: PeriodRows) -> [FilmRanking] {
        let (earlier, earlierRows, all) = (index.earlier, index.earlierRows, index.all)
        return BoundedTaskGroup.mapInHalves(films) {
            [rowsByFilm = index.rowsByFilm, periodsLed = index.periodsLed, periodCount = index.periodCount] film in
            var film = film
            let rows = rowsByFilm[film.movieCode] ?? []
            // The current release's open date as the chart gives it (blank for many re-releases).
            let release = rows.last { $0.1.openDate != nil }?.1.openDate
            // As for days (``Milestone/crossings(_:openDate:)``), each threshold once.
            var highest: Int64 = 0
            film.milestones = rows.flatMap { period, entry in
                let crossed = Milestone.crossed(before: max(entry.audienceCumulative - entry.audience, highest), after: entry.audienceCumulative)
                highest = crossed.last ?? highest
                return crossed.map {
                    Milestone(
                        threshold: $0, date: period.end, dayOfRelease: release.map { Milestone.dayOfRelease($0, on: period.end) },
                        earliestDate: period.start)
                }
            }
            film.daysInRelease = RunFacts.daysInRelease(openDate: release, on: film.lastChartDate)
            // A weekend chart of the week the film opened in, Monday to Friday, is its opening
            // weekend, whole (Friday to Sunday). A film opening on the weekend itself is left out:
            // that chart's Friday would be paid previews, which the opening weekend never counts.
            let before = earlier.flatMap { chart in earlierRows[film.movieCode].map { (chart.period, $0) } }
            if let release,
                let (period, entry) = ([before].compactMap { $0 } + rows).first(where: { period, _ in
                    period.kind == .weekend && period.start == release.weekStart + 4 && release <= period.start
                })
            {
                film.openingWeekend = RunFigure(start: period.start, end: period.end, audience: entry.audience, sales: entry.sales)
            }
            // KOBIS's own change against the same period a week earlier: the film's audience then is
            // its audience less the change, for rows that are not new.
            if rows.count == periodCount, rows.allSatisfy({ !$0.1.isNew }) {
                let before = rows.reduce(Int64(0)) { $0 + $1.1.audience - $1.1.audienceChange }
                film.audienceLastWeek = before
                film.audienceChangeLastWeekPercent = RunFacts.change(film.audience, from: before)
            }
            let led = periodsLed[film.movieCode] ?? []
            film.daysAtNumberOne = led.count
            film.numberOneStreak = led.last.flatMap { Streak.periods(film.movieCode, endingWith: $0.period, charts: all) }
            return film
        }
    }

    /// A period report's highlights: about its last period, and the range.
    package static func highlights(periods: [PeriodReport], films: [FilmRanking], cached: [ChartPeriod: WeeklyChart]) -> [Highlight] {
        guard let last = periods.last(where: { !$0.entries.isEmpty }), let top = last.topFilm else { return [] }
        var leaders = cached.mapValues { Streak.leader($0) }
        for period in periods { leaders[period.period] = period.topFilm.map { .film($0.movieCode) } ?? .nobody }
        var facts: [Highlight] = []
        if periods.contains(where: \.provisional) {
            let provisional = periods.filter(\.provisional)
            facts.append(Highlight(kind: .provisional, start: provisional.first!.start, end: provisional.last!.end))
        }
        let previous = last.period.previous
        let titles = Dictionary((periods.flatMap(\.entries).map { ($0.movieCode, $0.title) }), uniquingKeysWith: { _, b in b })
        var fact = numberOne(
            top, on: last.end, previous: leaders[previous] ?? .unknown,
            title: { code in titles[code] ?? cached.values.lazy.compactMap { chart in chart.entries.first { $0.movieCode == code }?.title }.first }
        ) {
            films.first { $0.movieCode == top.movieCode }?.numberOneStreak.flatMap { $0.end == last.end ? $0 : nil }
        }
        fact.start = last.start
        facts.append(fact)
        if periods.count > 1, let leader = films.first, leader.audience > 0 {
            var fact = Highlight(kind: .rangeLeader, start: periods[0].start, end: last.end)
            fact.film(leader.movieCode, leader.title)
            fact.audience = leader.audience
            fact.count = leader.daysAtNumberOne
            facts.append(fact)
        }
        facts += yearChange(YearEarlier.range(periods), audience: periods.reduce(0) { $0 + $1.audience }, start: periods[0].start, end: last.end)
        facts += milestones(films)
        facts += risers(last.entries, start: last.start, end: last.end)
        facts += newEntries(last.entries, start: last.start, end: last.end, except: facts.compactMap(\.movieCode))
        if let change = last.audienceChangePercent {
            var fact = Highlight(kind: .totalChange, start: last.start, end: last.end)
            fact.audience = last.audience
            fact.percent = change
            facts.append(fact)
        }
        return Array(facts.prefix(Highlight.limit))
    }

    // MARK: Shared

    static func allCharts(_ charts: [DailyChart], _ history: ChartHistory) -> [Day: DailyChart] {
        var all = history.charts
        for chart in charts { all[chart.date] = chart }
        return all
    }

    /// Each film's rows in date order, one per date (of two charts of one date, the later in
    /// `charts` counts). An array per film, not a dictionary by date: building one dictionary per
    /// film over twenty years was a tenth of a report's time before rendering.
    static func datedRowsByFilm(_ charts: [DailyChart]) -> [String: [DatedRow]] {
        let ordered = charts.indices.sorted { (charts[$0].date, $0) < (charts[$1].date, $1) }
        var rows: [String: [DatedRow]] = [:]
        for index in ordered {
            let date = charts[index].date
            for row in charts[index].entries.indices {
                replacingSameDate(
                    DatedRow(date: date, entry: charts[index].entries[row]), in: &rows[charts[index].entries[row].movieCode, default: []])
            }
        }
        return rows
    }

    /// Appends `row` to a film's rows in date order (found in the dictionary once, not three times:
    /// a third of this function's time for a twenty-year report): a second chart of one date
    /// replaces the first's row, and a film listed twice on one chart keeps its last row.
    private static func replacingSameDate(_ row: DatedRow, in rows: inout [DatedRow]) {
        if let last = rows.last?.date, last == row.date { rows.removeLast() }
        rows.append(row)
    }

    static func title(in charts: [Day: DailyChart]) -> (String) -> String? {
        { code in charts.values.lazy.compactMap { $0.entries.first { $0.movieCode == code }?.title }.first }
    }

    /// Days after its opening from which a film's first #1 is a 역주행 (a run that climbed back).
    package static let reverseRunDays = 14

    /// What telling a new #1's story needs read first: the film, its opening and the day it took
    /// #1; the charts from the day before back toward its opening (``daysBack``), in that order,
    /// until one has it at #1 (``settles(_:)``) or one is missing. The pipeline reads them (from the
    /// charts at hand, else the cache) and hands them to ``returns(_:question:charts:)``.
    package struct ReturnQuestion: Sendable, Equatable {
        package let movieCode: String
        package let open: Day
        package let date: Day

        /// The days to read, the day before the new #1 first, back to the opening.
        package var daysBack: some Sequence<Day> { sequence(first: date - 1) { $0 - 1 }.prefix { $0 >= open } }

        /// Whether `chart` has the film at #1: no chart further back is needed.
        package func settles(_ chart: DailyChart) -> Bool {
            if case .film(movieCode) = Streak.leader(chart) { true } else { false }
        }
    }

    /// The question a report's new #1 raises, when it has one whose film opened before it (within
    /// 400 days) and `openDate` knows when.
    package static func returnQuestion(_ highlights: [Highlight], openDate: [String: Day]) -> ReturnQuestion? {
        guard let fact = highlights.first(where: { $0.kind == .newNumberOne }), let code = fact.movieCode, let open = openDate[code],
            open < fact.start, open.distance(to: fact.start) <= 400
        else { return nil }
        return ReturnQuestion(movieCode: code, open: open, date: fact.start)
    }

    /// A new #1 told as what it is, when the charts before it say so: a 역주행 (its first #1,
    /// ``reverseRunDays`` or more days after opening: every chart from its opening read, none with
    /// it at #1) or #1 again after days away (the last chart with it at #1). `charts` are those read
    /// for `question`, the latest first, stopping at a missing one: nothing is claimed past it.
    package static func returns(_ highlights: inout [Highlight], question: ReturnQuestion, charts: [DailyChart]) {
        guard let index = highlights.firstIndex(where: { $0.kind == .newNumberOne && $0.movieCode == question.movieCode }) else { return }
        let date = question.date
        if let led = charts.first(where: question.settles) {
            highlights[index].kind = .numberOneAgain
            highlights[index].count = led.date.distance(to: date)
            highlights[index].since = led.date
            return
        }
        // Every chart since the opening read, or nothing is claimed.
        guard charts.count == question.open.distance(to: date) else { return }
        let daysOut = Milestone.dayOfRelease(question.open, on: date)
        guard daysOut >= reverseRunDays else { return }
        highlights[index].kind = .reverseRun
        highlights[index].count = daysOut
    }

    /// A new #1 (when the chart before had another) or the #1's streak.
    static func numberOne(
        _ top: DayEntry, on date: Day, previous: Streak.Leader, title: (String) -> String?, streak: () -> Streak?
    ) -> Highlight {
        // KOBIS's own rank change says whether the #1 held the place on the chart before, when
        // that chart is not at hand.
        let keptByKOBIS = !top.isNew && top.rankChange == 0
        let displaced: String?? =
            switch previous {
            case .film(let code) where code != top.movieCode: .some(title(code) ?? code)
            case .unknown where !keptByKOBIS: .some(nil)
            default: nil
            }
        if let displaced {
            var fact = Highlight(kind: .newNumberOne, start: date, end: date)
            fact.film(top.movieCode, top.title)
            fact.audience = top.audience
            fact.previousTitle = displaced
            return fact
        }
        var fact = Highlight(kind: .numberOneStreak, start: date, end: date)
        fact.film(top.movieCode, top.title)
        fact.audience = top.audience
        if let streak = streak() {
            fact.count = streak.length
            fact.atLeast = streak.atLeast
            fact.since = streak.start
        }
        return fact
    }

    /// The weekend chart ending on `day` or the latest before it, when it is in `weekends`.
    static func latestWeekend(endingBy day: Day, in weekends: [ChartPeriod: WeeklyChart]) -> ChartPeriod? {
        let this = ChartPeriod(.weekend, inWeekOf: day)
        let period = this.end <= day ? this : this.previous
        return weekends[period] == nil ? nil : period
    }

    /// Milestones crossed in the range, the biggest first, two at most.
    /// The two biggest milestones of the range (see ``biggest(_:)``).
    static func milestones(_ films: [FilmRanking]) -> [Highlight] {
        biggest(films.map(\.milestones)).map { index, milestone in
            let film = films[index]
            var fact = Highlight(kind: .milestone, start: milestone.earliestDate ?? milestone.date, end: milestone.date)
            fact.film(film.movieCode, film.title)
            fact.threshold = milestone.threshold
            fact.count = milestone.dayOfRelease
            return fact
        }
    }

    /// The report's charted `audience` over `start`…`end` against the same weekdays a year earlier,
    /// when every day (or period) had its earlier chart.
    static func yearChange(_ earlier: YearEarlier?, audience: Int64, start: Day, end: Day) -> [Highlight] {
        guard let earlier, let change = earlier.audienceChangePercent else { return [] }
        var fact = Highlight(kind: .yearChange, start: start, end: end)
        fact.audience = audience
        fact.percent = change
        fact.since = earlier.start
        return [fact]
    }

    /// Films whose opening day in `range` drew more admissions than any opening earlier that year:
    /// "the year's best opening day so far". Claimed only when every chart from 1 January to the
    /// day before is known (`bestOpening`: each known day's biggest opening, 0 for none), and from
    /// 15 January on (an opening on 2 January beats next to nothing).
    package static func yearBestOpenings(_ films: [FilmRanking], range: DateRange, bestOpening: [Day: Int64]) -> [Highlight] {
        // Each year's best opening so far, day by day from 1 January (nil from the first day not
        // known), worked out once a year: going over the year's earlier days for each film cost a
        // twenty-year report 21 ms, alone on one core.
        var bestSoFar: [Int: [Int64?]] = [:]
        func best(before day: Day, since january: Day) -> Int64? {
            if bestSoFar[january.year] == nil {
                var running: [Int64?] = []
                var best: Int64? = 0
                var day = january
                while day.year == january.year {
                    running.append(best)
                    if let known = best { best = bestOpening[day].map { max(known, $0) } }
                    day = day + 1
                }
                bestSoFar[january.year] = running
            }
            return bestSoFar[january.year]![january.distance(to: day)]
        }
        // The films by index: a film's ranking is large to copy, and few of them are claimed.
        return films.indices.compactMap { index -> (Int, RunFigure)? in
            films[index].openingDay.flatMap { range.contains($0.start) ? (index, $0) : nil }
        }
        .sorted { $0.1.start < $1.1.start }
        .compactMap { index, opening in
            let january = Day(year: opening.start.year, month: 1, day: 1)!
            guard january >= DateRange.earliest, opening.start >= january + 14, let best = best(before: opening.start, since: january) else {
                return nil
            }
            guard opening.audience > best else { return nil }
            var fact = Highlight(kind: .yearBestOpening, start: opening.start, end: opening.start)
            fact.film(films[index].movieCode, films[index].title)
            fact.audience = opening.audience
            fact.since = january
            return fact
        }
    }

    /// Films that passed a 100만 step in `range` in fewer days of release than any other film that
    /// passed it earlier that year: "the year's fastest to 300만 so far". Claimed, as
    /// ``yearBestOpenings(_:range:bestOpening:)`` is, only when every chart from 1 January to the day
    /// before is known (`crossings`: each known day's steps, empty for none), from 15 January on,
    /// and only against an earlier crossing (the first film to a step is not "the fastest"); the
    /// three highest steps at most. `title` names the previous holder from the charts.
    package static func yearFastestMilestones(
        _ films: [FilmRanking], range: DateRange, crossings: [Day: [MilestoneCrossing]]
    ) -> [Highlight] {
        // Each year's crossings by step, in date order, and the first day from 1 January not known:
        // a milestone looks at a few crossings of its own step, not at every day of its year (a
        // 20-year report has thousands of milestones).
        var byStep: [Int: [Int64: [(day: Day, crossing: MilestoneCrossing)]]] = [:]
        for (day, list) in crossings {
            for crossing in list { byStep[day.year, default: [:]][crossing.threshold, default: []].append((day, crossing)) }
        }
        for year in byStep.keys { for step in byStep[year]!.keys { byStep[year]![step]!.sort { $0.day < $1.day } } }
        var firstUnknown: [Int: Day] = [:]
        func known(through last: Day) -> Bool {
            let january = Day(year: last.year, month: 1, day: 1)!
            if firstUnknown[last.year] == nil {
                var day = january
                let end = Day(year: last.year, month: 12, day: 31)!
                while day <= end, crossings[day] != nil { day = day + 1 }
                firstUnknown[last.year] = day
            }
            return firstUnknown[last.year]! > last
        }
        var found: [Highlight] = []
        for film in films {
            for milestone in film.milestones where milestone.earliestDate == nil && range.contains(milestone.date) {
                guard let days = milestone.dayOfRelease, days >= 1 else { continue }
                let january = Day(year: milestone.date.year, month: 1, day: 1)!
                guard january >= DateRange.earliest, milestone.date >= january + 14, known(through: milestone.date - 1) else { continue }
                var best: (crossing: MilestoneCrossing, day: Day)?
                for (day, crossing) in byStep[milestone.date.year]?[milestone.threshold] ?? [] {
                    guard day < milestone.date else { break }
                    if crossing.movieCode != film.movieCode, best == nil || crossing.dayOfRelease < best!.crossing.dayOfRelease {
                        best = (crossing, day)
                    }
                }
                guard let best, days < best.crossing.dayOfRelease else { continue }
                var fact = Highlight(kind: .yearFastestMilestone, start: milestone.date, end: milestone.date)
                fact.film(film.movieCode, film.title)
                fact.threshold = milestone.threshold
                fact.count = days
                fact.since = january
                // Named by its code here; ``namePrevious(_:titles:)`` gives the title read for it.
                fact.previousTitle = best.crossing.movieCode
                fact.previousCode = best.crossing.movieCode
                fact.previousDate = best.day
                fact.previousCount = best.crossing.dayOfRelease
                found.append(fact)
            }
        }
        return Array(found.sorted { ($0.threshold!, $1.start) > ($1.threshold!, $0.start) }.prefix(3)).sorted { $0.start < $1.start }
    }

    /// The films the year's records were set against, and the day each crossed the milestone: the
    /// titles the pipeline reads (from the charts at hand, else the cache) for ``namePrevious(_:titles:)``.
    package static func previousHolders(_ highlights: [Highlight]) -> [(movieCode: String, day: Day)] {
        highlights.compactMap { fact in fact.previousCode.flatMap { code in fact.previousDate.map { (code, $0) } } }
    }

    /// Each record's previous holder by its title, where `titles` has it (else its code stays).
    package static func namePrevious(_ highlights: inout [Highlight], titles: [String: String]) {
        for index in highlights.indices {
            guard let code = highlights[index].previousCode, let title = titles[code] else { continue }
            highlights[index].previousTitle = title
        }
    }

    /// At most ``Highlight/limit`` highlights lead a report, the strongest kinds first (a
    /// year's report told 18, six of them "the year's best opening day so far"); the rest go to
    /// its records, in the same order of strength. Eight or fewer stay as they are.
    package static func lead(_ highlights: [Highlight]) -> (lead: [Highlight], records: [Highlight]) {
        guard highlights.count > Highlight.limit else { return (highlights, []) }
        // A kind's second and later highlights (a year's several best openings) rank after every first.
        var seen: [Highlight.Kind: Int] = [:]
        let ranked = highlights.enumerated().map { index, fact -> (repeat: Int, strength: Int, index: Int, fact: Highlight) in
            let repeatCount = seen[fact.kind, default: 0]
            seen[fact.kind] = repeatCount + 1
            return (min(repeatCount, 1), Highlight.Kind.byStrength.firstIndex(of: fact.kind) ?? Int.max, index, fact)
        }
        .sorted { ($0.repeat, $0.strength, $0.index) < ($1.repeat, $1.strength, $1.index) }
        .map(\.fact)
        return (Array(ranked.prefix(Highlight.limit)), Array(ranked.dropFirst(Highlight.limit)))
    }

    /// The year to date against last year's same span, when both were had and the span is a week
    /// or more: a shorter one sets different weekdays against each other (1 January, a Saturday,
    /// against a Friday), which is no comparison for a headline.
    package static func yearToDate(_ figure: YearToDate?) -> [Highlight] {
        guard let figure, let change = figure.lastYear.audienceChangePercent, figure.start.distance(to: figure.end) >= 6 else { return [] }
        var fact = Highlight(kind: .yearToDate, start: figure.start, end: figure.end)
        fact.audience = figure.chartedAudience
        fact.percent = change
        return [fact]
    }

    /// The two biggest of each film's `milestones` with the film's index: the highest threshold
    /// first, the earliest among equal thresholds, film order among full ties, as a stable sort of
    /// every (film, milestone) pair would rank them.
    ///
    /// Found in one pass keeping two: the sort made a pair per milestone, copying the film's whole
    /// ranking into each, and films at the chart's bounds cross a thousand thresholds each (a year of
    /// such answers held 660 MB of copies).
    static func biggest(_ milestones: [[Milestone]]) -> [(film: Int, milestone: Milestone)] {
        func outranks(_ a: Milestone, _ b: Milestone) -> Bool { (a.threshold, b.date) > (b.threshold, a.date) }
        var best: [(film: Int, milestone: Milestone)] = []
        for (index, list) in milestones.enumerated() {
            for milestone in list {
                if best.count == 2, !outranks(milestone, best[1].milestone) { continue }
                let position = best.firstIndex { outranks(milestone, $0.milestone) } ?? best.count
                best.insert((index, milestone), at: position)
                if best.count > 2 { best.removeLast() }
            }
        }
        return best
    }

    /// The largest rise and the largest fall against a week earlier among `entries`, of films open
    /// a week earlier: a film then in paid previews rises by thousands of percent on its opening,
    /// which is no comparison (a film without an open date is taken as open).
    static func risers(_ entries: [DayEntry], start: Day, end: Day) -> [Highlight] {
        let comparable = entries.filter { entry in entry.openDate.map { $0 <= start - 7 } ?? true }
        let known = comparable.compactMap { entry in entry.audienceChangeLastWeekPercent.map { (entry, $0) } }
        var facts: [Highlight] = []
        if let rise = known.filter({ $0.1 > 0 }).max(by: { $0.1 < $1.1 }) { facts.append(change(.biggestRise, rise.0, rise.1, start, end)) }
        if let fall = known.filter({ $0.1 < 0 }).min(by: { $0.1 < $1.1 }) { facts.append(change(.biggestFall, fall.0, fall.1, start, end)) }
        return facts
    }

    static func change(_ kind: Highlight.Kind, _ entry: DayEntry, _ percent: Double, _ start: Day, _ end: Day) -> Highlight {
        var fact = Highlight(kind: kind, start: start, end: end)
        fact.film(entry.movieCode, entry.title)
        fact.rank = entry.rank
        fact.audience = entry.audience
        fact.percent = percent
        return fact
    }

    /// The chart's NEW rows not named by an earlier highlight.
    static func newEntries(_ entries: [DayEntry], start: Day, end: Day, except named: [String]) -> [Highlight] {
        let new = entries.filter { $0.isNew && !named.contains($0.movieCode) }.sorted { $0.rank < $1.rank }
        guard !new.isEmpty else { return [] }
        var fact = Highlight(kind: .newEntries, start: start, end: end)
        fact.count = new.count
        fact.films = new.map { Highlight.Film(movieCode: $0.movieCode, title: $0.title, rank: $0.rank) }
        return [fact]
    }
}

extension Highlight {
    mutating func film(_ code: String, _ title: String) {
        movieCode = code
        self.title = title
    }
}
