import Foundation
import Testing

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline
@testable import BoxOfficeServices

/// Fixed reports to render: the hand-made three days, and 40 synthetic days for the weekly layout.
package enum FixedReports {
    package static let threeDays = ReportBuilder.build(range: ThreeDays.range, charts: ThreeDays.charts, movies: ThreeDays.movies, options: .init())

    package static func fortyDays() async throws -> BoxOfficeReport {
        let range = DateRange(start: Day("2024-01-01"), end: Day("2024-02-09"))
        let kobis = SimulatedKOBIS(films: SyntheticCatalogue.films(covering: range))
        let client = KOBISClient(transport: ClosureTransport { kobis.response(to: $0) }, key: "k")
        let fetched = try await FetchStage(client: client, width: 4).fetch(range, filters: .init())
        return ReportBuilder.build(range: range, charts: fetched.charts, movies: fetched.movies, options: .init(simulated: true))
    }

    package static func render(_ report: BoxOfficeReport, _ formats: [ReportFormat], language: ReportLanguage = .en) async throws -> [String: Data] {
        let files = try await ReportRenderer(templates: try ReportTemplates.bundled(), options: .init(style: .init(language: language)))
            .render(report, formats: formats)
        return Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
    }
}
