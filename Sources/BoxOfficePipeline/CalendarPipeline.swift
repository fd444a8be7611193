import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficeServices
import Foundation

/// `boxoffice calendar`: the releases in Korea over a range from KOBIS's movie list (each year's,
/// paged, cached and budgeted like every KOBIS call) and TMDB's upcoming list for Korea, and the
/// watched films' projected crossings from the cached charts; rendered and written.
package struct CalendarPipeline: Sendable {
    package let client: KOBISClient
    /// TMDB's client, nil when TMDB is off: the calendar is then KOBIS's alone, and says so.
    package let tmdb: TMDBClient?
    /// Why TMDB is off, for the note.
    package let tmdbOff: String?
    package let width: Int
    package let simulated: Bool

    package init(client: KOBISClient, tmdb: TMDBClient?, tmdbOff: String? = nil, width: Int, simulated: Bool) {
        self.client = client
        self.tmdb = tmdb
        self.tmdbOff = tmdbOff
        self.width = width
        self.simulated = simulated
    }

    /// The days `calendar` covers when no range is given: today and the 89 days after it.
    package static let defaultDays = 90
    /// How far ahead a range may reach: KOBIS lists films two years ahead at most.
    package static let aheadDays = 730

    package func calendar(_ range: DateRange, today: Day, watchlist: Watchlist) async throws -> ReleaseCalendar {
        var kobis: [(info: MovieInfo, status: String)] = []
        var notes: [String] = []
        for year in range.start.year...range.end.year {
            let releases = try await client.releases(year: year, currentYear: today.year)
            kobis += releases.films
            // The page limit cut the year's list short: say so, rather than calendar a part as the whole.
            if releases.listed > releases.films.count {
                notes.append(
                    "KOBIS lists \(PeopleFormat.grouped(Int64(releases.listed))) films opening in \(year); the calendar read the first \(PeopleFormat.grouped(Int64(releases.films.count))) (\(KOBISPaging.releasePages) pages), so some of \(year)'s releases may be missing"
                )
            }
        }
        var upcoming: [TMDBMovie] = []
        if let tmdb {
            do {
                upcoming = try await TMDBListPages.read(.upcoming, client: tmdb, width: width).films
            } catch let error as CancellationError {
                throw error
            } catch {
                notes.append("TMDB's upcoming films for Korea are left out: \((error as? LocalizedError)?.errorDescription ?? "\(error)")")
            }
        } else if let tmdbOff {
            notes.append("TMDB's upcoming films for Korea are left out: \(tmdbOff)")
        }
        // The projections read the last four weeks' charts (and last year's holidays) from the cache alone, sending nothing.
        let yesterday = today - 1
        let charts = Array(client.projectionCharts(through: yesterday).values)
        let events =
            ReleaseCalendar.releases(in: range, kobis: kobis, tmdb: upcoming)
            + ReleaseCalendar.projections(watchlist.films, charts: charts, in: range)
        return ReleaseCalendar(range: range, simulated: simulated, events: events, notes: notes)
    }

    /// The calendar of `range`, rendered in `formats` and written; the paths written and its notes.
    package func write(
        _ range: DateRange, today: Day, watchlist: Watchlist, formats: [CalendarFormat], output: Publishing, stamp: Date
    ) async throws -> (paths: [URL], notes: [String]) {
        let calendar = try await calendar(range, today: today, watchlist: watchlist)
        let files = try CalendarView.render(
            calendar, formats: formats, templates: output.templates, csv: output.csv, language: output.language, stamp: stamp)
        return (try output.writer.write(files), calendar.notes)
    }
}
