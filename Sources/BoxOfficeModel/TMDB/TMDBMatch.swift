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

    /// How well the matched TMDB film fits the KOBIS film, each measure only where both sides know
    /// it: what decides between two KOBIS films that claim one TMDB film (``resolvingSharedIDs(_:)``).
    package struct Fit: Sendable, Equatable {
        /// Days from the KOBIS open date to the nearest Korean release on TMDB (else TMDB's release date).
        package var releaseDays: Int?
        /// Minutes between KOBIS's `showTm` and TMDB's runtime.
        package var runtimeMinutes: Int?
        /// One of TMDB's titles is the KOBIS English title.
        package var englishTitle: Bool?
        /// TMDB's origin countries share one with KOBIS's nations.
        package var nations: Bool?

        package init(releaseDays: Int? = nil, runtimeMinutes: Int? = nil, englishTitle: Bool? = nil, nations: Bool? = nil) {
            self.releaseDays = releaseDays
            self.runtimeMinutes = runtimeMinutes
            self.englishTitle = englishTitle
            self.nations = nations
        }

        /// True when this fit is better than `other` by the first measure both know and differ on:
        /// the release date's distance, then the runtime's difference, then the English title, then
        /// the nations; false when `other` is better or nothing tells them apart.
        package func isBetter(than other: Fit) -> Bool { decide(other) == true }

        private func decide(_ other: Fit) -> Bool? {
            if let a = releaseDays, let b = other.releaseDays, a != b { return a < b }
            if let a = runtimeMinutes, let b = other.runtimeMinutes, a != b { return a < b }
            if let a = englishTitle, let b = other.englishTitle, a != b { return a }
            if let a = nations, let b = other.nations, a != b { return a }
            return nil
        }

        /// The measures, as a reason names them.
        package var text: String {
            var parts: [String] = []
            if let releaseDays { parts.append("released \(releaseDays) day\(releaseDays == 1 ? "" : "s") from the KOBIS open date") }
            if let runtimeMinutes { parts.append("runtime \(runtimeMinutes) minute\(runtimeMinutes == 1 ? "" : "s") from KOBIS's") }
            if let englishTitle { parts.append(englishTitle ? "the KOBIS English title" : "not the KOBIS English title") }
            if let nations { parts.append(nations ? "KOBIS's nation" : "not KOBIS's nation") }
            return parts.isEmpty ? "nothing to compare" : parts.joined(separator: ", ")
        }
    }

    package var confidence: MatchConfidence
    package var details: TMDBDetails?
    /// How the matched film fits; nil for no match, or one made by the overrides file.
    package var fit: Fit?
    /// How the match was made, or why there is none: which query, which dates agreed. In the JSON
    /// and the films CSV (`tmdb_reason`).
    package var how: String
    /// The candidates considered, best first.
    package var candidates: [Candidate]

    package init(confidence: MatchConfidence, details: TMDBDetails?, how: String, candidates: [Candidate] = [], fit: Fit? = nil) {
        self.confidence = confidence
        self.details = details
        self.fit = fit
        self.how = how
        self.candidates = candidates
    }
}

extension TMDBMatch {
    /// `matches` with each TMDB film kept by one KOBIS film at most: a reader trusts a poster and a
    /// link blindly, and two films cannot both be it. Where several claim one, the one whose fit is
    /// better than every other's (``Fit/isBetter(than:)``) keeps it; the others get no match, with
    /// the reason and their candidates (`tmdb review` lists them first). When none fits better than
    /// all the others, none keeps it. A match pinned in the overrides file is the user's word: it
    /// stays, and the films that claim its TMDB film without a pin lose it.
    package static func resolvingSharedIDs(_ matches: [String: TMDBMatch]) -> [String: TMDBMatch] {
        var codesByID: [Int: [String]] = [:]
        for (code, match) in matches where match.confidence != .none {
            if let id = match.details?.movie.id { codesByID[id, default: []].append(code) }
        }
        var result = matches
        for (id, codes) in codesByID where codes.count > 1 {
            let codes = codes.sorted()
            let pinned = codes.filter { matches[$0]?.how == pinnedHow }
            let fit = { (code: String) in matches[code]?.fit ?? Fit() }
            let keeper: String? =
                pinned.isEmpty
                ? codes.first { code in codes.allSatisfy { $0 == code || fit(code).isBetter(than: fit($0)) } } : nil
            for code in codes where !pinned.contains(code) && code != keeper {
                let others = codes.filter { $0 != code }
                let why =
                    if let first = pinned.first {
                        "it is pinned to \(first) in the overrides file"
                    } else if let keeper {
                        "\(others.count == 1 ? "which" : "of which \(keeper)") fits it better (\(fit(keeper).text); this film: \(fit(code).text))"
                    } else {
                        "and none of them fits it better (this film: \(fit(code).text)), so none keeps it"
                    }
                result[code]?.confidence = .none
                result[code]?.details = nil
                result[code]?.fit = nil
                result[code]?.how += "; TMDB \(id) \(sharedMarker) \(others.joined(separator: ", ")), \(why)"
            }
            if let keeper, let match = result[keeper] {
                result[keeper]?.how = match.how + "; of the KOBIS films matched to TMDB \(id) it fits best"
            }
        }
        return result
    }

    /// The words that mark a match lost for sharing its TMDB film.
    package static let sharedMarker = "is also matched to KOBIS film"

    /// How a match from the overrides file is explained.
    package static let pinnedHow = "pinned (overrides file)"
}
