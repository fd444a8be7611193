import BoxOfficeModel
import Foundation

/// `boxoffice tmdb now-playing` as lines of fixed-width text: the films TMDB lists as in Korean
/// cinemas, those on the day's chart first with their rank, ◆ on the watched ones, the charted
/// films TMDB does not list, and a `watch add` line for each film off the chart.
package enum NowPlayingText {
    package static func lines(_ playing: NowPlaying, words w: Words) -> [String] {
        var lines = [heading(playing, words: w)]
        if let window = playing.window, !window.contains(playing.day) {
            lines.append(w.say.nowPlayingWindow(window, day: playing.day))
        }
        guard !playing.films.isEmpty else {
            return lines + [w.say.nowPlayingEmpty]
        }
        func cell(_ text: String, _ width: Int) -> String { DisplayWidth.pad(text, to: width) }
        let header = w.say.nowPlayingHeader
        lines.append("  " + cell(header.chart, 7) + cell(header.released, 12) + header.film)
        for film in playing.films {
            let rank = film.rank.map { "#\($0)" } ?? "-"
            lines.append("  " + cell(rank, 7) + cell(film.movie.releaseDate?.iso ?? "-", 12) + (film.watched ? "◆ " : "") + title(film.movie))
        }
        if !playing.unlisted.isEmpty {
            let films = playing.unlisted.map { "#\($0.rank) \(PlainText.oneLine($0.title))" }.joined(separator: ", ")
            lines.append(w.say.nowPlayingUnlisted(films))
        }
        if playing.films.contains(where: \.watched) { lines.append(w.say.nowPlayingWatched) }
        let hints = playing.offChart.filter { !$0.watched }.compactMap { film -> String? in
            let name = PlainText.oneLine(film.movie.title).trimmingCharacters(in: .whitespaces)
            return name.isEmpty ? nil : "  boxoffice watch add -- \(ShellWord.quoted(name))"
        }
        if !hints.isEmpty {
            lines.append(w.say.nowPlayingFollow)
            lines += hints
        }
        return lines
    }

    /// `TMDB's now playing in Korea (2025-01-20 to 2025-03-03; 3 pages, 9 films) against KOBIS's chart of Sun 2025-03-09`.
    static func heading(_ playing: NowPlaying, words w: Words) -> String {
        w.say.nowPlayingHeading(
            window: playing.window, pagesRead: playing.pagesRead, totalPages: playing.totalPages, films: playing.films.count, day: playing.day)
    }

    /// The Korean title, with TMDB's original title when it differs.
    static func title(_ movie: TMDBMovie) -> String {
        let title = PlainText.oneLine(movie.title)
        let original = PlainText.oneLine(movie.originalTitle)
        guard !original.isEmpty, original != title else { return title.isEmpty ? original : title }
        return title.isEmpty ? original : "\(title) (\(original))"
    }
}

/// A word for a POSIX shell: as it is when it holds only safe characters, else in single quotes
/// (a `'` inside written `'\''`), so a title copied from a hint line runs as the one argument it reads as.
package enum ShellWord {
    package static func quoted(_ text: String) -> String {
        let safe =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.value > 0x7F
                    ? !scalar.properties.isWhitespace
                    : CharacterSet(charactersIn: "-_./:,+=@%").contains(scalar)
                        || CharacterSet.alphanumerics.contains(scalar)
            }
        if safe { return text }
        return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
