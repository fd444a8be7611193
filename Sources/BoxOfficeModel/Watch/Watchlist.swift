import Foundation

/// The films a user follows, in the order they were added: what `boxoffice watch` keeps and every
/// report opens with ("Your films"). Stored as JSON a person can read and edit
/// (``WatchlistFile``); the keys are the CSVs' names.
package struct Watchlist: Codable, Sendable, Equatable {
    package struct Film: Codable, Sendable, Equatable {
        package var movieCode: String
        /// KOBIS's title when it was added (empty when not known then).
        package var title: String
        /// The day it was added, in Seoul.
        package var added: Day
        /// The admissions at which the film breaks even (손익분기점), when the user gave one.
        package var breakEven: Int64?
        /// The user's own note.
        package var note: String?

        package init(movieCode: String, title: String, added: Day, breakEven: Int64? = nil, note: String? = nil) {
            self.movieCode = movieCode
            self.title = title
            self.added = added
            self.breakEven = breakEven
            self.note = note
        }

        enum CodingKeys: String, CodingKey {
            case movieCode = "movie_cd"
            case title
            case added
            case breakEven = "break_even"
            case note
        }

        /// As the file has it, its texts on one line without control characters
        /// (``PlainText/oneLine(_:)``): the file is a person's to edit, and its title and note reach
        /// every report's "Your films".
        package init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            movieCode = try container.decode(String.self, forKey: .movieCode)
            title = PlainText.oneLine(try container.decode(String.self, forKey: .title))
            added = try container.decode(Day.self, forKey: .added)
            breakEven = try container.decodeIfPresent(Int64.self, forKey: .breakEven)
            note = try container.decodeIfPresent(String.self, forKey: .note).map(PlainText.oneLine)
        }
    }

    package var films: [Film] = []

    package init(films: [Film] = []) {
        self.films = films
    }

    /// How far back `watch list` looks in the cached charts for a film's latest charted day.
    package static let latestLookBackDays = 60

    /// The most films a watchlist holds: a report's section stays a glance.
    package static let maximumFilms = 50

    package func film(_ code: String) -> Film? { films.first { $0.movieCode == code } }

    /// Adds `film` at the end, or updates the one already there (its break-even and note, when
    /// given), keeping its place. False when the list is full.
    @discardableResult
    package mutating func add(_ film: Film) -> Bool {
        if let index = films.firstIndex(where: { $0.movieCode == film.movieCode }) {
            if film.breakEven != nil { films[index].breakEven = film.breakEven }
            if film.note != nil { films[index].note = film.note }
            if films[index].title.isEmpty { films[index].title = film.title }
            return true
        }
        guard films.count < Self.maximumFilms else { return false }
        films.append(film)
        return true
    }

    /// Removes the film; false when it was not on the list.
    @discardableResult
    package mutating func remove(_ code: String) -> Bool {
        guard let index = films.firstIndex(where: { $0.movieCode == code }) else { return false }
        films.remove(at: index)
        return true
    }

    /// The codes, for marking rows.
    package var codes: Set<String> { Set(films.map(\.movieCode)) }
}
