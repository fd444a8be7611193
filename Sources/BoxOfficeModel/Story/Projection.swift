import Foundation

/// Where a film's run is heading: its final admissions as a range (low, mid, high) and the days it
/// passes given totals, projected from what the daily charts show. Every projection boxoffice prints
/// (`film`'s ladder and "Where it is heading", the watchlist's break-even, `calendar`'s milestones)
/// comes from ``project(_:charts:asOf:)``, the one model.
///
/// The model, day by day from the last charted day:
/// - **The weekday shape** is the market's: each weekday's charted admissions against the mean day,
///   over the 28 days up to the last charted day, holidays left out.
/// - **Holidays** (the bundled table, ``KoreanHolidays``): a public holiday counts as the stronger
///   weekend day, times its lift a year earlier when the charts of last year's same holiday are at
///   hand (that day's charted admissions against the mean weekend day of the 14 days before it);
///   the ordinary day after a holiday likewise, against its weekday in those 14 days.
/// - **The film's level** is its last three charted days, each divided by its day's weight.
/// - **The hold** (admissions kept from one week to the next, weekday shape removed): from day 14,
///   with five or more charted days in each of the last two weeks, the film's own last week against
///   the week before. Before that, the ``Prior`` from its first days: how its admissions per showing
///   compare with the chart's, and how fast it is falling within its first week.
/// - **The fade**: the hold is at most 0.9, and shrinks by 5 % a week after that (real runs lose
///   screens as they age: on the real charts of 2024 a constant hold overshot every long run).
/// - **The end**: the run stops on the first day the projected figure falls below the chart's tenth
///   place (the median of the last 14 days' tenth places), or after 200 days.
///
/// The interval is the back-test's: the mid's remaining admissions (the final less the cumulative
/// so far) scaled by the 10th and 90th percentiles of how far the real remaining admissions fell
/// from it, at that stage of the run, on the real charts of January–June 2024
/// (``Calibration``). It should hold the final total about 8 times in 10.
package struct Projection: Codable, Sendable, Equatable {
    /// The last charted day the projection starts from, and the film's day of release then.
    package var asOf: Day
    package var dayOfRelease: Int
    /// KOBIS's cumulative on `asOf`.
    package var audienceCumulative: Int64
    package var finalLow: Int64
    package var finalMid: Int64
    package var finalHigh: Int64
    /// How often the interval should hold the final total, in percent (80).
    package var interval: Int = Projection.intervalPercent
    /// The weekly hold the projection starts with, and whether it is the film's own (from day 14)
    /// or the prior's.
    package var hold: Double
    package var holdIsObserved: Bool
    /// The median error of the mid on the real charts at this stage of the run (``Calibration``).
    package var backtestMedianErrorPercent: Int
    /// The last day the projected run reaches (its figure falls below the chart's tenth place then).
    package var lastDay: Day
    /// The mid path's cumulative at the end of each projected day (index 0 is `asOf + 1`).
    package var midPath: [Int64] = []

    package static let intervalPercent = 80

    enum CodingKeys: String, CodingKey {
        case asOf = "as_of"
        case dayOfRelease = "day_of_release"
        case audienceCumulative = "audience_cumulative"
        case finalLow = "final_low"
        case finalMid = "final_mid"
        case finalHigh = "final_high"
        case interval
        case hold
        case holdIsObserved = "hold_observed"
        case backtestMedianErrorPercent = "backtest_median_error_pct"
        case lastDay = "last_day"
    }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        asOf = try container.decode(Day.self, forKey: .asOf)
        dayOfRelease = try container.decode(Int.self, forKey: .dayOfRelease)
        audienceCumulative = try container.decode(Int64.self, forKey: .audienceCumulative)
        finalLow = try container.decode(Int64.self, forKey: .finalLow)
        finalMid = try container.decode(Int64.self, forKey: .finalMid)
        finalHigh = try container.decode(Int64.self, forKey: .finalHigh)
        interval = try container.decode(Int.self, forKey: .interval)
        hold = try container.decode(Double.self, forKey: .hold)
        holdIsObserved = try container.decode(Bool.self, forKey: .holdIsObserved)
        backtestMedianErrorPercent = try container.decode(Int.self, forKey: .backtestMedianErrorPercent)
        lastDay = try container.decode(Day.self, forKey: .lastDay)
    }

    init(
        asOf: Day, dayOfRelease: Int, audienceCumulative: Int64, finalLow: Int64, finalMid: Int64, finalHigh: Int64, hold: Double,
        holdIsObserved: Bool, backtestMedianErrorPercent: Int, lastDay: Day, midPath: [Int64]
    ) {
        (self.asOf, self.dayOfRelease, self.audienceCumulative) = (asOf, dayOfRelease, audienceCumulative)
        (self.finalLow, self.finalMid, self.finalHigh) = (finalLow, finalMid, finalHigh)
        (self.hold, self.holdIsObserved, self.backtestMedianErrorPercent) = (hold, holdIsObserved, backtestMedianErrorPercent)
        (self.lastDay, self.midPath) = (lastDay, midPath)
    }

    /// A total the run may pass: the day the mid passes it, and the days the high and the low do
    /// (earliest, latest); `expected` false when the mid never gets there.
    package struct Milestone: Codable, Sendable, Equatable {
        package var admissions: Int64
        package var expected: Bool
        package var earliest: Day?
        package var mid: Day?
        /// Nil when the low never gets there within the projected run.
        package var latest: Day?
    }

    /// When the run passes `admissions`: on the mid, high and low paths (the high and low are the
    /// mid's remaining admissions scaled as the final's are). Nil when it has already passed it.
    package func milestone(_ admissions: Int64) -> Milestone? {
        guard admissions > audienceCumulative else { return nil }
        let remaining = Double(finalMid - audienceCumulative)
        func day(scaledBy scale: Double) -> Day? {
            guard remaining > 0 else { return nil }
            let needed = Double(admissions - audienceCumulative) / scale
            guard let index = midPath.firstIndex(where: { Double($0 - audienceCumulative) >= needed }) else { return nil }
            return asOf + (index + 1)
        }
        let high = Double(finalHigh - audienceCumulative) / max(1, remaining)
        let low = Double(finalLow - audienceCumulative) / max(1, remaining)
        let mid = day(scaledBy: 1)
        return Milestone(admissions: admissions, expected: mid != nil, earliest: day(scaledBy: high), mid: mid, latest: day(scaledBy: low))
    }

    /// The next whole step of `step` above the cumulative (the next 100만 for 1,000,000).
    package func nextStep(_ step: Int64) -> Milestone? { milestone((audienceCumulative / step + 1) * step) }
}

extension Projection {
    /// The prior for the hold before a film has two weeks of its own, fitted on the real charts of
    /// January–June 2024 (`../shared/fixtures/kobis-series/daily-2024-h1.csv`): a least-squares fit
    /// of the log of each film's second-week hold (weekday shape removed) on two things its first
    /// week shows, over the 25 films that opened in the series, charted every day of their first
    /// two weeks and finished at 100,000 or more (건국전쟁, a documentary that tripled in its second
    /// week, left out). Residual spread 0.28 in the log.
    /// log hold = −0.584 + 0.418 × log(admissions per showing ÷ the chart's) + 0.374 × (weekly rate
    /// of the fall from its first days to its latest, weekday shape removed).
    package enum Prior {
        package static let intercept = -0.584
        package static let perShowing = 0.418
        package static let fall = 0.374
        /// The most a week can hold in a projection, and the fade of the hold each week after.
        package static let holdCeiling = 0.9
        package static let weeklyFade = 0.95
    }

    /// The interval and the method line's error, from the back-test on the real charts
    /// (`boxoffice-bench backtest`, docs/projections.md) at four stages of the run (day of
    /// release 2–5, 6–10, 11–17, 18 and on): the 10th and 90th percentiles of the log of the real
    /// remaining admissions against the mid's, over every film that opened in the series and
    /// finished at 100,000 or more (건국전쟁 left out), and the mid's median error on the final
    /// total for the films of 300,000 or more.
    package enum Calibration {
        package struct Stage: Sendable {
            package var from: Int
            package var low: Double
            package var high: Double
            package var medianErrorPercent: Int
        }
        package static let stages = [
            Stage(from: 2, low: -0.57, high: 1.54, medianErrorPercent: 27),
            Stage(from: 6, low: -0.54, high: 1.31, medianErrorPercent: 16),
            Stage(from: 11, low: -0.54, high: 1.38, medianErrorPercent: 8),
            Stage(from: 18, low: -0.99, high: 0.99, medianErrorPercent: 4),
        ]
        package static func stage(_ dayOfRelease: Int) -> Stage { stages.last { $0.from <= dayOfRelease } ?? stages[0] }
    }

    /// How many days of market charts before the last charted day the projection reads.
    package static let marketDays = 28
    /// How far ahead a projection looks for holidays whose lift last year it reads.
    static let horizonDays = 200

    /// The days whose charts a projection from `last` (the film's last charted day, or yesterday)
    /// reads: the ``marketDays`` up to it, and for each holiday in them or ahead, last year's same holiday, the
    /// day after it and the 14 days before it. Callers read them from the cache (missing days are
    /// left out: a holiday without last year's charts counts as the stronger weekend day).
    package static func chartDays(through last: Day) -> [Day] {
        var days = Set((0..<marketDays).map { last - $0 })
        for ahead in (1 - marketDays)...horizonDays {
            guard let before = KoreanHolidays.sameHolidayLastYear(last + ahead) else { continue }
            for offset in -14...1 { days.insert(before + offset) }
        }
        return days.sorted()
    }

    /// The projection of film `movieCode`'s run from `charts` (the film's charted days and the
    /// market's recent ones, any order; days after `asOf` are not read). Nil before its second
    /// charted day from its open date, when it has been off the chart a week or more by `asOf`,
    /// or without an open date.
    package static func project(_ movieCode: String, charts: [DailyChart], asOf: Day) -> Projection? {
        let charts = charts.filter { $0.date <= asOf }.sorted { $0.date < $1.date }
        var seen: [(day: Day, entry: ChartEntry)] = []
        for chart in charts {
            if let entry = chart.entries.first(where: { $0.movieCode == movieCode }) { seen.append((chart.date, entry)) }
        }
        guard let last = seen.last, let open = last.entry.openDate ?? seen.first?.entry.openDate, last.day.distance(to: asOf) < 7 else { return nil }
        let run = seen.filter { $0.day >= open }
        guard run.count >= 2 else { return nil }
        let market = MarketShape(charts: charts.filter { $0.date > last.day - marketDays && $0.date <= last.day }, lastYear: charts)
        let weighted = run.map { (day: $0.day, level: Double($0.entry.audience) / market.weight(of: $0.day)) }
        let dayOfRelease = open.distance(to: last.day) + 1

        // The hold: the film's own from day 14, else the prior from its first week.
        let lastWeek = weighted.filter { $0.day > last.day - 7 }
        let weekBefore = weighted.filter { $0.day > last.day - 14 && $0.day <= last.day - 7 }
        var hold: Double
        var observed = false
        if dayOfRelease >= 14, lastWeek.count >= 5, weekBefore.count >= 5 {
            hold = mean(lastWeek.map(\.level)) / mean(weekBefore.map(\.level))
            observed = true
        } else {
            let first = run.filter { $0.day < open + 7 }
            let perShowing = ratio(first.map { ($0.entry.audience, $0.entry.showings) }) / market.perShowing(on: Set(first.map(\.day)))
            let levels = weighted.filter { $0.day < open + 7 }.map(\.level)
            let k = max(1, levels.count / 3)
            let fall = levels.count > k ? log(mean(levels.suffix(k)) / mean(levels.prefix(k))) / Double(levels.count - k) * 7 : 0
            hold = exp(Prior.intercept + Prior.perShowing * log(perShowing.isFinite && perShowing > 0 ? perShowing : 1) + Prior.fall * fall)
        }
        if !hold.isFinite || hold <= 0 { hold = 0.5 }
        let startingHold = min(hold, Prior.holdCeiling)

        // The level on the last day: the last three days', each moved to it at the hold's daily rate.
        var rate = pow(startingHold, 1.0 / 7)
        let recent = weighted.filter { $0.day > last.day - 3 }
        var level = mean(recent.map { $0.level * pow(rate, Double($0.day.distance(to: last.day))) })
        let fade = pow(Prior.weeklyFade, 1.0 / 7)
        let floor = market.floor
        var cumulative = Double(last.entry.audienceCumulative)
        var path: [Int64] = []
        var day = last.day
        for _ in 0..<200 {
            day = day + 1
            level *= rate
            rate *= fade
            let admissions = level * market.weight(of: day)
            if admissions < floor { break }
            cumulative += admissions
            path.append(Int64(cumulative.rounded()))
        }
        let now = last.entry.audienceCumulative
        let remaining = Double((path.last ?? now) - now)
        let stage = Calibration.stage(dayOfRelease)
        return Projection(
            asOf: last.day, dayOfRelease: dayOfRelease, audienceCumulative: now,
            finalLow: now + Int64((remaining * exp(stage.low)).rounded()), finalMid: path.last ?? now,
            finalHigh: now + Int64((remaining * exp(stage.high)).rounded()), hold: (startingHold * 100).rounded() / 100,
            holdIsObserved: observed, backtestMedianErrorPercent: stage.medianErrorPercent, lastDay: last.day + path.count, midPath: path)
    }

    private static func mean(_ values: some Collection<Double>) -> Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }
    private static func ratio(_ pairs: [(Int64, Int64)]) -> Double {
        let showings = pairs.reduce(Int64(0)) { $0 + $1.1 }
        return showings > 0 ? Double(pairs.reduce(Int64(0)) { $0 + $1.0 }) / Double(showings) : .nan
    }
}

/// The market as the projection reads it from recent charts: each weekday's weight (its charted
/// admissions against the mean day's, holidays left out), the admissions per showing of the charted
/// films each day, the chart's floor (the median tenth place of the last 14 days), and the lift of
/// last year's holidays and the days after them (from `lastYear`, any charts; see ``Projection``).
struct MarketShape {
    var weekdays: [Double]
    var days: [Day: (audience: Int64, showings: Int64)]
    var floor: Double
    /// Last year's lift of a holiday (against the mean weekend day of the 14 days before it) and of
    /// the ordinary day after it (against its weekday there), by last year's day.
    var lifts: [Day: Double] = [:]

    init(charts: [DailyChart], lastYear: [DailyChart] = []) {
        var totals: [Day: (audience: Int64, showings: Int64)] = [:]
        for chart in charts {
            totals[chart.date] = chart.entries.reduce((Int64(0), Int64(0))) { ($0.0 + $1.audience, $0.1 + $1.showings) }
        }
        days = totals
        lifts = Self.lifts(lastYear)
        let ordinary = totals.filter { KoreanHolidays.holiday(on: $0.key) == nil && $0.value.audience > 0 }
        let overall = ordinary.isEmpty ? 0 : Double(ordinary.values.reduce(Int64(0)) { $0 + $1.audience }) / Double(ordinary.count)
        weekdays = (1...7).map { weekday in
            let these = ordinary.filter { $0.key.isoWeekday == weekday }.map { Double($0.value.audience) }
            return these.isEmpty || overall == 0 ? 1 : these.reduce(0, +) / Double(these.count) / overall
        }
        let latest = charts.map(\.date).max()
        let tenths = charts.filter { chart in latest.map { chart.date > $0 - 14 } ?? false }
            .compactMap { $0.entries.map(\.audience).min() }.sorted()
        floor = tenths.isEmpty ? 0 : Double(tenths[(tenths.count - 1) / 2] + tenths[tenths.count / 2]) / 2
    }

    /// A day's weight: its weekday's, or the stronger weekend day's on a public holiday; times last
    /// year's lift of the same holiday, or of the day after it, when known.
    func weight(of day: Day) -> Double {
        let weight: Double
        if KoreanHolidays.holiday(on: day) != nil {
            let lift = KoreanHolidays.sameHolidayLastYear(day).flatMap { lifts[$0] }
            weight = lift.map { $0 * (weekdays[5] + weekdays[6]) / 2 } ?? max(weekdays[5], weekdays[6])
        } else {
            let lift = KoreanHolidays.holiday(on: day - 1) == nil ? nil : KoreanHolidays.sameHolidayLastYear(day - 1).flatMap { lifts[$0 + 1] }
            weight = weekdays[day.isoWeekday - 1] * (lift ?? 1)
        }
        return weight > 0 ? weight : 1
    }

    /// Each holiday's lift in `charts` (and the ordinary day after's): its charted admissions against
    /// the mean of the same kind of day (weekend days for a holiday, its weekday for the day after)
    /// among the 14 ordinary days before the holiday, where both are charted.
    static func lifts(_ charts: [DailyChart]) -> [Day: Double] {
        var totals: [Day: Double] = [:]
        for chart in charts { totals[chart.date] = Double(chart.entries.reduce(Int64(0)) { $0 + $1.audience }) }
        var lifts: [Day: Double] = [:]
        for (day, total) in totals where KoreanHolidays.holiday(on: day) != nil {
            let ordinary = (1...14).map { day - $0 }.filter { KoreanHolidays.holiday(on: $0) == nil }
            func base(_ weekdays: Set<Int>) -> Double? {
                let values = ordinary.filter { weekdays.contains($0.isoWeekday) }.compactMap { totals[$0] }
                return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
            }
            if let weekend = base([6, 7]), weekend > 0 { lifts[day] = total / weekend }
            let after = day + 1
            if KoreanHolidays.holiday(on: after) == nil, let next = totals[after], let usual = base([after.isoWeekday]), usual > 0 {
                lifts[after] = next / usual
            }
        }
        return lifts
    }

    /// The charted films' admissions per showing over `days`.
    func perShowing(on days: Set<Day>) -> Double {
        let picked = days.compactMap { self.days[$0] }
        let showings = picked.reduce(Int64(0)) { $0 + $1.showings }
        return showings > 0 ? Double(picked.reduce(Int64(0)) { $0 + $1.audience }) / Double(showings) : .nan
    }
}

/// A film page's "Where it is heading" (`film`, its JSON's `projection`): the run's ``Projection``
/// and the milestones it may pass: the next 100만, 천만 (below it), and the next film on the ladder.
package struct FilmProjection: Encodable, Sendable, Equatable {
    package var projection: Projection
    package var milestones: [Named]

    /// The next film on the ladder the run may pass, when there is one to project.
    package var nextFilm: Named? { milestones.first { $0.kind == .nextFilm } }

    /// A milestone with what it is: `next_million`, `ten_million` or `next_film` (with that film).
    package struct Named: Encodable, Sendable, Equatable {
        package enum Kind: String, Encodable, Sendable {
            case nextMillion = "next_million"
            case tenMillion = "ten_million"
            case nextFilm = "next_film"
        }

        package var kind: Kind
        package var milestone: Projection.Milestone
        package var movieCode: String?
        package var title: String?

        enum CodingKeys: String, CodingKey {
            case kind, admissions, expected, earliest, mid, latest
            case movieCode = "movie_cd"
            case title
        }

        package func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(milestone.admissions, forKey: .admissions)
            try container.encode(milestone.expected, forKey: .expected)
            try container.encodeIfPresent(milestone.earliest, forKey: .earliest)
            try container.encodeIfPresent(milestone.mid, forKey: .mid)
            try container.encodeIfPresent(milestone.latest, forKey: .latest)
            try container.encodeIfPresent(movieCode, forKey: .movieCode)
            try container.encodeIfPresent(title, forKey: .title)
        }
    }

    /// The method, in one line, for machine files.
    package static let method =
        "daily admissions with the market's weekday shape and holidays (last year's lift when cached), a weekly hold (the film's own from day 14, a prior from its first days before) fading 5 % a week, until below the chart's tenth place; interval from the back-test on 2024's real charts"

    enum CodingKeys: String, CodingKey {
        case method, milestones
    }

    package func encode(to encoder: Encoder) throws {
        try projection.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.method, forKey: .method)
        try container.encode(milestones, forKey: .milestones)
    }

    /// `run`'s projection from `charts` as of `asOf` (yesterday), with its milestones; nil when
    /// ``Projection/project(_:charts:asOf:)`` gives none.
    package static func of(_ run: FilmRun, charts: [DailyChart], asOf: Day) -> FilmProjection? {
        guard let projection = Projection.project(run.movieCode, charts: charts, asOf: asOf) else { return nil }
        var milestones: [Named] = []
        if let step = projection.nextStep(1_000_000) { milestones.append(Named(kind: .nextMillion, milestone: step)) }
        let tenMillion: Int64 = 10_000_000
        if step(projection) != tenMillion, let ten = projection.milestone(tenMillion) {
            milestones.append(Named(kind: .tenMillion, milestone: ten))
        }
        if let next = run.ladder?.next, let passing = projection.milestone(next.lifetime) {
            milestones.append(Named(kind: .nextFilm, milestone: passing, movieCode: next.movieCode, title: next.title))
        }
        return FilmProjection(projection: projection, milestones: milestones)
    }

    private static func step(_ projection: Projection) -> Int64 { (projection.audienceCumulative / 1_000_000 + 1) * 1_000_000 }
}
