/// A film's pace and where it leads: the average admissions a day between two charted
/// cumulatives, and the day a gap closes at that pace. `film`'s ladder, the watchlist's break-even
/// and `calendar`'s projections each choose their own days and horizon, and count this one way.
package enum Pace {
    /// Admissions a day from `earlier`'s cumulative to `later`'s (whole admissions, rounded down).
    package static func perDay(from earlier: (day: Day, cumulative: Int64), to later: (day: Day, cumulative: Int64)) -> Int64 {
        (later.cumulative - earlier.cumulative) / Int64(earlier.day.distance(to: later.day))
    }

    /// The day `gap` more admissions are reached at `pace` from `day`: the first whole day that
    /// closes it; nil when the pace is not positive or that takes more than `limit` days.
    package static func projected(from day: Day, gap: Int64, pace: Int64, within limit: Int) -> Day? {
        guard pace > 0 else { return nil }
        let days = (gap + pace - 1) / pace
        return days <= Int64(limit) ? day + Int(days) : nil
    }
}
