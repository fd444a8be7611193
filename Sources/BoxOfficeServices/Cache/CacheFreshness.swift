import BoxOfficeModel
import Foundation

/// How fresh each kind of entry must be.
package struct CacheFreshness: Sendable {
    /// Yesterday's chart is provisional (KOBIS corrects it until late morning): re-fetched after this.
    package var provisionalChart: TimeInterval = 3 * 3600
    package var movieInfo: TimeInterval = 30 * 86_400
    /// A title search: a day, so a film KOBIS lists tomorrow is found tomorrow.
    package var movieList: TimeInterval = 86_400
    /// A code list (the regions): a month; KOBIS's codes rarely change.
    package var codeList: TimeInterval = 30 * 86_400
    package var tmdbLookup: TimeInterval = 7 * 86_400
    package var tmdbList: TimeInterval = 12 * 3600

    package init() {}

    /// How a date's chart is judged by its fetch time: fetched at or after ``SeoulCalendar/finalFrom(_:)``
    /// it is final and never expires; fetched before, it is provisional: fresh for
    /// ``provisionalChart`` while the day is still provisional, and fetched once more by the first
    /// run that reads it online after that (KOBIS's final figures replace the early ones).
    package func chart(_ day: Day) -> Rule {
        Rule(maxAge: provisionalChart, finalFrom: SeoulCalendar.finalFrom(day))
    }

    /// A period's chart is judged by its last day.
    package func chart(_ period: ChartPeriod) -> Rule { chart(period.end) }

    /// When a stored entry is fresh enough to use.
    package struct Rule: Sendable {
        /// The oldest entry used; nil for any age.
        package var maxAge: TimeInterval?
        /// An entry fetched at or after this instant is used whatever its age; one fetched before
        /// it is stale once this instant has passed. Nil for entries that are never final.
        package var finalFrom: Date?

        package init(maxAge: TimeInterval?, finalFrom: Date? = nil) {
            self.maxAge = maxAge
            self.finalFrom = finalFrom
        }

        /// Any age will do.
        package static let anyAge = Rule(maxAge: nil)

        /// Whether an entry fetched at `fetchedAt` may be used at `now`.
        package func isFresh(fetchedAt: Date, now: Date) -> Bool {
            if let finalFrom {
                if fetchedAt >= finalFrom { return true }
                if now >= finalFrom { return false }
            }
            return maxAge.map { now.timeIntervalSince(fetchedAt) <= $0 } ?? true
        }
    }
}
