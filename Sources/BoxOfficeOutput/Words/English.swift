import BoxOfficeModel
import Foundation

/// What a report says in English.
struct English: Vocabulary {
    // MARK: Numbers and dates

    func won(_ value: Int64) -> String { PeopleFormat.won(value) }

    func compact(_ value: Int64) -> String {
        let number = Double(value)
        if number >= 1e6 { return PeopleFormat.trimmed(number / 1e6, places: 2) + "M" }
        if number >= 1e3 { return PeopleFormat.trimmed(number / 1e3, places: 1) + "k" }
        return PeopleFormat.grouped(value)
    }

    func price(_ value: Int64) -> String { "₩\(PeopleFormat.grouped(value))" }
    func people(_ value: Int64) -> String { PeopleFormat.grouped(value) }
    func days(_ count: Int) -> String { "\(count) day\(count == 1 ? "" : "s")" }
    func rank(_ rank: Int) -> String { "#\(rank)" }
    func dayOfRelease(_ day: Int) -> String { "day \(day)" }
    func weekday(_ day: Day) -> String { PeopleFormat.weekday(day) }
    func date(_ day: Day) -> String { day.iso }
    func dateWithWeekday(_ day: Day) -> String { "\(weekday(day)) \(day.iso)" }
    func range(_ range: DateRange) -> String { range.displayText }
    var rangeDash: String { " – " }
    func monthDay(_ day: Day) -> String { String(day.iso.dropFirst(5)) }
    func holiday(_ holiday: KoreanHoliday) -> String { holiday.en }

    // MARK: The report's chart

    func chartUnit(_ kind: PeriodKind?, weekly: Bool) -> String {
        switch kind {
        case .week?: "week"
        case .weekend?: "weekend"
        case .weekdays?: "Mon–Thu stretch"
        case nil: weekly ? "week" : "day"
        }
    }

    func chartAxis(_ kind: PeriodKind?, weekly: Bool) -> String {
        switch kind {
        case .week?: "Week (dated by its Monday)"
        case .weekend?: "Weekend (dated by its Friday)"
        case .weekdays?: "Weekdays (dated by their Monday)"
        case nil: weekly ? "Week, Monday to Sunday (dated by its Monday)" : "Date"
        }
    }

    func chartYAxis(_ unit: String) -> String { "Audience per \(unit)" }

    func chartTitle(count: Int, unit: String, range: DateRange) -> String {
        "Audience per \(unit) of the top \(count) film\(count == 1 ? "" : "s"), \(range.displayText)"
    }

    func barsCaption(count: Int, periodKind: PeriodKind?, range: DateRange) -> String {
        let unit = periodKind.map { $0.unitName(plural: false) }
        return "Audience of the top \(count) film\(count == 1 ? "" : "s"), \(unit.map { "the \($0) " } ?? "")\(range.displayText)"
    }

    func chartNote(leftOut: [DateRange]) -> String {
        let gaps = "Lines break where a film was off the chart."
        guard !leftOut.isEmpty else { return gaps }
        let spans = leftOut.map(range).joined(separator: " and ")
        return gaps + " Partial weeks (\(spans)) are left out of the chart, not drawn as a drop; the tables hold them."
    }

    // MARK: The report

    func reportTitle(_ kind: PeriodKind?, periods: Int, range: DateRange) -> String {
        "Korean box office, " + coverage(kind, periods: periods, range: range)
    }

    func coverage(_ kind: PeriodKind?, periods: Int, range: DateRange) -> String {
        let title = kind.map { ($0 == .weekdays ? "weekdays" : $0.unitName(plural: periods != 1)) + " " } ?? ""
        return "\(title)\(range.displayText)"
    }

    func extent(count: Int, kind: PeriodKind?, depth: ChartDepth) -> String {
        let unit = kind.map { ($0.unitName(plural: false), $0.unitName(plural: true)) } ?? ("day", "days")
        return "\(count) \(count == 1 ? unit.0 : unit.1)\(depth == .top10 ? "" : ", up to \(depth.rawValue) films a day")"
    }

    func source(_ english: String, simulated: Bool) -> String { english }
    func rankedBy(_ key: RankKey) -> String { key.rawValue }
    func seoulShares(_ shares: [(title: String, share: String)]) -> String {
        "Seoul's share of each film's admissions: " + shares.map { "\($0.title) \($0.share)" }.joined(separator: ", ") + "."
    }

    var everyRegion: String { "every region" }

    func filters(_ filters: KOBISFilters) -> String { filters.displayText }

    func marketDays(_ days: Int, of count: Int, periods: Bool) -> String {
        " (\(days) of \(count) \(periods ? "periods" : "days"))"
    }

    func lwNote(period: String?) -> String {
        if let period {
            return
                "%± LW is KOBIS's change against the same \(period) a week earlier, for films charted in every \(period) of the range and new in none."
        }
        return
            "%± LW compares with the same days a week earlier, for films charted on every one of those days and of the range; – where one is missing."
    }

    func daysLabel(_ kind: PeriodKind?) -> String {
        guard let kind else { return "Days" }
        let many = kind.unitName(plural: true)
        return many.prefix(1).uppercased() + many.dropFirst()
    }

    func partition(_ partition: ChartPartition) -> String {
        switch partition {
        case .korean: "Korean"
        case .foreign: "foreign"
        case .koreanDiversity: "Korean · diversity"
        case .koreanCommercial: "Korean · commercial"
        case .foreignDiversity: "foreign · diversity"
        case .foreignCommercial: "foreign · commercial"
        }
    }

    func inRelease(_ day: Int) -> String {
        if day == 1 { return "opening day" }
        if day < 1 { return "preview, \(1 - day) day\(day == 0 ? "" : "s") before" }
        return "day \(day)"
    }

    func periodHeading(_ period: PeriodReport) -> String {
        "\(period.isoWeek) \(period.kind == .week ? "week" : period.kind.rawValue), \(period.start.iso) (\(weekday(period.start))) – \(period.end.iso) (\(weekday(period.end)))"
    }

    func note(_ note: ReportNote) -> String { note.english }

    var firstToLastNote: String {
        "“With off-chart days” is a film's audience from its first to its last chart day in the range, days outside the top 10 between them included, from KOBIS's cumulative figures; * marks a film whose cumulative figures did not add up, shown with its charted days only."
    }

    var releaseDateUnknown: String { "date to be announced" }
    func audienceLabel(period: Bool) -> String { period ? "Audience (period totals)" : "Charted audience" }
    func salesLabel(period: Bool) -> String { period ? "Sales (period totals)" : "Charted sales" }

    func dailyHeading(_ depth: ChartDepth) -> String {
        depth == .top10 ? "Daily top 10" : "Daily charts (up to \(depth.rawValue) films)"
    }

    func periodsNote(periods: Int, shown: Int) -> String {
        "This report covers \(PeopleFormat.grouped(Int64(periods))) periods, so only the latest \(shown) are shown here; the JSON and the weeks CSV hold every one."
    }

    func weeklyNote(days: Int) -> String {
        "This range is longer than \(days) days, so the daily charts are summarized by week (Monday to Sunday); the JSON and the daily CSV hold every day."
    }

    func runtime(_ minutes: Int) -> String { "\(minutes) min" }
    func streak(_ streak: Streak) -> String { "\(streak.atLeast ? "≥ " : "")\(streak.length) since \(streak.start.iso)" }

    func milestone(_ milestone: Milestone) -> String {
        "\(PeopleFormat.manwon(milestone.threshold)) \(milestone.earliestDate == nil ? "on" : "by") \(milestone.date.iso)"
            + (milestone.dayOfRelease.map { " (day \($0))" } ?? "")
    }

    /// `the weekends of 2025-03-07 – 2025-03-16`: what the text report covers.
    private func over(_ kind: PeriodKind?, single: Bool, range: DateRange) -> String {
        kind.map { "the \($0.unitName(plural: !single)) of \(range.displayText)" } ?? range.displayText
    }

    func textTitle(_ kind: PeriodKind?, periods: Int, single: Bool, range: DateRange) -> String {
        "Korean box office, " + over(kind, single: single, range: range)
    }

    func textTableHeading(top: Int, single: Bool, kind: PeriodKind?, periods: Int, range: DateRange, rankedBy: RankKey) -> String {
        "Top \(top) \(single ? "on" : "over") \(over(kind, single: single, range: range)), by \(rankedBy.rawValue)"
    }

    var textHeader: (title: String, audience: String, cumulative: String) { ("Film", "Audience", "Cumulative") }
    var textLegend: String { "% LW: audience against the same days a week earlier (-: none to compare with)." }

    func headline(title: String, audience: Int64, total: Int64) -> String {
        "most admissions: \(title), \(PeopleFormat.grouped(audience)) of \(PeopleFormat.grouped(total)) charted"
    }

    var noFilmCharted: String { "no film charted" }
    var provisionalMark: String { " · provisional" }

    // MARK: Highlights

    func periodWhen(_ when: String, kind: PeriodKind) -> String { "the \(kind.unitName(plural: false)) of \(when)" }

    func countUnits(_ kind: PeriodKind?) -> (String, String) {
        kind.map { ($0.unitName(plural: false), $0.unitName(plural: true)) } ?? ("day", "days")
    }

    func earlierDay(_ day: Day) -> String? { nil }
    var earlyCoverageAside: String { " KOBIS covered only part of Korea's cinemas then." }
    func filmWithRank(_ title: String, rank: String) -> Sentence { "\(title) (#\(rank))" }

    // MARK: Revisions and the digest

    func revisedField(_ field: Revision.Field) -> String {
        switch field {
        case .audience: "audience"
        case .sales: "sales"
        case .rank: "rank"
        case .screens: "screens"
        case .showings: "showings"
        case .charted: "charted"
        }
    }

    func chartedChange(now: Bool) -> String { now ? "now on the chart" : "no longer on the chart" }
    func moreRevisions(_ count: Int) -> String { "and \(count) more (boxoffice revisions lists them)" }
    func digestNew(_ titles: String) -> String { "new on the chart: " + titles }
    func digestLeft(_ titles: String) -> String { "left the chart: " + titles }
    func digestPassed(_ title: String, threshold: String) -> String { "\(title) passed \(threshold)" }
    func digestRevised(_ count: Int) -> String { "KOBIS revised \(count) figure\(count == 1 ? "" : "s")" }
    func digestSince(_ day: Day) -> String { "Since the last report (\(dateWithWeekday(day))): " }

    // MARK: Your films

    func offChartSince(_ day: Day) -> String { "off the chart since \(day.iso)" }
    var notOnChart: String { "not on the chart" }
    func asOf(_ day: Day) -> String { " (as of \(day.iso))" }
    func cumulativeTotal(_ figure: String) -> String { figure + " total" }
    func breakEvenCrossed(on day: Day, target: String) -> String { "passed its break-even of \(target) on \(day.iso)" }
    func breakEvenCrossed(by day: Day, target: String) -> String { "passed its break-even of \(target) by \(day.iso)" }
    func breakEvenReached(_ percent: String, target: String) -> String { "\(percent) of its break-even of \(target)" }

    func projectedMilestone(_ milestone: Projection.Milestone) -> String {
        guard milestone.expected, let mid = milestone.mid else { return "not expected" }
        return "about \(date(mid)) (\(projectedRange(earliest: milestone.earliest, latest: milestone.latest)))"
    }

    /// A projection's days: between the earliest and the latest, or from the earliest when the
    /// interval's low end never gets there.
    func projectedRange(earliest: Day?, latest: Day?) -> String {
        let interval = "\(Projection.intervalPercent) % interval"
        switch (earliest, latest) {
        case let (earliest?, latest?): return "between \(date(earliest)) and \(date(latest)), \(interval)"
        case let (earliest?, nil): return "from \(date(earliest)), or never at the interval's low end; \(interval)"
        default: return interval
        }
    }

    func breakEvenProjection(_ milestone: Projection.Milestone) -> String { "; projection: \(projectedMilestone(milestone))" }

    func heading(_ projection: Projection) -> String {
        "Projection: a final total of \(PeopleFormat.grouped(projection.finalLow)) to \(PeopleFormat.grouped(projection.finalHigh)) (\(projection.interval) % interval), most likely \(PeopleFormat.grouped(projection.finalMid)), in the daily top 10 until about \(date(projection.lastDay))."
    }

    func projectionMilestone(_ named: FilmProjection.Named) -> String {
        let figure = PeopleFormat.grouped(named.milestone.admissions)
        let what =
            switch named.kind {
            case .tenMillion: "1,000만 (\(figure))"
            case .nextFilm: "Passing \(named.title ?? "the next film") (\(figure))"
            case .nextMillion: "The next 100만 (\(figure))"
            }
        return what + ": " + projectedMilestone(named.milestone)
    }

    func projectionMethod(_ projection: Projection) -> String {
        let hold = Int((projection.hold * 100).rounded())
        return
            "Method: from day \(projection.dayOfRelease) of its release, its daily admissions with the market's weekday shape and holidays, keeping \(hold) % a week (\(projection.holdIsObserved ? "its own last week" : "estimated from its first days until it has two weeks")), fading 5 % a week, until they fall below the chart's tenth place; on the real charts of 2024, projections at this stage of a run missed the final total by a median \(projection.backtestMedianErrorPercent) %."
    }

    func watchedAudience(_ audience: String, lw: String) -> String { "\(audience) (\(lw) LW)" }

    // MARK: boxoffice rank

    func year(_ year: Int) -> String { String(year) }
    func yearMonth(_ year: Int, _ month: Int, span: String) -> String { span }
    func years(_ first: Substring, _ last: Substring) -> String { "\(first)–\(last)" }
    func toDate(_ end: Day, asked: Day) -> String { " · to date: the period runs to \(asked.iso)" }
    func rankMarketDays(_ days: Int, of count: Int) -> String { " (\(days) of \(count) days)" }
    func notListed(_ count: Int) -> String {
        "\(count) more film\(count == 1 ? "" : "s") charted (--top shows more; the CSV, JSON and other data files hold every film)."
    }

    func record(_ kind: PeriodRanking.Record.Kind, value: Int64) -> String {
        switch kind {
        case .openingDay: "Best opening day"
        case .openingWeekend: "Best opening weekend"
        case .longestRunAtOne: "Longest run at #1"
        case .fastestToMilestone: "Fastest to \(PeopleFormat.grouped(value))"
        }
    }

    func releaseDay(_ day: Int) -> String { "day \(day) of release" }

    var partialCoverage: String {
        "Before 2011 KOBIS covered only part of Korea's cinemas: figures and records from then are not comparable with later ones."
    }

    func caveat(_ caveat: PeriodRanking.Caveat, _ ranking: PeriodRanking) -> String {
        switch caveat {
        case .partialCoverageBefore2011: partialCoverage
        case .chartedDaysOnly:
            "Admissions are summed over the days a film was in the daily top 10 (charted days only); the cumulative is KOBIS's own on its last charted day."
        case .toDate: "The period is not over: figures run to \(ranking.end.iso), and films still showing are counted to date."
        case .recordsWithinSpan: "Records are the best in these charts (\(ranking.start.iso) to \(ranking.end.iso)), not of all time."
        case .coDistributedCountsForEach:
            "A film distributed by several companies counts in full for each of them (by KOBIS company code), so the distributors' shares add up to more than 100 %."
        case .firstListedNationGenre: "A film counts for its first listed nation and genre, and for its latest watch grade."
        case .marketAudienceEstimated:
            "The whole market's admissions are an estimate: boxoffice's estimate of the market's sales (from KOBIS's sales shares) over the charted films' average ticket price."
        case .showingsUpperBound:
            "The top films' shares of showings are of the charted films' showings only (the others' are unknown): an upper bound."
        case .weekendChartTop10:
            "A weekend's total is the top 10 of KOBIS's weekend chart (Friday to Sunday), whole weekends of the period only; it is compared with the weekend before and with the weekend 52 weeks earlier (the same weekdays)."
        }
    }

    var rankHeader: (admissions: String, cumulative: String, film: String) { ("Admissions", "Cumulative", "Film") }
    var toDateMark: String { " (to date)" }
    var unknownGroup: String { "(no KOBIS movie info)" }

    func monthChart(first: String, last: String) -> String { "Charted admissions by month, \(first) to \(last)." }

    func groupHeading(_ table: ReportTable) -> String {
        switch table {
        case .nations: "By nation"
        case .grades: "By watch grade"
        default: "By genre"
        }
    }

    func concentration(_ concentration: MarketStructure.Concentration) -> String {
        let shares = concentration.averageShowingSharePercent.map { PeopleFormat.fixed($0, places: 1) }.joined(separator: " / ")
        return "The #1 film held more than 40 % of the charted films' showings on \(concentration.daysOver40) of \(concentration.days) days, "
            + "more than 50 % on \(concentration.daysOver50); on an average day the top three held \(shares) %."
    }

    // MARK: boxoffice film

    func weekDays(charted: Int, inRun: Int) -> String { "\(charted) of \(inRun)" }
    var preview: String { "preview" }

    func pace(_ pace: FilmPace, title: String, span: String) -> String {
        let count = pace.hits.count
        return
            "On day \(pace.day) of its release (\(date(pace.date))), \(title) had \(PeopleFormat.grouped(pace.cumulative)) admissions: more than \(pace.ahead) of the \(count) film\(count == 1 ? "" : "s") that went on to 1,000만 in the cached charts (\(span)) had by the same day of theirs."
    }

    func paceNoHits(span: String) -> String {
        "No film went on to 1,000만 in the cached charts (\(span)): nothing to compare its pace with."
    }

    /// 1st, 2nd, 3rd, 11th, 21st.
    static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][n % 10]
        return PeopleFormat.grouped(Int64(n)) + suffix
    }

    func ladder(_ ladder: FilmLadder, span: String) -> String {
        let place =
            "With \(PeopleFormat.grouped(ladder.audienceCumulative)) admissions it is \(Self.ordinal(ladder.place)) of the \(PeopleFormat.grouped(Int64(ladder.films))) films in the cached charts (\(span)) and \(Self.ordinal(ladder.yearPlace)) of the \(PeopleFormat.grouped(Int64(ladder.yearFilms))) first charted in \(ladder.year)."
        guard let next = ladder.next, let gap = ladder.gap else { return place + " No film in them had more." }
        return place + " Next to pass: \(next.title) (\(PeopleFormat.grouped(next.lifetime))), \(PeopleFormat.grouped(gap)) more."
    }

    func ladderProjection(_ passing: FilmProjection.Named) -> String {
        let title = passing.title ?? "the next film"
        guard passing.milestone.expected else { return "Projection: it is not expected to pass \(title)." }
        return "Projection: it passes \(title) \(projectedMilestone(passing.milestone))."
    }

    func tenMillion(_ count: FilmLadder.TenMillion, since: Day) -> String {
        "It is the \(Self.ordinal(count.nth)) 천만 film in the charts since \(since.iso)\(count.nthKorean.map { " (the \(Self.ordinal($0)) Korean one)" } ?? "")."
    }

    var ladderNote: String {
        "A lifetime here is a film's highest cumulative in the cached daily charts (KOBIS's, off-chart days included), not an all-time figure; a film is of the year it first charted in them."
    }

    func filmography(films: Int, charted: Int, audience: String, tenMillion: [String]) -> String {
        "\(films) film\(films == 1 ? "" : "s") in KOBIS; \(charted) in the cached charts, with \(audience) admissions together"
            + (tenMillion.isEmpty ? "." : "; 천만 films: \(tenMillion.joined(separator: ", ")).")
    }

    func filmographyNote(span: String, years: Bool) -> String {
        "Admissions are each film's highest cumulative in the cached daily charts (\(span); KOBIS's, off-chart days included), not all-time figures; – is a film they do not show (boxoffice fetch its years to fill it)."
            + (years
                ? " A year's admissions are its films' admissions on the days they were in the daily top 10, a film several companies distribute counted in full for each, as in rank and reports."
                : "")
    }

    var filmographyNoCache: String { "No daily chart is cached, so no film's admissions are known: boxoffice fetch a range first." }

    func firstNumberOne(day: Int, date: String) -> String {
        "First #1 on day \(day) of its release, \(date): a sleeper's climb to the top."
    }

    func backAtNumberOne(days: Int, date: String, since: String) -> String {
        "Back at #1 on \(date), \(days) days after its last day there (\(since))."
    }

    func franchisePace(_ pace: Franchise.Pace) -> String {
        let change = pace.changePercent.map { " (\(PeopleFormat.signedPercent($0)))" } ?? ""
        let at = pace.atDay == pace.day ? "on its day \(pace.day)" : "by its day \(pace.atDay), off the chart on day \(pace.day)"
        let against = "against \(PeopleFormat.grouped(pace.predecessorCumulative)) for \(pace.predecessor) \(at)"
        return "On day \(pace.day) of its release it had \(PeopleFormat.grouped(pace.cumulative)) admissions\(change) \(against)."
    }

    var franchiseNote: String {
        "The films TMDB puts in the same collection that the cache knows (their movie info and an exact TMDB match): opening weekends from KOBIS's weekend chart when cached, admissions their highest cumulative in the cached charts."
    }

    func runShape(_ shape: RunShape) -> String {
        let admissions = shape.toDate ? "admissions to date" : "admissions"
        var parts: [String] = []
        if let multiplier = shape.multiplier, let opening = shape.weekends.first?.audience {
            parts.append(
                "Multiplier \(PeopleFormat.fixed(multiplier, places: 2)) (\(admissions), \(PeopleFormat.grouped(shape.audienceCumulative)), ÷ the opening weekend's \(PeopleFormat.grouped(opening)))"
            )
        } else {
            parts.append("No multiplier: the opening weekend was not in KOBIS's weekend top 10, or its chart could not be read")
        }
        if let biggest = shape.biggestWeekend, let multiplier = shape.multiplierOfBiggest {
            parts.append(
                biggest == 1
                    ? "the opening weekend was its biggest"
                    : "\(PeopleFormat.fixed(multiplier, places: 2)) ÷ its biggest weekend (weekend \(biggest))")
        }
        if let change = shape.secondWeekendChangePercent { parts.append("second weekend \(PeopleFormat.signedPercent(change))") }
        parts.append("\(days(shape.runDays)) from its first charted day to its last\(shape.toDate ? ", still running" : "")")
        return parts.joined(separator: "; ") + "."
    }

    var runShapeNote: String {
        "Weekends are KOBIS's weekend chart (Friday to Sunday, days off the daily top 10 included); – is a weekend the film was below that chart's top 10."
    }

    func missingWeekends(_ dates: String) -> String {
        "Weekend charts not read (not cached with --offline, or no call left in the budget): the weekends of \(dates)."
    }

    var paceOffChartNote: String { "†: off the chart on that day; its cumulative on its last charted day before." }

    var paceCumulativeNote: String {
        "Cumulatives are KOBIS's (off-chart days included); the films that went on to 1,000만 are those the cached charts show, not all time."
    }

    func paceDay(_ day: Int) -> String { "By day \(day)" }

    func trajectory(_ title: String, from first: Int, to last: Int, peak: Int64) -> String {
        "Cumulative admissions of \(title) from day \(first) to day \(last) of its release: \(PeopleFormat.grouped(peak)) at the end."
    }

    // MARK: boxoffice tmdb now-playing

    func nowPlayingWindow(_ window: ClosedRange<Day>, day: Day) -> String {
        "TMDB's list covers \(window.lowerBound.iso) to \(window.upperBound.iso), not \(day.iso): a loose comparison."
    }

    var nowPlayingEmpty: String { "TMDB's now-playing list is empty." }
    var nowPlayingHeader: (chart: String, released: String, film: String) { ("Chart", "Released", "Film") }
    func nowPlayingUnlisted(_ films: String) -> String { "On the chart but not in TMDB's list: \(films)." }
    var nowPlayingWatched: String { "◆ on your watchlist." }
    var nowPlayingFollow: String { "To follow a film off the chart:" }

    func nowPlayingHeading(window: ClosedRange<Day>?, pagesRead: Int, totalPages: Int, films: Int, day: Day) -> String {
        let pages =
            pagesRead < totalPages ? "first \(pagesRead) of \(totalPages) pages" : "\(pagesRead) page\(pagesRead == 1 ? "" : "s")"
        let count = "\(films) film\(films == 1 ? "" : "s")"
        let window = window.map { "\($0.lowerBound.iso) to \($0.upperBound.iso); " } ?? ""
        return "TMDB's now playing in Korea (\(window)\(pages), \(count)) against KOBIS's chart of \(dateWithWeekday(day))"
    }

    // MARK: The folder's index

    var indexHeading: String { "Korean box office reports" }

    var calendarName: String { "Korean film releases" }

    func calendarSource(simulated: Bool) -> String {
        simulated
            ? "simulated KOBIS and TMDB data (boxoffice's bundled sample)"
            : "KOBIS's movie list, TMDB's upcoming films for Korea and the cached charts"
    }

    func calendarSummaryLine(releases: Int, projections: Int) -> String {
        "\(releases) release\(releases == 1 ? "" : "s")"
            + (projections == 0
                ? "."
                : ", and \(projections) projected date\(projections == 1 ? "" : "s") of watched films (in italics: projections, not dates anyone has set).")
    }

    func calendarSummary(_ event: ReleaseCalendar.Event) -> String {
        let audience = event.audience.map(PeopleFormat.grouped) ?? ""
        switch event.kind {
        case .release: return "Opens in Korea: \(event.title)"
        case .breakEven: return "Projection: \(event.title) passes its break-even (\(audience))"
        case .milestone: return "Projection: \(event.title) passes \(event.audience.map(PeopleFormat.manwon) ?? audience)"
        }
    }

    func calendarDescription(_ event: ReleaseCalendar.Event, simulated: Bool) -> String {
        var parts: [String] = []
        switch event.kind {
        case .release:
            if let status = event.status { parts.append("KOBIS: \(status == "개봉예정" ? "coming (개봉예정)" : "released (개봉)")") }
            if let code = event.movieCode { parts.append("KOBIS movie code \(code)") }
            if let id = event.tmdbID { parts.append("TMDB \(id)") }
            if event.source == "TMDB" { parts.append("Listed by TMDB's upcoming films for Korea, not by KOBIS") }
        case .breakEven, .milestone:
            parts.append(
                "A projection, not a date anyone has set: the likeliest day (\(projectedRange(earliest: event.earliest, latest: event.latest))), from KOBIS's cached charts"
            )
            if let code = event.movieCode { parts.append("KOBIS movie code \(code)") }
        }
        if simulated { parts.append("Simulated data (boxoffice's bundled sample)") }
        return parts.joined(separator: ". ") + "."
    }

    func chatLine(rank: Int, title: String, audience: String, change: String?) -> Sentence {
        "\(words: String(rank)). \(strong: title) — \(audience) admissions" + (change.map { ", \($0) on a week earlier" } ?? "")
    }

    func indexSummary(_ reports: Int) -> String {
        "\(reports) report\(reports == 1 ? "" : "s") in this folder, newest first. Rebuilt by each boxoffice run."
    }

    var indexReports: String { "Reports" }
    var lwLabel: String { "%± LW" }
    var textLWHeader: String { "% LW" }
    func lwText(_ change: String) -> String { "\(change) LW" }

    func indexHeading(_ pages: String) -> String {
        ["rank": "Rankings", "film": "Films", "company": "Companies", "person": "People"][pages] ?? pages
    }

    func indexTitle(kind: PeriodKind?, latest: Bool, depth: ChartDepth) -> [String] {
        let name: String =
            switch kind {
            case .week?: "Weekly"
            case .weekend?: "Weekend"
            case .weekdays?: "Weekdays"
            case nil: "Daily"
            }
        return [latest ? "Latest " + name.lowercased() : name] + (depth == .top10 ? [] : ["top \(depth.rawValue)"])
    }

    var sampleMark: String { "(sample)" }
}
