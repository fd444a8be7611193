import BoxOfficeModel
import BoxOfficeServices
import Foundation

/// `boxoffice film`: one film's whole run, read from the daily charts a week at a time from a week
/// before its open date (paid previews) until it has been off the chart for two weeks, or yesterday.
///
/// Each chart is cached like any other, so a second look costs nothing and a run stopped by the
/// budget resumes where it stopped.
package struct FilmPipeline: Sendable {
    /// Days the walk reads before the open date, for paid previews.
    package static let previewDays = 7
    /// Days off the chart that end the run.
    package static let offChartDays = 14
    /// A film that has not charted this many days after its open date never charted.
    package static let neverChartedDays = 28
    /// Days read at most, from the first: a little over a year.
    package static let maximumDays = 400

    package let client: KOBISClient
    package let width: Int
    package let simulated: Bool
    /// `--offline`: a film the cache does not know is said to be missing from the cache.
    package let offline: Bool

    /// TMDB's matcher over its cached answers only (sends nothing): the franchise line; nil for none.
    package var matcher: TMDBMatcher?

    package init(client: KOBISClient, width: Int, simulated: Bool, offline: Bool = false, matcher: TMDBMatcher? = nil) {
        self.client = client
        self.width = width
        self.simulated = simulated
        self.offline = offline
        self.matcher = matcher
    }

    /// The movie code `film` names: itself when it is one, else the one film whose title matches
    /// among the films known here (the bundled sample's, or those in the cache), else, online,
    /// among the released films KOBIS's movie list finds for it (one call, cached for a day).
    package func code(for film: String) async throws -> String {
        let text = film.trimmingCharacters(in: .whitespaces)
        if text.count <= 12, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) { return text }
        let known: [MovieInfo]
        if simulated {
            var infos: [MovieInfo] = []
            for film in SampleData.films { if let info = try await client.movieInfo(code: film.code) { infos.append(info) } }
            known = infos
        } else {
            known = client.cachedMovieInfos()
        }
        var found = Self.matches(text, in: known)
        var searched = simulated ? "the bundled sample's films" : offline ? "the films in the cache (--offline)" : "the films in the cache"
        if found.isEmpty, !simulated, !offline {
            // A film never released has no run to show: only released films are candidates.
            found = Self.matches(text, in: try await client.movieList(title: text).filter { $0.openDate != nil })
            searched += " and the released films in KOBIS's movie list"
        }
        guard let only = found.first else { throw FilmError.noTitleMatch(title: text, searched: searched) }
        guard found.count == 1 else { throw FilmError.ambiguous(title: text, candidates: found) }
        return only.code
    }

    /// The run of film `code`, its charts read through `yesterday`.
    package func run(code: String, yesterday: Day) async throws -> FilmRun {
        let info: MovieInfo?
        do {
            info = try await client.movieInfo(code: code)
        } catch KOBISError.notCached {
            info = nil
        }
        guard let openDate = info?.openDate else {
            throw FilmError.unknown(code: code, offline: offline && info == nil)
        }
        let first = max(openDate - Self.previewDays, DateRange.earliest)
        // Not open yet and no day to read, not even a preview's.
        guard first <= yesterday else { throw FilmError.notYetOpen(code: code, title: info?.title ?? "", openDate: openDate) }
        var charts: [Day: DailyChart] = [:]
        var gaps: [Day] = []
        var lastCharted: Day?
        var day = first
        walk: while day <= yesterday, first.distance(to: day) < Self.maximumDays {
            let batch = (0..<7).map { day + $0 }.filter { $0 <= yesterday }
            let client = client
            let results = try await BoundedTaskGroup.mapResults(batch, width: width, recovering: { (error: KOBISError) in error.meansNotHad }) {
                try await client.dailyChart(on: $0)
            }
            for (date, result) in results {
                switch result {
                case .success(let chart):
                    charts[date] = chart
                    if chart.entries.contains(where: { $0.movieCode == code }) { lastCharted = date }
                case .failure(.notCached):
                    gaps.append(date)
                case .failure(let error):
                    // The budget or the quota is spent: what was fetched is cached for the next run.
                    throw FilmError.budgetSpent(code: code, through: date - 1, reason: error.errorDescription ?? "")
                }
            }
            day = day + 7
            let since = lastCharted ?? openDate
            if lastCharted == nil, day > openDate + Self.neverChartedDays, gaps.isEmpty { break walk }
            if lastCharted != nil, since.distance(to: day - 1) >= Self.offChartDays, gaps.allSatisfy({ $0 < since }) { break walk }
        }
        let last = min(yesterday, day - 1)
        var run = FilmRun.build(code: code, info: info, charts: charts, first: first, last: last, gaps: gaps, simulated: simulated)
        guard !run.days.isEmpty else {
            if offline && !gaps.isEmpty { throw FilmError.notCached(code: code, gaps: gaps) }
            if openDate > yesterday { throw FilmError.notYetOpen(code: code, title: run.title, openDate: openDate) }
            throw FilmError.neverCharted(code: code, title: run.title, openDate: openDate)
        }
        run.shape = try await shape(run, yesterday: yesterday)
        // Every cached film's figures, read once for the pace, the ladder and the franchise (nothing sent).
        let topTen = charts.filter { $0.value.depth == .top10 }
        let films = simulated ? nil : ChartedFilms.cached(client, through: yesterday, atHand: { topTen[$0] })
        (run.pace, run.ladder) = history(run, films: films, known: topTen)
        run.franchise = await franchise(run, info: info, films: films)
        run.projection = projection(run, charts: topTen, yesterday: yesterday)
        return run
    }

    /// Where the run is heading (``FilmProjection``): from the charts at hand and, for the four
    /// weeks before its last charted day (and last year's holidays) that the run did not read, the cache (nothing sent).
    func projection(_ run: FilmRun, charts: [Day: DailyChart], yesterday: Day) -> FilmProjection? {
        guard let last = run.days.last?.date, last.distance(to: yesterday) < 7 else { return nil }
        let read = charts.merging(client.projectionCharts(through: last, atHand: charts)) { own, _ in own }
        return FilmProjection.of(run, charts: Array(read.values), asOf: yesterday)
    }

    /// The run's franchise (``Franchise``), from the cache alone: the film's exact TMDB match in a
    /// collection, and the cached films of the same title stem whose exact match is in the same
    /// collection, each with its opening weekend and lifetime; its pace against the one before it.
    func franchise(_ run: FilmRun, info: MovieInfo?, films: ChartedFilms?) async -> Franchise? {
        guard !simulated, let matcher, let info else { return nil }
        func collection(_ info: MovieInfo) async -> String? {
            let query = FilmQuery(movieCode: info.code, title: info.title, openDate: info.openDate, info: info)
            guard let match = try? await matcher.match(query), match.confidence == .exact else { return nil }
            return match.details?.extras.collection.flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let name = await collection(info) else { return nil }
        let stem = Franchise.stem(info.title)
        guard !stem.isEmpty else { return nil }
        var members: [MovieInfo] = [info]
        for other in client.cachedMovieInfos() where other.code != info.code && FilmPipeline.titleKey(other.title).contains(stem) {
            if await collection(other) == name { members.append(other) }
        }
        guard members.count > 1 else { return nil }
        let client = client
        let entries = members.map { member in
            Franchise.Entry(
                movieCode: member.code, title: member.title, openDate: member.openDate,
                openingWeekend: FilmRanking.openingWeekend(
                    member.code, in: FilmRanking.openingWeekendPeriod(member.openDate).flatMap { client.cachedWeeklyChart($0) }),
                lifetime: member.code == info.code ? run.audienceCumulative : films?.lifetimes[member.code]?.highest, isFilm: member.code == info.code
            )
        }.sorted { ($0.openDate ?? DateRange.earliest, $0.movieCode) < ($1.openDate ?? DateRange.earliest, $1.movieCode) }
        var franchise = Franchise(collection: name, entries: entries)
        if let index = entries.firstIndex(where: { $0.isFilm }), index > 0,
            let last = run.days.last(where: { ($0.dayOfRelease ?? 0) >= 1 }), let day = last.dayOfRelease
        {
            franchise.pace = Franchise.pace(day: day, cumulative: last.audienceCumulative, predecessor: entries[index - 1]) {
                client.cachedDailyChart(on: $0)
            }
        }
        return franchise
    }

    /// The run's shape (``RunShape``) from KOBIS's weekend chart of each weekend from its opening
    /// to its last charted day: one call a weekend, cached like any chart. A weekend the cache
    /// lacks offline, or the budget no longer covers, is listed as missing, not fetched.
    func shape(_ run: FilmRun, yesterday: Day) async throws -> RunShape? {
        guard let openDate = run.openDate, let first = run.days.first?.date, let last = run.days.last?.date else { return nil }
        let periods = RunShape.weekends(openDate: openDate, lastCharted: last, through: yesterday)
        let client = client
        let results = try await BoundedTaskGroup.mapResults(periods, width: width, recovering: { (error: KOBISError) in error.meansNotHad }) {
            try await client.weeklyChart($0)
        }
        let charts = Dictionary(results.map { ($0.0, try? $0.1.get()) }, uniquingKeysWith: { first, _ in first })
        // Still running: charted within the days that end a run, counted back from yesterday.
        let toDate = last.distance(to: yesterday) < Self.offChartDays
        return RunShape.of(
            run.movieCode, charts: periods.map { ($0, charts[$0] ?? nil) }, audienceCumulative: run.audienceCumulative,
            firstCharted: first, lastCharted: last, toDate: toDate)
    }

    /// The run against the cached daily charts, sending nothing (``ChartedFilms``): its pace
    /// against the films that went on to 1,000만 (``FilmPace``) and its place among every cached
    /// film's lifetime (``FilmLadder``); each hit's charts around its day N are then read.
    func history(_ run: FilmRun, films: ChartedFilms?, known topTen: [Day: DailyChart]) -> (FilmPace?, FilmLadder?) {
        guard !simulated, let films else { return (nil, nil) }
        // The hits' days around their day N, read once each.
        var read: [Day: DailyChart?] = topTen.mapValues { Optional($0) }
        func chart(_ day: Day) -> DailyChart? {
            if let had = read[day] { return had }
            let chart = client.cachedDailyChart(on: day)
            read[day] = chart
            return chart
        }
        let pace = FilmPace.compute(run, sightings: films.sightings, span: films.span, chart: chart)
        let lifetimes = films.lifetimes
        let ladder = FilmLadder.compute(
            run, lifetimes: lifetimes, span: films.span,
            title: { code in
                self.client.cachedMovieInfo(code: code)?.title
                    ?? lifetimes[code].flatMap { chart($0.highestDay)?.entries.first { $0.movieCode == code }?.title } ?? code
            },
            isKorean: { code in
                code == run.movieCode ? MovieInfo.isKorean(nations: run.nations) : self.client.cachedMovieInfo(code: code)?.isKorean
            })
        return (pace, ladder)
    }

    /// A title as titles are compared: spaces and case ignored.
    package static func titleKey(_ text: String) -> String { text.lowercased().filter { !$0.isWhitespace } }

    /// Films whose title matches `title` among `infos`: exact matches (spaces and case ignored)
    /// when there are any, else titles containing it.
    package static func matches(_ title: String, in infos: [MovieInfo]) -> [MovieInfo] {
        let key = titleKey
        let wanted = key(title)
        guard !wanted.isEmpty else { return [] }
        let exact = infos.filter { key($0.title) == wanted || key($0.titleEnglish) == wanted }
        let found = exact.isEmpty ? infos.filter { key($0.title).contains(wanted) || key($0.titleEnglish).contains(wanted) } : exact
        return found.sorted { ($0.openDate ?? DateRange.earliest, $0.code) < ($1.openDate ?? DateRange.earliest, $1.code) }
    }
}

/// Why `boxoffice film` could not show a run.
package enum FilmError: UserFacingError, Equatable {
    case unknown(code: String, offline: Bool)
    /// `watch add`: KOBIS has no movie info for the code at all.
    case noSuchCode(code: String)
    case notYetOpen(code: String, title: String, openDate: Day)
    case neverCharted(code: String, title: String, openDate: Day)
    case notCached(code: String, gaps: [Day])
    case noTitleMatch(title: String, searched: String)
    case ambiguous(title: String, candidates: [MovieInfo])
    case budgetSpent(code: String, through: Day, reason: String)
    /// `film A B`: two of the films named are one.
    case sameFilmTwice(code: String)

    package var errorDescription: String? {
        switch self {
        case let .unknown(code, offline):
            offline
                ? "film \(code) is not in the cache (--offline): run it once online"
                : "KOBIS knows no released film with code \(code) (no movie info or no open date)"
        case let .noSuchCode(code):
            "KOBIS has no film with code \(code) (its movie info is empty): nothing was added to the watchlist"
        case let .notYetOpen(code, title, openDate):
            "film \(code) (\(title)) opens \(openDate.iso): it has no run yet"
        case let .neverCharted(code, title, openDate):
            "film \(code) (\(title)) never made the daily top 10 in the \(FilmPipeline.neverChartedDays) days after it opened on \(openDate.iso)"
        case let .notCached(code, gaps):
            "none of film \(code)'s days is in the cache (--offline; \(DateRange.compactList(gaps)) not cached): run it once online"
        case let .noTitleMatch(title, searched):
            "no film titled \"\(title)\" among \(searched); give its KOBIS movie code (movieCd) instead"
        case let .ambiguous(title, candidates):
            "\"\(title)\" matches \(candidates.count) films: "
                + candidates.prefix(8).map { "\($0.code) \($0.title) (opened \($0.openDate?.iso ?? "—"))" }.joined(separator: "; ")
                + (candidates.count > 8 ? "; …" : "") + "; give one code"
        case let .budgetSpent(code, through, reason):
            "film \(code)'s run needs more KOBIS calls than this run may spend (\(reason)); its charts through \(through.iso) are cached: run the same command again later to go on"
        case let .sameFilmTwice(code):
            "film \(code) is named twice: compare two films or more, each once"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .ambiguous, .sameFilmTwice: .usage
        case .unknown(_, let offline): offline ? .tryAgainLater : .noSuchFilm
        case .notYetOpen, .neverCharted, .noTitleMatch, .noSuchCode: .noSuchFilm
        case .notCached, .budgetSpent: .tryAgainLater
        }
    }
}
