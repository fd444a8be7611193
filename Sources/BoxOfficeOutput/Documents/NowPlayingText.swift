import BoxOfficeModel
import Foundation

/// `boxoffice tmdb now-playing` as lines of fixed-width text: the films TMDB lists as in Korean
/// cinemas, those on the day's chart first with their rank, ◆ on the watched ones, the charted
/// films TMDB does not list, and a `watch add` line for each film off the chart.
package enum NowPlayingText {
    package static func lines(_ playing: NowPlaying, words w: Words) -> [String] {
        var lines = [heading(playing, words: w)]
        if let window = playing.window, !window.contains(playing.day) {
            lines.append(
                w.ko
                    ? "TMDB 목록은 \(w.date(window.lowerBound)) ~ \(w.date(window.upperBound)) 상영작이라 \(w.date(playing.day)) 순위와는 느슨한 비교입니다."
                    : "TMDB's list covers \(window.lowerBound.iso) to \(window.upperBound.iso), not \(playing.day.iso): a loose comparison.")
        }
        guard !playing.films.isEmpty else {
            return lines + [w.ko ? "TMDB의 상영 중 목록이 비어 있습니다." : "TMDB's now-playing list is empty."]
        }
        func cell(_ text: String, _ width: Int) -> String { DisplayWidth.pad(text, to: width) }
        lines.append("  " + cell(w.ko ? "순위" : "Chart", 7) + cell(w.ko ? "개봉일" : "Released", 12) + (w.ko ? "영화" : "Film"))
        for film in playing.films {
            let rank = film.rank.map { "#\($0)" } ?? "-"
            lines.append("  " + cell(rank, 7) + cell(film.movie.releaseDate?.iso ?? "-", 12) + (film.watched ? "◆ " : "") + title(film.movie))
        }
        if !playing.unlisted.isEmpty {
            let films = playing.unlisted.map { "#\($0.rank) \(PlainText.oneLine($0.title))" }.joined(separator: ", ")
            lines.append(w.ko ? "순위에 있지만 TMDB 목록에 없는 영화: \(films)." : "On the chart but not in TMDB's list: \(films).")
        }
        if playing.films.contains(where: \.watched) { lines.append(w.ko ? "◆ 관심 영화." : "◆ on your watchlist.") }
        let hints = playing.offChart.filter { !$0.watched }.compactMap { film -> String? in
            let name = PlainText.oneLine(film.movie.title).trimmingCharacters(in: .whitespaces)
            return name.isEmpty ? nil : "  boxoffice watch add -- \(ShellWord.quoted(name))"
        }
        if !hints.isEmpty {
            lines.append(w.ko ? "순위 밖의 영화를 관심 영화로 두려면:" : "To follow a film off the chart:")
            lines += hints
        }
        return lines
    }

    /// `TMDB's now playing in Korea (2025-01-20 to 2025-03-03; 3 pages, 9 films) against KOBIS's chart of Sun 2025-03-09`.
    static func heading(_ playing: NowPlaying, words w: Words) -> String {
        let pages =
            playing.pagesRead < playing.totalPages
            ? (w.ko ? "\(playing.totalPages)쪽 중 앞 \(playing.pagesRead)쪽" : "first \(playing.pagesRead) of \(playing.totalPages) pages")
            : (w.ko ? "\(playing.pagesRead)쪽" : "\(playing.pagesRead) page\(playing.pagesRead == 1 ? "" : "s")")
        let count = w.ko ? "\(playing.films.count)편" : "\(playing.films.count) film\(playing.films.count == 1 ? "" : "s")"
        if w.ko {
            let window = playing.window.map { "\(w.date($0.lowerBound)) ~ \(w.date($0.upperBound)), " } ?? ""
            return "TMDB의 한국 상영 중 목록(\(window)\(pages), \(count))과 KOBIS \(w.dateWithWeekday(playing.day)) 순위"
        }
        let window = playing.window.map { "\($0.lowerBound.iso) to \($0.upperBound.iso); " } ?? ""
        return "TMDB's now playing in Korea (\(window)\(pages), \(count)) against KOBIS's chart of \(w.dateWithWeekday(playing.day))"
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
