import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline
@testable import BoxOfficeServices

@Suite("The bundled sample")
struct SampleTests {
    @Test("a full week through the real decoders, with every case the sample promises")
    func promisedCases() async throws {
        let report = try await TestReports.sample()
        #expect(report.simulated && report.notes.first == .simulated)
        #expect(report.days.count == 7 && report.days.allSatisfy { $0.entries.map(\.rank) == Array(1...10) })
        let rows = report.days.flatMap { day in day.entries.map { (day.date, $0) } }
        #expect(rows.contains { $0.1.isNew && $0.1.openDate == nil }, "a re-release shown with a blank open date")
        #expect(rows.contains { ($0.1.dayOfRelease ?? 1) < 1 }, "paid previews before the open date")
        #expect(rows.contains { $0.1.isNew && $0.1.dayOfRelease == 1 }, "a film opening mid-week")
        #expect(report.films.contains { $0.nations.first == "한국" } && report.films.contains { $0.nations.first != "한국" })
        #expect(report.summary.audienceShareByNation.unknown == 0, "every sample film has movie info")

        // Some film leaves the chart and comes back within the week.
        let reentered = report.films.filter { film in
            let charted = Set(rows.filter { $0.1.movieCode == film.movieCode }.map(\.0))
            return film.daysOnChart < film.firstChartDate.distance(to: film.lastChartDate) + 1 && charted.count == film.daysOnChart
        }
        #expect(!reentered.isEmpty)
        // Some film leaves for good before the week ends.
        #expect(report.films.contains { $0.lastChartDate < SampleData.week.end && $0.firstChartDate == SampleData.week.start })
    }

    @Test("the simulation is deterministic")
    func deterministic() async throws {
        let first = try await TestReports.sample()
        let second = try await TestReports.sample()
        #expect(first == second)
    }
}

@Suite("The projection's back-test on the simulation")
struct SimulationBacktestTests {
    @Test("the simulation of 2024 (its uneven runs, the year before for its holidays) gives the figures docs/projections.md prints")
    func figures() throws {
        let range = DateRange(start: Day(iso: "2023-01-01")!, end: Day(iso: "2024-12-31")!)
        let charts = SimulatedKOBIS(films: SyntheticCatalogue.films(covering: range)).dailyCharts(range)
        let result = ProjectionBacktest.run(charts, openedFrom: Day(iso: "2024-01-01")!)
        let docs = try String(contentsOf: TestData.repositoryRoot.appendingPathComponent("docs/projections.md"), encoding: .utf8)
        let section = try #require(docs.components(separatedBy: "### On the simulation").last)
        for row in result.rows {
            let line =
                String(format: "| %d | %d | %.1f %% | %.0f %% | ", row.dayOfRelease, row.films, row.medianErrorPercent, row.heldPercent)
                + (row.naiveMedianErrorPercent.map { String(format: "%.1f %%", $0) } ?? "–") + " |"
            #expect(section.contains(line), "docs/projections.md lacks \(line)")
        }
        // The shapes are there to be seen: a sleeper's second week is above its first, a weak run's far below.
        let films = SyntheticCatalogue.films(covering: range)
        func weeks(_ film: SimulatedFilm) -> (Int64, Int64) {
            let week = { (start: Int) in (start..<start + 7).reduce(Int64(0)) { $0 + film.audience(on: film.releaseDate + $1) } }
            return (week(0), week(7))
        }
        let sleeper = try #require(films.first { $0.legs == .sleeper && !$0.diversity })
        let weak = try #require(films.first { $0.legs == .weak && !$0.diversity })
        #expect(weeks(sleeper).1 > weeks(sleeper).0 && Double(weeks(weak).1) < Double(weeks(weak).0) * weak.weeklyRetention)
    }
}
