import BoxOfficeModel
import Foundation

/// How fresh each kind of entry must be.
package struct CacheFreshness: Sendable {
    /// Yesterday's chart is provisional (KOBIS corrects it until late morning): re-fetched after this.
    package var provisionalChart: TimeInterval = 3 * 3600
    package var movieInfo: TimeInterval = 30 * 86_400
    /// A title search: a day, so a film KOBIS lists tomorrow is found tomorrow.
    package var movieList: TimeInterval = 86_400
    package var tmdbLookup: TimeInterval = 7 * 86_400
    package var tmdbList: TimeInterval = 12 * 3600

    package init() {}

    /// How long a date's chart stays fresh: forever two or more days back, a few hours for yesterday.
    package func chart(_ period: ChartPeriod, today: Day) -> TimeInterval? {
        chart(period.end, today: today)
    }

    package func chart(_ day: Day, today: Day) -> TimeInterval? {
        day <= today - 2 ? nil : provisionalChart
    }
}
