import BoxOfficeModel
import BoxOfficeServices
import Foundation

/// What `boxoffice tmdb review` prints: each film of a range matched only `likely` or not at all,
/// with its reason and the candidates the matcher weighed, then lines for the overrides file.
package struct TMDBReview: Sendable {
    package struct Film: Sendable {
        package var code: String
        package var title: String
        package var titleEnglish: String
        package var openDate: Day?
        package var match: TMDBMatch?
    }

    package let range: DateRange
    /// Every film of the range's charts, in the order they first charted.
    package let films: [Film]

    package init(fetched: FetchStage.Output, range: DateRange) {
        self.range = range
        var seen = Set<String>()
        var films: [Film] = []
        for chart in fetched.charts.sorted(by: { $0.date < $1.date }) {
            for entry in chart.entries where seen.insert(entry.movieCode).inserted {
                let info = fetched.movies[entry.movieCode]
                films.append(
                    Film(
                        code: entry.movieCode, title: entry.title, titleEnglish: info?.titleEnglish ?? "", openDate: entry.openDate ?? info?.openDate,
                        match: fetched.matches[entry.movieCode]))
            }
        }
        self.films = films
    }

    package func lines(all: Bool = false) -> [String] {
        func count(_ confidence: MatchConfidence) -> Int { films.filter { $0.match?.confidence == confidence }.count }
        let notLookedUp = films.filter { $0.match == nil }.count
        var lines = [
            "TMDB review, \(range.displayText): \(films.count) film\(films.count == 1 ? "" : "s"), \(count(.exact)) exact, \(count(.likely)) likely, \(count(.none)) unmatched"
                + (notLookedUp > 0 ? ", \(notLookedUp) not looked up" : "")
        ]
        // Films sharing one TMDB id with another come first: at most one of each group is right.
        func shared(_ film: Film) -> Bool { film.match?.how.contains(TMDBMatch.sharedMarker) == true }
        let reviewed = films.filter { all || $0.match?.confidence != .exact }
        let listed = reviewed.filter(shared) + reviewed.filter { !shared($0) }
        var overrides: [String] = []
        for var film in listed {
            // Every line is one record: a title from a service cannot break it into two.
            (film.title, film.titleEnglish) = (PlainText.oneLine(film.title), PlainText.oneLine(film.titleEnglish))
            let confidence = film.match?.confidence.rawValue ?? "not looked up"
            lines.append("")
            lines.append(
                "\(confidence.padding(toLength: 7, withPad: " ", startingAt: 0)) \(film.code)  \(film.title)"
                    + (film.titleEnglish.isEmpty ? "" : " (\(film.titleEnglish))") + ", opened \(film.openDate?.iso ?? "(no open date)")")
            guard let match = film.match else { continue }
            // An override line is built from codes alone; a code that is not one (KOBIS's are
            // digits) gets no line to paste.
            let pastable = KOBISDecoding.isMovieCode(film.code)
            if let details = match.details, match.confidence != .none {
                lines.append(
                    "        TMDB \(details.movie.id) \(Self.titles(details.movie.title, details.movie.originalTitle)): \(PlainText.oneLine(match.how))"
                )
            } else {
                lines.append("        \(PlainText.oneLine(match.how))")
            }
            for candidate in match.candidates {
                let korean = candidate.koreanDates.map {
                    $0.isEmpty ? "no Korean release" : "Korean release \($0.map(\.iso).joined(separator: ", "))"
                }
                lines.append(
                    "          \(candidate.id)  \(Self.titles(candidate.title, candidate.originalTitle)), \(candidate.releaseDate?.iso ?? "no date")"
                        + (korean.map { ", \($0)" } ?? "") + " — \(PlainText.oneLine(candidate.verdict))")
            }
            switch match.confidence {
            case .likely where pastable:
                if let id = match.details?.movie.id { overrides.append("\(film.code),\(id)  # \(film.title): confirm the likely match") }
            case .none where pastable:
                let best = match.candidates.first.map { " (or \(film.code),\($0.id) if \($0.id) is it)" } ?? ""
                overrides.append("\(film.code),0  # \(film.title): not on TMDB\(best); or \(film.code),<tmdb id> to pin it")
            case .likely, .none:
                break
            case .exact:
                break
            }
        }
        if listed.isEmpty { lines.append("Every film is an exact match: nothing to review.") }
        if !overrides.isEmpty {
            lines.append("")
            lines.append(
                "Lines for tmdb-overrides.csv (keep those you agree with; the file is tmdb-overrides.csv in your config folder, or --tmdb-overrides):"
            )
            lines += overrides
        }
        return lines
    }

    /// `검은 파도`, or `라 뤼미에르 / La Lumière` when the original differs (each on one line).
    static func titles(_ title: String, _ original: String) -> String {
        let (title, original) = (PlainText.oneLine(title), PlainText.oneLine(original))
        return original.isEmpty || original == title ? "'\(title)'" : "'\(title)' / '\(original)'"
    }
}
