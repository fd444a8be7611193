import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficeServices
import Foundation

/// `boxoffice watch add`: a film (a code or a title, found as `film` finds it) added to the
/// watchlist, or its break-even or note updated.
package struct WatchAddRequest: PipelineRequest {
    package var film: String
    package var breakEven: Int64?
    package var note: String?

    package init(film: String, breakEven: Int64?, note: String?) { (self.film, self.breakEven, self.note) = (film, breakEven, note) }

    package func run(_ run: PipelineRun) async throws -> [URL] {
        let wiring = try run.wiring(offersSample: false)
        let file = WatchlistFile.standard(run.environment)
        // A damaged list is said (and set aside) before anything is looked up.
        _ = try file.loadForChange()
        let (code, title) = try await wiring.withKOBIS(run.context) { client, _ in
            try await WatchlistLookup(client: client, offline: run.offline).film(film)
        }
        let (today, breakEven, note) = (wiring.calendar.today, breakEven, note)
        let known = try await file.update { (list: inout Watchlist) throws(WatchlistError) -> Bool in
            let known = list.film(code) != nil
            guard list.add(.init(movieCode: code, title: title, added: today, breakEven: breakEven, note: note)) else { throw .full }
            return known
        }
        let name = title.isEmpty ? code : "\(title) (\(code))"
        if !run.console.quiet { run.console.line(known ? "updated \(name) on the watchlist" : "watching \(name)") }
        return []
    }
}

/// `boxoffice watch remove`: a film taken off the watchlist, by code or by its title there.
package struct WatchRemoveRequest: PipelineRequest {
    package var film: String

    package init(film: String) { self.film = film }

    package func run(_ run: PipelineRun) async throws -> [URL] {
        let file = WatchlistFile.standard(run.environment)
        let text = film.trimmingCharacters(in: .whitespaces)
        let key = FilmPipeline.titleKey(text)
        let watched = try await file.update { (list: inout Watchlist) throws(WatchlistError) -> Watchlist.Film in
            guard let watched = list.film(text) ?? list.films.first(where: { FilmPipeline.titleKey($0.title) == key }) else {
                throw .notWatched(text)
            }
            list.remove(watched.movieCode)
            return watched
        }
        if !run.console.quiet {
            run.console.line("no longer watching \(watched.title.isEmpty ? watched.movieCode : "\(watched.title) (\(watched.movieCode))")")
        }
        return []
    }
}

/// `boxoffice watch list`: the watchlist in the order added, with each film's latest charted day
/// in the cache; sends nothing.
package struct WatchListRequest: PipelineRequest {
    package var format: TableFormat

    package init(format: TableFormat) { self.format = format }

    package func run(_ run: PipelineRun) async throws -> [URL] {
        let list = try WatchlistFile.standard(run.environment).load()
        guard !list.films.isEmpty || format != .text else {
            run.console.line("The watchlist is empty: boxoffice watch add CODE|TITLE adds a film.")
            return []
        }
        let wiring = try run.wiring()
        let yesterday = wiring.calendar.yesterday
        let (latest, breakEvens) = try await wiring.withCache(run.context.cache, offline: true, writePolicy: .warn) { cache in
            let lookup = WatchlistLookup(client: KOBISClient(transport: OfflineTransport(), key: "", cache: cache), offline: true)
            return (lookup.latest(list.codes, yesterday: yesterday), lookup.breakEvens(list, yesterday: yesterday))
        }
        format.print(
            ReportTables.table(
                of: list.films.map { WatchlistRow(film: $0, latest: latest[$0.movieCode], breakEven: breakEvens[$0.movieCode]) }),
            lines: WatchlistText.lines(list, latest: latest, breakEvens: breakEvens), on: run.console)
        return []
    }
}
