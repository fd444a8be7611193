import Foundation

/// The result of matching one film.
package struct TMDBMatch: Sendable, Equatable {
    /// A TMDB film the matcher looked at, and what it made of it: for `boxoffice tmdb review`.
    package struct Candidate: Sendable, Equatable, Codable {
        package var id: Int
        package var title: String
        package var originalTitle: String
        /// The search result's date (with `region=KR`, a Korean date when TMDB has one).
        package var releaseDate: Day?
        /// Korean theatrical dates from the details, when they were fetched.
        package var koreanDates: [Day]?
        /// `exact`, `likely`, or why it was turned down.
        package var verdict: String

        package init(id: Int, title: String, originalTitle: String, releaseDate: Day?, koreanDates: [Day]?, verdict: String) {
            self.id = id
            self.title = title
            self.originalTitle = originalTitle
            self.releaseDate = releaseDate
            self.koreanDates = koreanDates
            self.verdict = verdict
        }
    }

    package var confidence: MatchConfidence
    package var details: TMDBDetails?
    /// How the match was made, or why there is none: which query, which dates agreed. In the JSON
    /// and the films CSV (`tmdb_reason`).
    package var how: String
    /// The candidates considered, best first.
    package var candidates: [Candidate]

    package init(confidence: MatchConfidence, details: TMDBDetails?, how: String, candidates: [Candidate] = []) {
        self.confidence = confidence
        self.details = details
        self.how = how
        self.candidates = candidates
    }
}

extension TMDBMatch {
    /// `matches` with every TMDB film matched to more than one KOBIS film demoted to `likely`, with
    /// the reason: at most one of them can be right, and a reader trusts a poster and a link
    /// blindly. A match pinned in the overrides file is the user's word and stays as it is.
    package static func demotingSharedIDs(_ matches: [String: TMDBMatch]) -> [String: TMDBMatch] {
        var codesByID: [Int: [String]] = [:]
        for (code, match) in matches where match.confidence != .none {
            if let id = match.details?.movie.id { codesByID[id, default: []].append(code) }
        }
        var result = matches
        for (id, codes) in codesByID where codes.count > 1 {
            for code in codes.sorted() where result[code]?.how != TMDBMatch.pinnedHow {
                let others = codes.filter { $0 != code }.sorted().joined(separator: ", ")
                result[code]?.confidence = .likely
                result[code]?.how += "; TMDB \(id) \(sharedMarker) \(others), so at most one of them is right"
            }
        }
        return result
    }

    /// The words that mark a match demoted for sharing its TMDB film.
    package static let sharedMarker = "is also matched to KOBIS film"

    /// How a match from the overrides file is explained.
    package static let pinnedHow = "pinned (overrides file)"
}
