/// What a chart row's numbers can sensibly be, generously above every record (a film's best day in
/// Korea is under 2 million admissions and ₩20 billion; the country has about 3,300 screens).
///
/// A value outside these makes the response malformed (exit 76) before anything is spent on it.
/// They also make the report's arithmetic safe: summing twenty years of rows (84,000 of them) of
/// at most 10¹³ stays below 10¹⁸, far from Int64's 9.2 × 10¹⁸, so no sum, difference or rate over
/// service numbers can trap.
package enum ChartBounds {
    package static let rank: ClosedRange<Int64> = 1...10
    package static let rankChange: ClosedRange<Int64> = -1_000...1_000
    package static let audience: ClosedRange<Int64> = 0...100_000_000
    package static let audienceChange: ClosedRange<Int64> = -100_000_000...100_000_000
    package static let audienceCumulative: ClosedRange<Int64> = 0...1_000_000_000
    package static let sales: ClosedRange<Int64> = 0...10_000_000_000_000
    package static let salesChange: ClosedRange<Int64> = -10_000_000_000_000...10_000_000_000_000
    package static let salesCumulative: ClosedRange<Int64> = 0...100_000_000_000_000
    package static let screens: ClosedRange<Int64> = 0...10_000
    package static let showings: ClosedRange<Int64> = 0...1_000_000
    /// `salesShare`, percent of the whole day's sales.
    package static let share: ClosedRange<Double> = 0...100
    /// `audiChange`, `salesChange`: percent against the day before (NEW rows say 100). Any finite
    /// value: a change in per cent has no natural bound (after a day of 2 tickets, KOBIS's own
    /// figure for 2024-06-06's opening was +1,892,650 %), and it is only shown, never summed.
    package static let percentChange: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
}
