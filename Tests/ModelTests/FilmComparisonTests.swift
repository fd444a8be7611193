import Foundation
import Testing

@testable import BoxOfficeModel

@Suite struct FilmComparisonTests {
    /// A run charted on `days` of release (1 is `opens`), its cumulative 100 a day so far.
    func run(_ code: String, opens: String, charted days: [Int], through last: Int) -> FilmRun {
        let open = Day(iso: opens)!
        var charts: [Day: DailyChart] = [:]
        for day in days {
            let date = open + (day - 1)
            let entry = ChartEntry(
                rank: 1, movieCode: code, title: code, openDate: open, audience: 100, audienceCumulative: Int64(100 * (day + 1)), screens: 10,
                showings: Int64(20 * day))
            charts[date] = DailyChart(date: date, entries: [entry])
        }
        return FilmRun.build(
            code: code, info: MovieInfo(code: code, title: code, openDate: open), charts: charts, first: open - 7, last: open + (last - 1),
            gaps: [], simulated: false)
    }

    @Test("day 1 is each film's opening day: the columns by day of release, previews before, a day off the chart blank")
    func rows() {
        let a = run("A", opens: "2024-01-03", charted: [0, 1, 2, 3, 5], through: 5)
        let b = run("B", opens: "2024-02-09", charted: [1, 2, 3, 4], through: 4)
        let comparison = FilmComparison([a, b])
        #expect(comparison.rows.map(\.day) == [0, 1, 2, 3, 4, 5])
        #expect(comparison.rows.map(\.cumulative) == [[100, nil], [200, 200], [300, 300], [400, 400], [nil, 500], [600, nil]])
        #expect(comparison.openedOnDifferentWeekdays, "a Wednesday and a Friday")
        #expect(comparison.films.map(\.openWeekday) == [3, 5])
    }

    @Test("checkpoints: exact on a charted day, at least the last charted day's when off the chart, none past a film's last day")
    func checkpoints() {
        let a = run("A", opens: "2024-01-03", charted: [1, 2, 3, 5, 6, 7, 8, 9, 10], through: 30)
        let b = run("B", opens: "2024-02-09", charted: [1, 2, 3, 4, 5, 6, 7, 8, 9], through: 9)
        let comparison = FilmComparison([a, b])
        #expect(comparison.newestDay == 9)
        #expect(comparison.checkpoints.map(\.day) == [1, 3, 7, 9, 14, 21, 28], "day 9 is the newest film's latest")
        let at = Dictionary(uniqueKeysWithValues: comparison.checkpoints.map { ($0.day, $0.films) })
        #expect(at[7]?[0] == .init(audience: 800, atLeast: false) && at[7]?[1] == .init(audience: 800, atLeast: false))
        #expect(at[14]?[0] == .init(audience: 1_100, atLeast: true), "off the chart after day 10: its day-10 cumulative, at least")
        #expect(at[14]?[1] == nil, "the newer film is not at day 14 yet")
        #expect(comparison.films[0].averageShowings == 113, "1,020 showings over its 9 charted days")
    }
}
