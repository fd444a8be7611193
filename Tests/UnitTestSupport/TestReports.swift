import Foundation
import Testing

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline
@testable import BoxOfficeServices

/// The bundled sample's week as a report model, built through the real pipeline (nothing written).
package enum TestReports {
    package static func sample(_ adjust: (inout ReportPipeline.Request) -> Void = { _ in }) async throws -> BoxOfficeReport {
        let pipeline = ReportPipeline(
            fetch: FetchStage(client: KOBISClient(transport: SampleData.transport(), key: "sample"), width: 8, enrichment: SampleData.enrichment()),
            renderer: ReportRenderer(templates: try ReportTemplates.bundled()),
            writer: ReportWriter(directory: FileManager.default.temporaryDirectory),
            simulated: true
        )
        var request = ReportPipeline.Request(range: SampleData.week, today: Day("2026-11-22"))
        adjust(&request)
        return try await pipeline.report(for: request)
    }

    /// The sample's weekend as a period report (KOBIS's weekend chart of the sample's week).
    package static func weekend() async throws -> BoxOfficeReport {
        let period = ChartPeriod(.weekend, inWeekOf: SampleData.week.start)
        return try await sample {
            $0.range = DateRange(start: period.start, end: period.end)
            $0.periods = (.weekend, [period])
        }
    }
}
