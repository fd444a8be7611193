import Foundation

/// `/movie/{id}` with keywords and release dates appended.
public struct TMDBDetails: Sendable, Equatable {
    public struct Release: Sendable, Equatable {
        public var date: Day?
        /// 1 premiere, 2 limited theatrical, 3 theatrical, 4 digital, 5 physical, 6 TV.
        public var type: Int

        public init(date: Day?, type: Int) {
            self.date = date
            self.type = type
        }
    }

    public var movie: TMDBMovie
    public var keywords: [String]
    /// Releases by country code (`KR`); empty when not appended.
    public var releases: [String: [Release]]

    public init(movie: TMDBMovie, keywords: [String], releases: [String: [Release]]) {
        self.movie = movie
        self.keywords = keywords
        self.releases = releases
    }

    /// Korean theatrical releases (types 2 and 3).
    public var koreanTheatricalDates: [Day] {
        (releases["KR"] ?? []).filter { $0.type == 2 || $0.type == 3 }.compactMap(\.date)
    }
}
