import BoxOfficeModel
import Foundation

/// One page of a paged list.
package struct TMDBPage: Sendable, Equatable {
    package var page: Int
    package var totalPages: Int
    package var totalResults: Int
    package var results: [TMDBMovie]
}
