import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
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

    @Argument(help: "A series of daily charts as CSV.") var file: String?
    @Option(help: "Replay a year of the simulation (the loopback KOBIS's synthetic catalogue) instead of a file.") var simulation: Int?
    @Option(help: "Films that reached at least this many admissions.") var minimum: Int64 = 300_000
    @Flag(help: "Also print each film's projection at each day against its final total.") var films = false

    func validate() throws {
        guard (file == nil) != (simulation == nil) else { throw ValidationError("give FILE.csv or --simulation YEAR") }
    }

    func run() throws {
        let charts: [DailyChart]
        let source: String
        var openedFrom: Day?
        if let year = simulation {
            guard let start = Day(iso: String(format: "%04d-01-01", year)), let end = Day(iso: String(format: "%04d-12-31", year)) else {
                throw ValidationError("--simulation takes a year, such as 2024")
            }
            // The year before too, for the market's shape in January and last year's holidays.
            let range = DateRange(start: start - 365, end: end)
            charts = SimulatedKOBIS(films: SyntheticCatalogue.films(covering: range)).dailyCharts(range)
            openedFrom = start
            source = "the simulation of \(year) (films that opened in it; the year before read for its holidays)"
        } else if let file {
            let text: String
            do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
                throw ValidationError("cannot read \(file): \(error.localizedDescription)")
            }
            do { charts = try ChartSeries.charts(csv: text) } catch { throw ValidationError("\(file): \(error.localizedDescription)") }
            source = file
        } else {
            return
        }
        let result = ProjectionBacktest.run(charts, minimum: minimum, openedFrom: openedFrom)
        print("Projection back-test on \(source): \(charts.count) charts, films of \(minimum) admissions or more")
        print("day  films  median error of final_mid  interval held (\(Projection.intervalPercent) % aimed)  naive fade's median error")
        for row in result.rows {
            let naive = row.naiveMedianErrorPercent.map { String(format: "%.1f %%", $0) } ?? "–"
            print(String(format: "%3d  %5d  %24.1f %%  %30.0f %%  ", row.dayOfRelease, row.films, row.medianErrorPercent, row.heldPercent) + naive)
        }
        guard films else { return }
        print("\nday  movie_cd  final  low  mid  high  error  title")
        for row in result.rows {
            for film in row.cases {
                let error = Double(film.mid - film.final) / Double(film.final) * 100
                print(
                    String(
                        format: "%3d  %@  %d  %d  %d  %d  %+.1f %%  ", row.dayOfRelease, film.movieCode, film.final, film.low, film.mid, film.high,
                        error) + film.title)
            }
        }
    }
}
