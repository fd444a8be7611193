import BoxOfficeModel
import Foundation

/// Finds a KOBIS film on TMDB, by title and by **date**, and explains what it chose.
///
/// The ladder of queries: the Korean title with the open year, then without a year, then the English
/// title with the year. Candidates whose title (TMDB's Korean `title` or `original_title`, after
/// ``normalize(_:)``) equals the KOBIS Korean or English title are ranked by how close their release
/// date is to the KOBIS open date, and the details of the best few are fetched (one call each,
/// keywords, release dates, translations and alternative titles appended). When no result has the
/// title, the closest one's details are fetched to compare its Korean translation and alternative
/// titles. At most ``detailsPerFilm`` detail calls and three searches a film.
///
/// Each candidate is judged by ``judge(_:film:titleAgrees:)``:
/// - **rejected** at once when both sides name the nations and share none (KOBIS `미국`, TMDB `KR`:
///   a Korean namesake of a foreign film);
/// - `exact`: the title agrees and a Korean theatrical release is within ``koreanDateWindowDays`` of
///   the KOBIS open date, or the film is a re-release (the first chart date a year or more after the
///   KOBIS open date, TMDB's first release no later than a month after that date, and a Korean
///   release within the window of the first chart date);
/// - `likely`: the title agrees, TMDB has no Korean theatrical date to contradict it, and its own
///   release is plausible for the open date (within 21 days for a Korean film, which opens at home
///   first; from a year before to a month after for a foreign one);
/// - otherwise it is **rejected**, not downgraded, and the next candidate is judged.
/// Of the exact candidates judged, the Korean release closest to the KOBIS date wins, then the one
/// whose title is also the KOBIS English title; else the best likely one; else the film stays
/// unmatched. (Judging stops at an exact candidate nothing can beat: 0 days, and the English title
/// agrees or KOBIS has none.)
package struct TMDBMatcher: Sendable {
    /// How far a Korean theatrical release may be from the KOBIS open date (or, for a re-release,
    /// from the first chart date) and still be the same release.
    package static let koreanDateWindowDays = 21
    /// Without a Korean date: how far a foreign film's own release may be from the KOBIS open date,
    /// in days (it may reach Korea up to a year after its first release). A Korean film opens in
    /// Korea first, so its own release must be within ``koreanDateWindowDays`` of the open date.
    package static let plausibleReleaseDays = -365...30
    /// Detail calls a film may cost at most (on top of at most three searches).
    package static let detailsPerFilm = 3

    package let client: TMDBClient
    package let overrides: TMDBOverrides

    package init(client: TMDBClient, overrides: TMDBOverrides = .init()) {
        self.client = client
        self.overrides = overrides
    }

    /// What the judge makes of one candidate.
    package enum Verdict: Equatable, Sendable {
        /// `days`: from the Korean release to the KOBIS open date (for a re-release, to the first
        /// chart date); the closest exact candidate wins.
        case exact(String, days: Int)
        case likely(String)
        case rejected(String)

        var text: String {
            switch self {
            case .exact(let why, _): "exact: \(why)"
            case .likely(let why): "likely: \(why)"
            case .rejected(let why): "rejected: \(why)"
            }
        }
    }

    package func match(_ film: FilmQuery) async throws -> TMDBMatch {
        switch overrides.pin(for: film.movieCode) {
        case .forbidden:
            return TMDBMatch(confidence: .none, details: nil, how: "never matched (overrides file)")
        case .pinned(let id):
            guard let details = try await client.details(id: id) else {
                return TMDBMatch(confidence: .none, details: nil, how: "pinned TMDB id \(id) does not exist")
            }
            return TMDBMatch(confidence: .exact, details: details, how: TMDBMatch.pinnedHow)
        case nil:
            break
        }
        let year = film.openDate?.year
        var queries: [(text: String, year: Int?, name: String)] = [(film.title, year, "Korean title\(year.map { ", \($0)" } ?? "")")]
        if year != nil { queries.append((film.title, nil, "Korean title, any year")) }
        if !film.titleEnglish.isEmpty { queries.append((film.titleEnglish, year, "English title\(year.map { ", \($0)" } ?? "")")) }

        var seen = Set<Int>()
        var considered: [TMDBMatch.Candidate] = []
        var detailsLeft = Self.detailsPerFilm
        var likely: (details: TMDBDetails, how: String)?
        // The best exact candidate so far: the Korean release closest to the KOBIS date wins, then
        // one whose title is also the KOBIS English title (same-titled films opening together).
        var exact: (details: TMDBDetails, how: String, days: Int, english: Bool)?
        var exactDays: [Int] = []
        for (index, query) in queries.enumerated() where !Self.normalize(query.text).isEmpty && detailsLeft > 0 && exact == nil {
            let results = try await client.search(query.text, year: query.year).filter { seen.insert($0.id).inserted }
            let ranked = Self.rank(results, for: film)
            let titled = ranked.filter { Self.titleAgrees([$0.title, $0.originalTitle], film) }
            // No result carries the title: the closest may still, as its translation or an alternative title.
            let toJudge = titled.isEmpty ? Array(ranked.prefix(1)) : titled
            candidates: for movie in toJudge {
                guard detailsLeft > 0 else { break }
                detailsLeft -= 1
                guard let details = try await client.details(id: movie.id) else {
                    considered.append(Self.candidate(movie, details: nil, verdict: "rejected: TMDB no longer has it"))
                    continue
                }
                let agrees = Self.titleAgrees(
                    [movie.title, movie.originalTitle, details.movie.title, details.movie.originalTitle] + details.extras.otherTitles, film)
                let verdict = Self.judge(details, film: film, titleAgrees: agrees)
                considered.append(Self.candidate(movie, details: details, verdict: verdict.text))
                let how = "search \(index + 1) of \(queries.count) (\(query.name)): TMDB \(movie.id)"
                switch verdict {
                case .exact(let why, let days):
                    exactDays.append(days)
                    let english = Self.englishTitleAgrees([movie.originalTitle, details.movie.originalTitle] + details.extras.otherTitles, film)
                    if exact.map({ (days, english ? 0 : 1) < ($0.days, $0.english ? 0 : 1) }) ?? true {
                        exact = (details, "\(how), \(why)", days, english)
                    }
                    // Nothing can be closer, or tell same-titled films apart better: stop looking.
                    if days == 0 && (english || film.titleEnglish.isEmpty) { break candidates }
                case .likely(let why):
                    if likely == nil { likely = (details, "\(how), \(why)") }
                case .rejected:
                    break
                }
            }
        }
        if let exact {
            // Said when it decided between films released the same distance from the open date.
            let tie = exactDays.filter { $0 == exact.days }.count > 1
            let english = exact.english && tie ? "; of the same-titled films released then, its title is the KOBIS English title" : ""
            return TMDBMatch(
                confidence: .exact, details: exact.details, how: exact.how + english, candidates: considered, fit: Self.fit(exact.details, film))
        }
        if let likely {
            return TMDBMatch(
                confidence: .likely, details: likely.details, how: likely.how, candidates: considered, fit: Self.fit(likely.details, film))
        }
        let rejected = considered.count
        return TMDBMatch(
            confidence: .none, details: nil,
            how: rejected == 0
                ? "no TMDB film has the title" : "\(rejected) same-titled candidate\(rejected == 1 ? "" : "s") rejected by date or title",
            candidates: considered)
    }

    // MARK: - Judging (pure)

    /// One candidate, from its details: see the type's documentation for the rules.
    package static func judge(_ details: TMDBDetails, film: FilmQuery, titleAgrees: Bool) -> Verdict {
        guard titleAgrees else { return .rejected("no title of it is the KOBIS title") }
        // Nations or a runtime that disagree make it another film of that title (a Korean namesake
        // of a foreign film): said before any date.
        let made = agreement(details, film: film)
        if let conflict = made.conflict { return .rejected(conflict) }
        let korean = details.koreanTheatricalDates.sorted()
        guard let open = film.openDate else {
            return korean.isEmpty ? .likely("no KOBIS open date to compare") : .likely("no KOBIS open date to compare its Korean release with")
        }
        if let nearest = korean.min(by: { abs($0.distance(to: open)) < abs($1.distance(to: open)) }) {
            let days = abs(nearest.distance(to: open))
            if days <= koreanDateWindowDays {
                return .exact(
                    "Korean release \(nearest.iso) \(days == 0 ? "is" : "within \(days) day\(days == 1 ? "" : "s") of") the KOBIS open date"
                        + made.clause,
                    days: days)
            }
            // A re-release: KOBIS keeps the original open date, and TMDB lists the new release. Only
            // after a gap of a year or more, and only for a film first released before the KOBIS
            // open date (or within a month after it; a classic may reach Korea years after its
            // premiere): a namesake released in Korea weeks after a film opened is another film,
            // not its re-release.
            if let chart = film.chartDate, open.distance(to: chart) >= reReleaseGapDays,
                let again = korean.min(by: { abs($0.distance(to: chart)) < abs($1.distance(to: chart)) }),
                abs(again.distance(to: chart)) <= koreanDateWindowDays
            {
                guard let first = details.movie.releaseDate, open.distance(to: first) <= plausibleReleaseDays.upperBound else {
                    return .rejected(
                        "a Korean release \(again.iso) near the chart date \(chart.iso), but its first release "
                            + (details.movie.releaseDate.map { "\($0.iso) does not fit" } ?? "is unknown, so it cannot match")
                            + " the KOBIS open date \(open.iso) of a re-release")
                }
                return .exact(
                    "re-release: Korean release \(again.iso) near the chart date \(chart.iso); KOBIS keeps the original open date \(open.iso),"
                        + " which its first release \(first.iso) fits" + made.clause,
                    days: abs(again.distance(to: chart)))
            }
            return .rejected("its Korean release \(nearest.iso) is \(days) days from the KOBIS open date \(open.iso)")
        }
        if film.isKorean == true, !details.movie.originalLanguage.isEmpty, details.movie.originalLanguage != "ko" {
            return .rejected("a \(details.movie.originalLanguage) film without a Korean release, for a Korean film")
        }
        guard let released = details.movie.releaseDate else { return .rejected("no date on TMDB to check it against") }
        let offset = open.distance(to: released)
        let koreanFilm = film.isKorean ?? (details.movie.originalLanguage == "ko")
        let window = koreanFilm ? -koreanDateWindowDays...koreanDateWindowDays : plausibleReleaseDays
        guard window.contains(offset) else {
            return .rejected("released \(released.iso), \(abs(offset)) days from the KOBIS open date, with no Korean release")
        }
        return .likely("no Korean release date on TMDB; released \(released.iso)" + made.clause)
    }

    /// How well `details` fits `film`, each measure where both sides know it: what decides between
    /// two KOBIS films matched to one TMDB film (``TMDBMatch/resolvingSharedIDs(_:)``).
    static func fit(_ details: TMDBDetails, _ film: FilmQuery) -> TMDBMatch.Fit {
        var fit = TMDBMatch.Fit()
        if let open = film.openDate {
            let korean = details.koreanTheatricalDates.map { abs($0.distance(to: open)) }.min()
            fit.releaseDays = korean ?? details.movie.releaseDate.map { abs($0.distance(to: open)) }
        }
        if let kobis = film.runtimeMinutes, kobis > 0, let runtime = details.extras.runtimeMinutes { fit.runtimeMinutes = abs(kobis - runtime) }
        if !film.titleEnglish.isEmpty {
            fit.englishTitle = englishTitleAgrees([details.movie.title, details.movie.originalTitle] + details.extras.otherTitles, film)
        }
        if !details.extras.originCountries.isEmpty, let kobis = KOBISNation.isoCodes(film.nations) {
            fit.nations = details.extras.originCountries.contains(where: kobis.contains)
        }
        return fit
    }

    /// A gap from the KOBIS open date to the first chart date that makes a film a re-release.
    package static let reReleaseGapDays = 365

    /// How far TMDB's runtime may be from KOBIS's `showTm`, in minutes, for the same film.
    package static let runtimeToleranceMinutes = 20

    /// What the nations and the runtime say, KOBIS's against TMDB's: a conflict rejects the
    /// candidate; otherwise the facts that agree are stated in its reason.
    struct Agreement {
        var facts: [String] = []
        var conflict: String?

        /// Said at the end of an accepting reason.
        var clause: String { facts.isEmpty ? "" : "; " + facts.joined(separator: "; ") }
    }

    /// Nations: where both sides name them and none is shared, a conflict. Runtime, where both
    /// know it: more than ``runtimeToleranceMinutes`` apart, a conflict (cuts and credits differ by
    /// minutes, films by more). Either unknown decides nothing.
    static func agreement(_ details: TMDBDetails, film: FilmQuery) -> Agreement {
        var result = Agreement()
        let countries = details.extras.originCountries
        if !countries.isEmpty, let kobis = KOBISNation.isoCodes(film.nations) {
            let shared = countries.filter(kobis.contains)
            guard !shared.isEmpty else {
                return Agreement(
                    conflict: "made in \(countries.joined(separator: ", ")) on TMDB, where KOBIS says \(film.nations.joined(separator: ", "))")
            }
            result.facts.append("made in \(shared.joined(separator: ", ")), as KOBIS says")
        }
        if let kobis = film.runtimeMinutes, let runtime = details.extras.runtimeMinutes, kobis > 0 {
            guard abs(kobis - runtime) <= runtimeToleranceMinutes else {
                return Agreement(conflict: "runs \(runtime) minutes on TMDB, where KOBIS says \(kobis)")
            }
            result.facts.append("runs \(runtime) minutes" + (runtime == kobis ? ", as KOBIS says" : " (KOBIS: \(kobis))"))
        }
        return result
    }

    /// True when one of `titles` is the KOBIS English title, normalized.
    static func englishTitleAgrees(_ titles: [String], _ film: FilmQuery) -> Bool {
        let english = normalize(film.titleEnglish)
        return !english.isEmpty && titles.contains { normalize($0) == english }
    }

    /// Candidates best first: closest release date to the open date, then a language that fits
    /// (Korean for a Korean film), then popularity, then id.
    package static func rank(_ movies: [TMDBMovie], for film: FilmQuery) -> [TMDBMovie] {
        func distance(_ movie: TMDBMovie) -> Int {
            guard let open = film.openDate, let date = movie.releaseDate else { return .max }
            return abs(date.distance(to: open))
        }
        func fits(_ movie: TMDBMovie) -> Bool { film.isKorean.map { $0 == (movie.originalLanguage == "ko") } ?? true }
        return movies.sorted { a, b in
            if distance(a) != distance(b) { return distance(a) < distance(b) }
            if fits(a) != fits(b) { return fits(a) }
            if a.popularity != b.popularity { return a.popularity > b.popularity }
            return a.id < b.id
        }
    }

    /// True when one of `titles` is the KOBIS Korean or English title, normalized.
    package static func titleAgrees(_ titles: [String], _ film: FilmQuery) -> Bool {
        let names = Set([film.title, film.titleEnglish].map(normalize).filter { !$0.isEmpty })
        return titles.map(normalize).contains { !$0.isEmpty && names.contains($0) }
    }

    static func candidate(_ movie: TMDBMovie, details: TMDBDetails?, verdict: String) -> TMDBMatch.Candidate {
        .init(
            id: movie.id, title: movie.title, originalTitle: movie.originalTitle, releaseDate: movie.releaseDate,
            koreanDates: details?.koreanTheatricalDates.sorted(), verdict: verdict)
    }

    // MARK: - Titles

    /// Titles compared without case, spacing or punctuation, after NFKC: `범죄도시3` equals `범죄도시 3`;
    /// a Roman numeral standing as a word is its number, so `Rocky II` equals `Rocky 2`.
    package static func normalize(_ title: String) -> String {
        let folded = title.precomposedStringWithCompatibilityMapping.lowercased()
        var result = ""
        for word in folded.split(whereSeparator: { character in !character.unicodeScalars.contains { isKept($0) } }) {
            let kept = String(String.UnicodeScalarView(word.unicodeScalars.filter(isKept)))
            result += romanNumerals[kept].map(String.init) ?? kept
        }
        return result
    }

    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// `i` … `xx` as words.
    static let romanNumerals: [String: Int] = {
        let ones = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]
        var table: [String: Int] = [:]
        for value in 1...20 { table[(value >= 10 ? String(repeating: "x", count: value / 10) : "") + ones[value % 10]] = value }
        return table
    }()
}
