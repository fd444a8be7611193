import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput

/// Report file names are written and read by one type: every shape and filter reads back as
/// itself, and names it never writes are not taken for reports.
@Suite("Report file names")
struct ReportFileNameTests {
    @Test("every combination of sample, period, depth, filters and range reads back as itself, each name distinct")
    func roundTrip() {
        let range = DateRange(start: Day("2025-03-03"), end: Day("2025-03-09"))
        var stems = Set<String>()
        for sample in [false, true] {
            for kind in [nil] + PeriodKind.allCases {
                for depth in ChartDepth.allCases {
                    for nation in [nil] + KOBISFilters.Nation.allCases {
                        for films in [nil] + KOBISFilters.FilmKind.allCases {
                            for area in [nil, "0105001"] {
                                for range in [range, DateRange(start: range.start, end: range.start), nil] {
                                    let name = ReportFileName(
                                        sample: sample, kind: kind, depth: depth, filters: KOBISFilters(nation: nation, films: films, area: area),
                                        range: range)
                                    #expect(ReportFileName(stem: name.stem) == name, "\(name.stem)")
                                    stems.insert(name.stem)
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(stems.count == 2 * 4 * ChartDepth.allCases.count * 3 * 3 * 2 * 3)
        #expect(
            ReportFileName(sample: false, kind: .weekend, depth: .top20, filters: .init(nation: .korean, area: "0105001"), range: range).stem
                == "boxoffice-weekend-top20-korean-area0105001-2025-03-03_2025-03-09")
    }

    @Test(
        "names boxoffice does not write are not reports",
        arguments: [
            "boxoffice-2025-03-09_2025-03-03", "boxoffice-korean-sample-2025-03-03", "boxoffice-areaX-2025-03-03", "boxoffice-2025-3-3",
            "boxoffice-", "boxoffice-korean", "report-2025-03-03", "boxoffice-top10-2025-03-03", "boxoffice-2025-03-03_2025-03-03",
        ])
    func refused(_ stem: String) {
        #expect(ReportFileName(stem: stem) == nil)
    }
}
