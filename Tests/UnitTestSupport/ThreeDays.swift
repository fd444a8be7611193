import Foundation
import Testing

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline
@testable import BoxOfficeServices

/// Three days, four films: A leads throughout; B leaves the chart on day 2 and re-enters on day 3;
/// C and D tie exactly on audience and sales; D has paid previews and no movie info.
package enum ThreeDays {
    package static func row(
        _ rank: Int, _ code: String, _ audience: Int64, _ sales: Int64, screens: Int64, acc: Int64,
        open: String?, new: Bool = false
    ) -> ChartEntry {
        ChartEntry(
            rank: rank, isNew: new, movieCode: code, title: "Film \(code.suffix(1))", openDate: open.map { Day($0) },
            sales: sales, salesCumulative: acc * 10, audience: audience, audienceCumulative: acc, screens: screens, showings: screens * 3)
    }

    package static let charts = [
        DailyChart(
            date: Day("2023-03-01"),
            entries: [
                row(1, "2023000A", 1000, 10_000, screens: 10, acc: 1000, open: "2023-03-01", new: true),
                row(2, "2023000B", 500, 3_000, screens: 5, acc: 5_500, open: nil),
                row(3, "2023000C", 300, 3_000, screens: 3, acc: 300, open: "2023-02-22"),
            ]),
        DailyChart(
            date: Day("2023-03-02"),
            entries: [
                row(1, "2023000A", 800, 8_000, screens: 8, acc: 1800, open: "2023-03-01"),
                row(2, "2023000C", 400, 4_000, screens: 4, acc: 700, open: "2023-02-22"),
                row(3, "2023000D", 400, 4_000, screens: 4, acc: 400, open: "2023-03-05", new: true),
            ]),
        DailyChart(
            date: Day("2023-03-03"),
            entries: [
                row(1, "2023000A", 600, 6_000, screens: 6, acc: 2400, open: "2023-03-01"),
                row(2, "2023000B", 300, 3_500, screens: 3, acc: 5_800, open: nil),
                row(3, "2023000D", 300, 3_000, screens: 3, acc: 700, open: "2023-03-05"),
            ]),
    ]

    package static let movies: [String: MovieInfo] = [
        "2023000A": MovieInfo(
            code: "2023000A", title: "Film A", titleEnglish: "Alpha", nations: ["한국"], genres: ["드라마"],
            directors: [.init(name: "감독 A")], companies: [.init(name: "X", role: "제작사"), .init(name: "X", role: "배급사")],
            watchGrades: ["12세이상관람가"]),
        "2023000B": MovieInfo(code: "2023000B", title: "Film B", nations: ["미국", "한국"], companies: [.init(name: "Y", role: "배급사")]),
        "2023000C": MovieInfo(code: "2023000C", title: "Film C", nations: ["한국"], companies: [.init(name: "X", role: "배급사")]),
    ]

    package static let range = DateRange(start: Day("2023-03-01"), end: Day("2023-03-03"))
}
