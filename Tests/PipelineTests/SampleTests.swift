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
