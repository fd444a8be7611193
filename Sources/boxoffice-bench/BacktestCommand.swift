import ArgumentParser
import BoxOfficeModel
import Foundation

/// `backtest FILE.csv`: the projection replayed on a series of daily charts (``ProjectionBacktest``).
struct BacktestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backtest",
        abstract: "Replay each film's run in a series of daily charts through the projection, and print its error and its interval's hold.",
        discussion: """
            FILE.csv has the columns of ../shared/fixtures/kobis-series/daily-2024-h1.csv (date, rank, movie_cd, title, \
            open_date, audience, audience_cumulative, showings …). Films that opened in the series and left the chart a \
            week or more before it ends are measured against their last cumulative there.
            """)

    @Argument(help: "A series of daily charts as CSV.") var file: String
    @Option(help: "Films that reached at least this many admissions.") var minimum: Int64 = 300_000

    func run() throws {
        let text: String
        do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
            throw ValidationError("cannot read \(file): \(error.localizedDescription)")
        }
        let charts: [DailyChart]
        do { charts = try ChartSeries.charts(csv: text) } catch { throw ValidationError("\(file): \(error.localizedDescription)") }
        let result = ProjectionBacktest.run(charts, minimum: minimum)
        print("Projection back-test on \(file): \(charts.count) charts, films of \(minimum) admissions or more")
        print("day  films  median error of final_mid  interval held (\(Projection.intervalPercent) % aimed)  naive fade's median error")
        for row in result.rows {
            let naive = row.naiveMedianErrorPercent.map { String(format: "%.1f %%", $0) } ?? "–"
            print(String(format: "%3d  %5d  %24.1f %%  %30.0f %%  ", row.dayOfRelease, row.films, row.medianErrorPercent, row.heldPercent) + naive)
        }
    }
}
