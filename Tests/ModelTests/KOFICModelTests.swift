import Foundation
import Testing

@testable import BoxOfficeModel

/// The models behind `rank`'s KOFIC tables (issue 63).
@Suite struct KOFICModelTests {
    @Test("a period's weeks are those whose Thursday is in it: 2015's first begins on 2014-12-29, 2021's on 2021-01-04; none not ended")
    func weeksByThursday() {
        let year2015 = DateRange(start: Day(iso: "2015-01-01")!, end: Day(iso: "2015-12-31")!)
        let weeks2015 = ChartPeriod.weeks(thursdaysIn: year2015, endingBy: Day(iso: "2016-06-01")!)
        #expect(weeks2015.first?.start.iso == "2014-12-29" && weeks2015.last?.end.iso == "2016-01-03" && weeks2015.count == 53)
        let year2021 = DateRange(start: Day(iso: "2021-01-01")!, end: Day(iso: "2021-12-31")!)
        let weeks2021 = ChartPeriod.weeks(thursdaysIn: year2021, endingBy: Day(iso: "2022-06-01")!)
        #expect(weeks2021.first?.start.iso == "2021-01-04" && weeks2021.count == 52)
        // A week not ended by the day given is not asked for.
        #expect(ChartPeriod.weeks(thursdaysIn: year2021, endingBy: Day(iso: "2021-01-16")!).map(\.start.iso) == ["2021-01-04"])
        #expect(DiversityFilms.basis(of: DateRange(start: Day(iso: "2024-07-01")!, end: Day(iso: "2024-07-31")!)) == .daily)
        #expect(DiversityFilms.basis(of: DateRange(start: Day(iso: "2024-07-01")!, end: Day(iso: "2024-08-01")!)) == .weekly)
    }

    @Test("the population: the table's own year, the last year's for a later one, none before 2003 or for Sejong before 2012")
    func population() {
        #expect(Population.population(in: 2003)?.people == 48_386_823)
        #expect(Population.population(in: 2020)?.people == 51_829_023 && Population.population(in: 2024)?.year == 2020)
        #expect(Population.population(in: 2002) == nil && Population.population(of: "0105017", in: 2011) == nil)
        #expect(Population.population(of: "0105017", in: 2012)?.people == 113_117 && Population.population(of: "9999999", in: 2012) == nil)
        #expect(Population.perPerson(226_680_000, 51_849_861) == 4.3719 && Population.shown(0.0312) == "0.031")
    }

    @Test("diversity films: each film's rows summed over the charts it made, ranked, its side, shares of the diversity films and of the charted")
    func diversitySums() {
        func row(_ code: String, _ audience: Int64) -> ChartEntry {
            ChartEntry(rank: 1, movieCode: code, title: "영화 \(code)", sales: audience * 10, audience: audience, audienceCumulative: audience)
        }
        let films = DiversityFilms(
            basis: .weekly, charts: [[row("A", 300), row("B", 100)], [row("B", 500)]], missing: [Day(iso: "2024-01-08")!],
            korean: { $0 == "B" ? true : nil }, chartedAudience: 9_000)
        #expect(films.films.map(\.movieCode) == ["B", "A"] && films.films.map(\.audience) == [600, 300] && films.films.map(\.charts) == [2, 1])
        #expect(films.audience == 900 && films.sales == 9_000 && films.sharePercent == 10 && films.charts == 2)
        #expect(films.koreanTop.map(\.movieCode) == ["B"] && films.foreignTop.isEmpty, "a film without movie info is on neither side")
    }
}
