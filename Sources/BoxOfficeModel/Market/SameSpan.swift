import Foundation

/// A period's place among every year ("the 2nd-highest September in the charts since 2004", "the
/// lowest 추석"): the same dates of the calendar (or the same holiday or season) in each year the
/// daily charts reach, summed from the cache's charts (their top 10, as the period's own figures
/// are), ranked a day for admissions, sales and the Korean share. A year whose dates the cache does
/// not hold whole is listed as missing, never ranked.
package struct SameSpan: Codable, Sendable, Equatable {
    /// One year's same dates.
    package struct Year: Codable, Sendable, Equatable {
        package var year: Int
        package var start: Day
        package var end: Day
        package var audience: Int64
        package var sales: Int64
        /// Its days, and its admissions a day: years are ranked per day, so spans of unequal
        /// length (a holiday of four days against one of six) compare fairly.
        package var days: Int
        package var audiencePerDay: Int64
        /// Korean films' share of its charted admissions, % (a film without KOBIS movie info
        /// counted as foreign, as in the period's own share).
        package var koreanSharePercent: Double
        /// Its place among the years had, 1 the highest.
        package var audienceRank: Int
        package var salesRank: Int
        package var koreanRank: Int
        /// The period itself.
        package var isPeriod: Bool
        /// KOFIC's ten-year indicators (table 1): admissions against the year before's same dates, %
        /// (nil without them, or for a holiday or season, whose years' days differ); sales over admissions; admissions a person, over the population of the
        /// year ``populationYear`` (``Population``); the films KOBIS's movie list says opened on these
        /// dates, when the cache holds that year's list; the most screens a charted film had.
        package var changePercent: Double? = nil
        package var averageTicketPrice: Int64? = nil
        package var perPerson: Double? = nil
        package var populationYear: Int? = nil
        package var releases: Int? = nil
        package var peakScreens: Int64 = 0

        enum CodingKeys: String, CodingKey {
            case year
            case start
            case end
            case audience
            case sales
            case days
            case audiencePerDay = "audience_per_day"
            case koreanSharePercent = "korean_share_pct"
            case audienceRank = "audience_rank"
            case salesRank = "sales_rank"
            case koreanRank = "korean_share_rank"
            case isPeriod = "is_period"
            case changePercent = "change_pct"
            case averageTicketPrice = "average_ticket_price"
            case perPerson = "audience_per_person"
            case populationYear = "population_year"
            case releases
            case peakScreens = "peak_screens"
        }
    }

    /// A year's dates summed: its charted admissions and sales, and its Korean films' admissions.
    package struct Sums: Sendable, Equatable {
        package var audience: Int64
        package var sales: Int64
        package var korean: Int64
        /// The most screens a charted film had on one of its days.
        package var screens: Int64 = 0
        /// The films KOBIS's movie list says opened on its dates; nil when its list is not cached.
        package var releases: Int? = nil

        package init(audience: Int64, sales: Int64, korean: Int64) { (self.audience, self.sales, self.korean) = (audience, sales, korean) }
    }

    /// Every year's same dates, oldest first.
    package var years: [Year]
    /// The years whose dates the cache does not hold whole: not ranked.
    package var missing: [Int]

    enum CodingKeys: String, CodingKey {
        case years
        case missing = "years_missing"
    }

    /// Years as their runs: `2004–2020, 2022`.
    package static func runs(_ years: [Int], dash: String) -> String {
        var runs: [(Int, Int)] = []
        for year in years.sorted() {
            if let last = runs.last, last.1 + 1 == year { runs[runs.count - 1].1 = year } else { runs.append((year, year)) }
        }
        return runs.map { $0.0 == $0.1 ? String($0.0) : "\($0.0)\(dash)\($0.1)" }.joined(separator: ", ")
    }

    /// A month's, a year's, a holiday's or a season's report says its place
    /// (``Highlight/Kind/placeAmongYears``): among the years ranked a day (five or more), the
    /// highest, the lowest, or the 2nd or 3rd.
    package func highlight(named: NamedPeriod? = nil) -> Highlight? {
        guard let period, years.count >= 5, period.audienceRank <= 3 || period.audienceRank == years.count else { return nil }
        var fact = Highlight(kind: .placeAmongYears, start: period.start, end: period.end)
        fact.period = named?.name
        fact.rank = period.audienceRank
        fact.count = years.count
        fact.audience = period.audience
        fact.since = years.first.flatMap { Day(year: $0.year, month: 1, day: 1) }
        return fact
    }

    /// Whether a report's range is a period whose place among the years it says: a whole calendar
    /// month or year, or a holiday or season (`named`).
    package static func saysPlace(_ range: DateRange, named: NamedPeriod?) -> Bool {
        let wholeMonth = range.start.day == 1 && range.end == range.start.monthEnd
        return named != nil || wholeMonth || range.isCalendarYear
    }

    /// The period's own year and its place for admissions.
    package var period: Year? { years.first(where: \.isPeriod) }
    /// Whether a year before 2011, when KOBIS covered part of Korea's screens, is among them.
    package var reachesBefore2011: Bool { years.contains { $0.start < PeriodRanking.fullCoverageFrom } }

    /// The same dates `range` covers, in every year from the first KOBIS charted whole to the
    /// range's own, oldest first: shifted by whole years (29 February as the 28th). None for a range
    /// longer than a year, which no other year's dates can match without overlapping.
    package static func spans(of range: DateRange) -> [(year: Int, range: DateRange)] {
        guard range.start.distance(to: range.end) < 365 || range.isCalendarYear else { return [] }
        func shifted(_ day: Day, by years: Int) -> Day {
            Day(year: day.year - years, month: day.month, day: day.day) ?? Day(year: day.year - years, month: day.month, day: day.day - 1)!
        }
        return (0...(range.start.year - DateRange.earliest.year)).reversed().compactMap { back in
            let span = DateRange(start: shifted(range.start, by: back), end: shifted(range.end, by: back))
            return span.start >= DateRange.earliest ? (range.start.year - back, span) : nil
        }
    }

    /// The same holiday or season in every year from KOBIS's first to `named`'s, oldest first:
    /// each year's own days (a holiday's length changes with the weekdays it falls on).
    package static func spans(of named: NamedPeriod) -> [(year: Int, range: DateRange)] {
        (DateRange.earliest.year...named.year).compactMap { year in
            named.inYear(year).range.flatMap { $0.start >= DateRange.earliest ? (year, $0) : nil }
        }
    }

    /// The year before the period's, when it is had.
    package var yearBefore: Year? { period.flatMap { own in years.first { $0.year == own.year - 1 } } }

    /// The period's admissions a day against the 2017–2019 average a day, %, when those three
    /// years are had (the baseline Korean reporting has used since 2020).
    package var againstBaselinePercent: Double? {
        let baseline = years.filter { (2017...2019).contains($0.year) }
        guard let period, baseline.count == 3, !(2017...2019).contains(period.year) else { return nil }
        let average = Double(baseline.reduce(0) { $0 + $1.audiencePerDay }) / 3
        return average > 0 ? (Double(period.audiencePerDay) / average * 1_000).rounded() / 10 : nil
    }

    /// The years of `sums` (each span's whose days the cache holds whole, by year), ranked; `period`
    /// is the year the period itself starts in.
    /// A holiday's or a season's years (`named`) span unequal days: their totals get no change on the
    /// year before, which only their admissions a day can give fairly.
    package init(_ spans: [(year: Int, range: DateRange)], sums: [Int: Sums], period: Int, named: Bool = false) {
        missing = spans.map(\.year).filter { sums[$0] == nil }
        let had = spans.compactMap { span in sums[span.year].map { (span, $0) } }
        func share(_ sums: Sums) -> Double { JoinStage.percent(sums.korean, of: sums.audience) }
        let days = Dictionary(had.map { ($0.0.year, $0.0.range.dayCount) }) { first, _ in first }
        func perDay(_ value: Int64, _ year: Int) -> Double { Double(value) / Double(max(1, days[year] ?? 1)) }
        // Each year is ranked by its figures a day, which for spans of one length orders as the totals do.
        func rank(_ value: (Int, Sums) -> Double, _ own: (Int, Sums)) -> Int { 1 + had.filter { value($0.0.year, $0.1) > value(own.0, own.1) }.count }
        years = had.map { span, sums in
            let own = (span.year, sums)
            return Year(
                year: span.year, start: span.range.start, end: span.range.end, audience: sums.audience, sales: sums.sales,
                days: span.range.dayCount, audiencePerDay: Int64(perDay(sums.audience, span.year).rounded()), koreanSharePercent: share(sums),
                audienceRank: rank({ perDay($1.audience, $0) }, own), salesRank: rank({ perDay($1.sales, $0) }, own),
                koreanRank: rank({ share($1) }, own), isPeriod: span.year == period)
        }
        for index in years.indices {
            let year = years[index]
            let sums = sums[year.year]!
            if !named, index > 0, years[index - 1].year == year.year - 1 {
                years[index].changePercent = RunFacts.change(year.audience, from: years[index - 1].audience)
            }
            years[index].averageTicketPrice = JoinStage.wholeRatio(year.sales, year.audience)
            if let population = Population.population(in: year.year) {
                years[index].perPerson = Population.perPerson(year.audience, population.people)
                years[index].populationYear = population.year
            }
            years[index].releases = sums.releases
            years[index].peakScreens = sums.screens
        }
    }

    /// KOFIC's ten years (table 1): the period's year and the nine before it that are had; empty
    /// unless the period is a calendar year (or its days so far).
    package var tenYears: [Year] {
        guard let period, DateRange(start: period.start, end: period.end).isYearToDate else { return [] }
        return years.filter { (period.year - 9...period.year).contains($0.year) }
    }

}
