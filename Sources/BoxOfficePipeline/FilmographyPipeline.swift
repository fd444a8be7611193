import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficeServices
import Foundation

/// `boxoffice company` and `boxoffice person`: a distributor's or a person's page (``Filmography``)
/// from KOBIS's company or people services (a name looked up in the list: one call, cached for a
/// day; the info with the films: one call, cached for a month), against the cached daily charts.
package struct FilmographyPipeline: Sendable {
    package let kind: Filmography.Kind
    package let client: KOBISClient
    package let simulated: Bool
    /// `--offline`: a name or code the cache does not hold is said to be missing from the cache.
    package let offline: Bool

    package init(_ kind: Filmography.Kind, client: KOBISClient, simulated: Bool, offline: Bool = false) {
        self.kind = kind
        self.client = client
        self.simulated = simulated
        self.offline = offline
    }

    /// The KOBIS code `text` names: itself when it is one (digits), else the one company or person
    /// of that name KOBIS's list finds (an exact name before a partial one).
    package func code(for text: String) async throws -> String {
        let name = text.trimmingCharacters(in: .whitespaces)
        if name.count <= 12, name.allSatisfy(\.isASCII), name.allSatisfy(\.isNumber) { return name }
        let listed: [KOBISDirectory.Listed]
        do {
            listed = try await client.directoryList(kind, name: name)
        } catch KOBISError.notCached {
            throw FilmographyError.notCached(kind: kind, what: "\"\(name)\"")
        }
        let key = FilmPipeline.titleKey
        let exact = listed.filter { key($0.name) == key(name) || key($0.nameEnglish) == key(name) }
        let found = exact.isEmpty ? listed : exact
        guard let only = found.first else { throw FilmographyError.noMatch(kind: kind, name: name) }
        guard found.count == 1 else { throw FilmographyError.ambiguous(kind: kind, name: name, candidates: found) }
        return only.code
    }

    /// The page of `code`, against the cached daily charts through `yesterday` (the sample's own
    /// week with `--sample`).
    package func page(code: String, yesterday: Day) async throws -> Filmography {
        let entry: KOBISDirectory.Entry?
        do {
            entry = try await client.directoryEntry(kind, code: code)
        } catch KOBISError.notCached {
            throw FilmographyError.notCached(kind: kind, what: code)
        }
        guard let entry else { throw FilmographyError.unknown(kind: kind, code: code) }
        let films: ChartedFilms?
        if simulated {
            var charts: [DailyChart] = []
            for day in SampleData.week.days { charts.append(try await client.dailyChart(on: day)) }
            films = ChartedFilms.of(charts)
        } else {
            films = ChartedFilms.cached(client, through: yesterday)
        }
        let client = client
        let simulated = simulated
        var infos: [String: MovieInfo] = [:]
        if simulated {
            for film in entry.films where infos[film.movieCode] == nil {
                if let info = try await client.movieInfo(code: film.movieCode) { infos[film.movieCode] = info }
            }
        }
        return Filmography.make(
            kind, entry: entry, charted: films?.pages ?? Filmography.Charted(span: nil, yearly: [:]), simulated: simulated,
            info: { code in simulated ? infos[code] : client.cachedMovieInfo(code: code) })
    }

    /// The page `text` names, rendered and written; the paths written.
    package func write(_ text: String, yesterday: Day, to output: Publishing) async throws -> [URL] {
        let page = try await page(code: try await code(for: text), yesterday: yesterday)
        let files = try FilmographyView.render(page, formats: output.formats, templates: output.templates, csv: output.csv, language: output.language)
        return try output.writer.write(files)
    }
}

/// Why `boxoffice company` or `boxoffice person` could not show a page.
package enum FilmographyError: UserFacingError, Equatable {
    case noMatch(kind: Filmography.Kind, name: String)
    case ambiguous(kind: Filmography.Kind, name: String, candidates: [KOBISDirectory.Listed])
    case unknown(kind: Filmography.Kind, code: String)
    case notCached(kind: Filmography.Kind, what: String)

    package var errorDescription: String? {
        switch self {
        case let .noMatch(kind, name):
            "KOBIS's \(kind == .company ? "company" : "people") list has no \(kind == .company ? "company" : "one") named \"\(PlainText.oneLine(name))\"; give a KOBIS \(kind == .company ? "company" : "people") code instead"
        case let .ambiguous(kind, name, candidates):
            "\"\(PlainText.oneLine(name))\" names \(candidates.count) \(kind == .company ? "companies" : "people") in KOBIS: "
                + candidates.prefix(8).map { listed in
                    "\(listed.code) \(listed.name)" + (listed.films.isEmpty ? "" : " (\(listed.films.prefix(2).joined(separator: ", ")))")
                }.joined(separator: "; ") + (candidates.count > 8 ? "; …" : "") + "; give one code"
        case let .unknown(kind, code):
            "KOBIS has no \(kind == .company ? "company" : "person") with code \(code)"
        case let .notCached(kind, what):
            "\(kind == .company ? "company" : "people") \(what) is not in the cache (--offline): run it once online"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .ambiguous: .usage
        case .noMatch, .unknown: .noSuchFilm
        case .notCached: .tryAgainLater
        }
    }
}
