import BoxOfficeModel
import Foundation

/// One page of a paged list.
package struct TMDBPage: Sendable, Equatable {
    package var page: Int
    package var totalPages: Int
    package var totalResults: Int
    package var results: [TMDBMovie]
    /// `now_playing` and `upcoming` send the window their list covers (`dates.minimum`, `dates.maximum`); nil when absent.
    package var window: ClosedRange<Day>? = nil
}
