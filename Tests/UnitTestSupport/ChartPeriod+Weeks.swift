import Foundation
import Testing

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline
@testable import BoxOfficeServices

extension ChartPeriod {
    /// The same kind of period `weeks` weeks later.
    package static func + (period: ChartPeriod, weeks: Int) -> ChartPeriod { ChartPeriod(period.kind, inWeekOf: period.start + 7 * weeks) }
}
