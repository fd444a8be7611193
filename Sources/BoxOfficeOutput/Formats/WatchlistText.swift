import BoxOfficeModel
import Foundation

/// `boxoffice watch list` as lines of fixed-width text: code, title, the day added, the
/// break-even, the latest charted day found in the cache, and the note.
package enum WatchlistText {
    package static func lines(
        _ list: Watchlist, latest: [String: (day: Day, rank: Int, cumulative: Int64, multiplier: Double?)],
        breakEvens: [String: Projection.Milestone] = [:]
    ) -> [String] {
        // Each line one record: a title or note edited into the file with a line break cannot start another.
        let titles = list.films.map { $0.title.isEmpty ? "–" : PlainText.oneLine($0.title) }
        let titleWidth = min(30, max(5, titles.map(DisplayWidth.of).max() ?? 0))
        func cell(_ text: String, _ width: Int) -> String { DisplayWidth.pad(text, to: width, leading: false) }
        let header =
            cell("#", 3) + cell("Code", 10) + cell("Title", titleWidth + 2) + cell("Added", 12) + cell("Break-even", 13) + "Latest in the cache"
        return [header]
            + list.films.enumerated().map { index, film in
                let seen =
                    latest[film.movieCode].map { seen in
                        "#\(seen.rank) on \(seen.day.iso), \(PeopleFormat.grouped(seen.cumulative)) to date"
                            + (seen.multiplier.map { ", \(PeopleFormat.fixed($0, places: 2))× its opening weekend" } ?? "")
                    }
                    ?? "not charted in the last \(Watchlist.latestLookBackDays) days cached"
                return cell(String(index + 1), 3) + cell(film.movieCode, 10) + cell(titles[index], titleWidth + 2)
                    + cell(film.added.iso, 12) + cell(film.breakEven.map(PeopleFormat.grouped) ?? "–", 13) + seen
                    + (breakEvens[film.movieCode].map { "; break-even projection: " + English().projectedMilestone($0) } ?? "")
                    + (film.note.map { " · \(PlainText.oneLine($0))" } ?? "")
            }
    }
}
