import Foundation

/// A run of consecutive days (or weekends) at #1.
package struct Streak: Codable, Sendable, Equatable {
    package var movieCode: String
    /// The first and last day of the run: for weekends, the first weekend's Friday and the last one's Sunday.
    package var start: Day
    package var end: Day
    /// Days (or weekends) in the run.
    package var length: Int
    /// The count stops at a chart that could not be had (not cached, budget spent, beyond the
    /// look-back bound), so the run may be longer: "at least".
    package var atLeast: Bool

    package init(movieCode: String, start: Day, end: Day, length: Int, atLeast: Bool) {
        self.movieCode = movieCode
        self.start = start
        self.end = end
        self.length = length
        self.atLeast = atLeast
    }

    package enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        case movieCode = "movie_cd"
        case start
        case end
        case length
        case atLeast = "at_least"
    }

    /// Who led one chart: a film, nobody (an empty chart), or not known (the chart was not had).
    package enum Leader: Equatable, Sendable {
        case film(String)
        case nobody
        case unknown
    }

    /// The run at #1 of `code` that ends on step 0, counted back step by step (`leader(0)`,
    /// `leader(1)`, … going back in time) while the film leads; nil when it does not lead at step 0.
    /// `day(n)` and `lastDay(n)` turn a step into the dates it covers.
    package static func ending(
        _ code: String, leader: (Int) -> Leader, firstDay: (Int) -> Day, lastDay: (Int) -> Day
    ) -> Streak? {
        guard leader(0) == .film(code) else { return nil }
        var steps = 1
        while leader(steps) == .film(code) { steps += 1 }
        return Streak(
            movieCode: code, start: firstDay(steps - 1), end: lastDay(0), length: steps, atLeast: leader(steps) == .unknown)
    }

    /// The daily run at #1 of `code` ending on `day`, from the charts by date (a date absent from
    /// `charts` is not known; one present with no rows had no films).
    package static func daily(_ code: String, endingOn day: Day, charts: [Day: DailyChart]) -> Streak? {
        guard let streak = ending(code, leader: { leader(charts[day - $0]) }, firstDay: { day - $0 }, lastDay: { day - $0 }) else { return nil }
        // KOBIS's own rank change (top 10 only: a merged chart's rows carry their partition's).
        let earliest = charts[streak.start].flatMap { $0.depth == .top10 ? $0.entries.first { $0.movieCode == code } : nil }
        return streak.extended(by: earliest, step: 1)
    }

    /// A run that stops at a chart not at hand, one step longer when KOBIS's rank change on its
    /// earliest row says the film held #1 the step before (`rankInten` 0, not NEW). Still "at least".
    func extended(by earliest: ChartEntry?, step days: Int) -> Streak {
        guard atLeast, let earliest, !earliest.isNew, earliest.rankChange == 0, earliest.rank == 1 else { return self }
        var longer = self
        longer.length += 1
        longer.start = start - days
        return longer
    }

    /// The #1 of a chart.
    package static func leader(_ chart: DailyChart?) -> Leader { leader(of: chart?.entries) }

    package static func leader(_ chart: WeeklyChart?) -> Leader { leader(of: chart?.entries) }

    /// The top row's film; nobody for a chart with no rows, not known for a chart not had.
    static func leader(of entries: [ChartEntry]?) -> Leader {
        guard let entries else { return .unknown }
        return entries.min { $0.rank < $1.rank }.map { .film($0.movieCode) } ?? .nobody
    }

    /// The run at #1 of `code` ending with `period`, from period charts of its kind.
    package static func periods(_ code: String, endingWith period: ChartPeriod, charts: [ChartPeriod: WeeklyChart]) -> Streak? {
        func step(_ n: Int) -> ChartPeriod { ChartPeriod(period.kind, inWeekOf: period.start - 7 * n) }
        guard let streak = ending(code, leader: { leader(charts[step($0)]) }, firstDay: { step($0).start }, lastDay: { step($0).end }) else {
            return nil
        }
        let earliest = charts[ChartPeriod(period.kind, inWeekOf: streak.start)]?.entries.first { $0.movieCode == code }
        return streak.extended(by: earliest, step: 7)
    }
}

extension Streak {
    /// What each key holds, for the JSON writer (``JSONFieldValue``).
    package func jsonValue(_ field: CodingKeys) -> JSONFieldValue {
        switch field {
        case .movieCode: .string(movieCode)
        case .start: .day(start)
        case .end: .day(end)
        case .length: .integer(Int64(length))
        case .atLeast: .bool(atLeast)
        }
    }
}
