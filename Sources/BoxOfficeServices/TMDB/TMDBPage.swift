import BoxOfficeModel
import Foundation

/// One page of a paged list.
public struct TMDBPage: Sendable, Equatable {
    public var page: Int
    public var totalPages: Int
    public var totalResults: Int
    public var results: [TMDBMovie]
}
