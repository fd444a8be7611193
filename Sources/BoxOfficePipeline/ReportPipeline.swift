import BoxOfficeFiles
import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficeServices
import Foundation

/// The whole `boxoffice report` run, as named stages, in this order. A stage that needs the cache
/// reads it itself, before the model function it feeds; no model function reads the cache or the
/// network (it is handed values, never a closure that fetches).
///
/// 1. **fetch** (``FetchStage``): a region named by `--area` looked up in KOBIS's code list, then
///    every chart of the range and the movie info of every film in them, concurrently and bounded,
///    with the charts beyond the range it compares with;
/// 2. **look-back** (``LookBackStage``): the charts before the range that streaks, %± LW and the
///    year-earlier comparisons need, from the cache or fetched within the budget;
/// 3. **join** and **rank** (``JoinStage``, ``RankStage``, ``ReportBuilder``): pure functions from the
///    fetched data to a ``BoxOfficeReport``, its stories included (``StoryStage``); with `--regions`,
///    each period's chart in every region beside it (``regions(_:request:)``);
/// 4. **year to date and year records** (``yearRecords(_:year:request:known:client:)``), worked out
///    beside stage 3 from the cache's totals index, the record holders' titles read before the
///    model names them;
/// 5. **returns** (``returns(_:known:client:)``): a new #1's 역주행 or return, the charts its
///    question needs read first; a whole month's, year's, holiday's or season's place among every
///    cached year's (``LookBackStage/sameSpan(_:named:koreanShare:)``);
/// 6. **your films** (``yourFilms(_:list:range:known:client:)``): the watchlist;
/// 7. **opening weekends** (``openingWeekends(_:client:)``): each film's opening weekend and
///    multiplier, its weekend chart read from the cache; for `rank`, the period's **weekends**
///    (``weekends(_:range:fetched:)``) from the weekend charts fetched with the days;
/// 8. **notes and revisions**: what the run saw and says;
/// 9. **digest** (``Digest``): what changed since the folder's last report;
/// 10. **render** (``ReportRenderer``) into **write** (``StagedFiles``): every file complete before
///    any is renamed into place, then the folder's index.
///
/// Stages 4 and 5 are for daily reports; a period report (`--weekend` …) has its own look-back and
/// regions. `film` and `rank` run stages 1 to 3 through ``FilmPipeline`` and ``RankPipeline``, and
/// render and write through ``Publishing``.
package struct ReportPipeline: Sendable {
    package struct Request: Sendable {
        package var range: DateRange
        package var filters: KOBISFilters
        package var rankBy: RankKey
        package var formats: [ReportFormat]
        /// Today in Seoul: charts from yesterday on are marked provisional. Nil only when unknown.
        package var today: Day?
        /// Served from the cache alone (`--offline`): a date not cached is an error saying so.
        package var offline: Bool
        /// How deep each day's chart goes (daily reports).
        package var depth: ChartDepth = .top10
        /// A weekly, weekend or weekdays report of these periods instead of a daily one.
        package var periods: (kind: PeriodKind, periods: [ChartPeriod])?
        /// `--regions`: every region's chart of each period beside the national one (``regions(_:request:)``).
        package var regions = false
        /// Notes the command line adds (a range snapped to whole periods).
        package var notes: [ReportNote] = []
        /// Read charts beyond the range for comparisons and streaks (``LookBackStage``); false
        /// (`--no-look-back`) keeps every figure within the range and spends no call beyond it.
        package var lookBack = true
        /// `--holiday`, `--season`: the holiday or season the range is, for its place among the years.
        package var named: NamedPeriod?
        /// `rank`: the period's weekends from KOBIS's weekend charts (``WeekendTable``), fetched
        /// beside the days like a comparison (a weekend not had is named, never a reason to fail).
        package var weekends = false
        /// `rank`: charts with filters of their own (a region's weeks, the diversity films'),
        /// fetched beside the days (``FetchStage/Plan/sideDays``), given back by ``reportAndSideCharts(for:)``.
        package var sideDays: [FetchStage.SideChart<Day>] = []
        package var sidePeriods: [FetchStage.SideChart<ChartPeriod>] = []
        /// Also write every file under the shape's stable name (``ReportRenderer/latestBaseName(for:)``),
        /// renamed into place with the dated files.
        package var latest = false
        /// `--allow-gaps`: a chart KOBIS answers with a malformed body is left out, and the report
        /// says so, instead of ending the run.
        package var allowGaps = false
        /// The folder's index (`index.html`, `index.md`) is rebuilt after the reports, in this
        /// language; nil (`--no-index`, or stdout) leaves it as it is.
        package var index: ReportLanguage?
        /// `--base-url`: where the folder is served, so the feed beside the index links absolutely.
        package var baseURL: URL?
        /// The user's watchlist: a daily report opens with its films ("Your films").
        package var watchlist: Watchlist?
        /// What the fetch stage is asked for.
        package var plan: FetchStage.Plan {
            var plan =
                periods.map { FetchStage.Plan(days: [], periods: $0.periods, filters: filters) }
                ?? FetchStage.Plan(days: range.days, depth: depth, filters: filters)
            plan.allowGaps = allowGaps
            // The comparisons beyond the range ride with it: their dates are known before the first request.
            if lookBack {
                if let periods {
                    plan.comparisonPeriods = LookBackStage.comparisonPeriods(periods.periods)
                } else {
                    plan.comparisonDays = ChartHistory.comparisonDays(for: range)
                }
            }
            if weekends, periods == nil {
                plan.comparisonPeriods += WeekendTable.weekends(in: range) + (lookBack ? WeekendTable.comparisons(in: range) : [])
            }
            (plan.sideDays, plan.sidePeriods) = (sideDays, sidePeriods)
            return plan
        }

        package init(
            range: DateRange, filters: KOBISFilters = .init(), rankBy: RankKey = .audience,
            formats: [ReportFormat] = ReportFormat.byDefault, today: Day?, offline: Bool = false
        ) {
            self.range = range
            self.filters = filters
            self.rankBy = rankBy
            self.formats = formats
            self.today = today
            self.offline = offline
        }
    }

    package let fetch: FetchStage
    package let renderer: ReportRenderer
    package let writer: ReportWriter
    /// True when the KOBIS client is backed by the bundled simulation.
    package let simulated: Bool

    package init(fetch: FetchStage, renderer: ReportRenderer, writer: ReportWriter, simulated: Bool) {
        self.fetch = fetch
        self.renderer = renderer
        self.writer = writer
        self.simulated = simulated
    }

    /// What a run wrote, how complete its TMDB enrichment is, and what went wrong without stopping it.
    package struct Result: Sendable {
        package var paths: [URL]
        /// The report's line for the archive index, by the base names it was written under.
        package var headlines: [String: ReportHeadline] = [:]
        package var enrichment: EnrichmentStatus
        package var warnings: [String]
        /// The reports were written but the index could not be rebuilt: worth a warning, not a failed run.
        package var indexWarning: String?
    }

    /// Fetches the data and builds the report model, writing nothing.
    ///
    /// With `requireEnrichment`, a TMDB failure is thrown instead of leaving the enrichment incomplete.
    package func report(for request: Request, requireEnrichment: Bool = false) async throws -> BoxOfficeReport {
        var warnings: [String] = []
        return try await build(request, requireEnrichment: requireEnrichment, warnings: &warnings).report
    }

    /// The report, and the side charts the request asked for (each chart, or why it was not had).
    package func reportAndSideCharts(for request: Request) async throws -> (report: BoxOfficeReport, sides: FetchStage.Comparisons) {
        var warnings: [String] = []
        return try await build(request, requireEnrichment: false, warnings: &warnings)
    }

    /// The report of `request` and its side charts (``Request/sidePeriods``), and what went wrong
    /// without stopping it added to `warnings`.
    private func build(
        _ request: Request, requireEnrichment: Bool, warnings runWarnings: inout [String]
    ) async throws -> (report: BoxOfficeReport, sides: FetchStage.Comparisons) {
        // `--regions`: every region's chart of each period rides in the plan as a side chart.
        var request = request
        let regions = request.regions && request.periods != nil ? try await fetch.client.regions() : []
        if let periods = request.periods?.periods {
            request.sidePeriods += periods.flatMap { period in
                regions.map { FetchStage.SideChart(period, filters: Self.filters(request.filters, in: $0)) }
            }
        }
        let fetched = try await fetch.fetch(request.plan)
        try Self.requireComplete(fetched, offline: request.offline, resume: request.plan.fetchCommand(request.range))
        if requireEnrichment, let error = fetched.enrichmentError { throw error }
        let options = ReportBuilder.Options(rankBy: request.rankBy, filters: request.filters, simulated: simulated, today: request.today)
        let enrichment = ReportBuilder.Enrichment(matches: fetched.matches, upcoming: fetched.upcoming, status: fetched.enrichment)
        let lookBack = LookBackStage(client: fetch.client)
        var warnings = fetched.warnings
        var notes = request.notes
        if let gaps = fetched.gapReportNote {
            notes.append(gaps)
            warnings.append(gaps.english)
        }
        var report: BoxOfficeReport
        if let (kind, periods) = request.periods {
            var cached: [ChartPeriod: WeeklyChart] = [:]
            var earlier: WeeklyChart?
            var yearEarlier: [ChartPeriod: WeeklyChart] = [:]
            if request.lookBack {
                let history = lookBack.periodHistory(periods, kind: kind, comparisons: fetched.comparisons.periods, filters: request.filters)
                (earlier, cached, yearEarlier) = (history.earlier, history.cached, history.yearEarlier)
                if let note = history.note { notes.append(note) }
                if let warning = history.warning { warnings.append(warning) }
            }
            report = ReportBuilder.build(
                range: request.range, periods: fetched.periodCharts, kind: kind, movies: fetched.movies, options: options, enrichment: enrichment,
                cached: cached, earlier: earlier, yearEarlier: yearEarlier)
            if request.regions {
                notes.append(.regionalCharts)
                if let note = Self.regions(&report, regions: regions, charts: fetched.comparisons.sidePeriods, filters: request.filters) {
                    notes.append(note)
                    warnings.append(note.english)
                }
            }
        } else {
            var known = Dictionary(fetched.charts.map { ($0.date, $0) }) { first, _ in first }
            var history = ChartHistory()
            if request.lookBack {
                let lookBackWarnings: [String]
                (history, lookBackWarnings) = try await lookBack.daily(
                    range: request.range, charts: fetched.charts, comparisons: fetched.comparisons.days, filters: request.filters)
                warnings += lookBackWarnings
                known.merge(history.charts) { own, _ in own }
            }
            // The year to date sends nothing, so --no-look-back keeps it too. It reads only the
            // cache and the charts at hand, so it is worked out beside the builder, whose days half
            // leaves a core idle while its films half ranks and tells their runs (25 ms of a
            // twenty-year report's 1.1 s went on it, alone, after the builder).
            let (range, filters, atHand) = (request.range, request.filters, known)
            async let yearFigures = lookBack.yearToDate(range: range, filters: filters, known: atHand)
            report = ReportBuilder.build(
                range: request.range, charts: fetched.charts, movies: fetched.movies, options: options, enrichment: enrichment, history: history)
            if !request.lookBack { report.notes.append(.noLookBack) }
            let year = await yearFigures
            if let note = Self.yearRecords(&report, year: year, request: request, known: known, client: lookBack.client) { notes.append(note) }
            Self.returns(&report, known: known, client: lookBack.client)
            // A whole month's, year's, holiday's or season's place among every cached year's (nothing sent).
            if request.lookBack, request.filters.isEmpty, SameSpan.saysPlace(request.range, named: request.named),
                let place = lookBack.sameSpan(request.range, named: request.named, koreanShare: false)?.highlight(named: request.named)
            {
                report.highlights.append(place)
            }
            if let list = request.watchlist, !list.films.isEmpty {
                Self.yourFilms(&report, list: list, range: request.range, known: known, client: lookBack.client)
            }
        }
        Self.openingWeekends(&report, client: fetch.client)
        if request.weekends, request.periods == nil, let note = Self.weekends(&report, range: request.range, fetched: fetched) {
            notes.append(note)
            warnings.append(note.english)
        }
        // The lead: at most eight highlights, the strongest; the rest are the report's records.
        let (lead, records) = StoryStage.lead(report.highlights)
        (report.highlights, report.records) = (lead, records.isEmpty ? nil : records)
        report.notes.insert(contentsOf: notes, at: report.simulated ? 1 : 0)
        if let seen = fetch.client.cache?.revisions.seenThisRun, !seen.isEmpty { report.revisions = seen }
        report.chartsFetched = fetch.client.cache?.chartsFetched.range
        // Said by the fetch already, unless the look-back was the first to log a revision.
        if let warning = fetch.client.cache?.revisions.warning, !warnings.contains(warning) { warnings.append(warning) }
        runWarnings += warnings
        return (report, fetched.comparisons)
    }

    /// Stage 3b, **regions** (`--regions`, period reports): each period's chart in every region of
    /// KOBIS's code list (side charts of the fetch plan: one cached call each, budgeted like every
    /// call), beside the national one. A region's chart that could not be had (`--offline` and not
    /// cached, no call left, or KOBIS failing or answering badly for it) is named in the period's
    /// `regions_missing` and in the returned note; the report goes on without it. Only a rejected
    /// key ends the run (the fetch throws it).
    static func regions(
        _ report: inout BoxOfficeReport, regions: [KOBISRegion], charts: [FetchStage.SideChart<ChartPeriod>: Swift.Result<WeeklyChart, KOBISError>],
        filters: KOBISFilters
    ) -> ReportNote? {
        var missing = 0
        for index in report.periods.indices {
            let period = report.periods[index]
            var had: [RegionalChart] = []
            var lacking: [String] = []
            for region in regions {
                if case .success(let chart)? = charts[FetchStage.SideChart(period.period, filters: Self.filters(filters, in: region))] {
                    had.append(RegionalChart(region: region, chart: chart, national: period))
                } else {
                    lacking.append(region.code)
                }
            }
            report.periods[index].regions = had
            if !lacking.isEmpty { report.periods[index].regionsMissing = lacking.sorted() }
            missing += lacking.count
        }
        return missing == 0 ? nil : .regionsMissing(charts: missing, of: report.periods.count * regions.count)
    }

    /// `filters` in `region`.
    static func filters(_ filters: KOBISFilters, in region: KOBISRegion) -> KOBISFilters {
        var regional = filters
        regional.area = region.code
        return regional
    }

    /// Stage 4, **year to date and year records**: each day's year to date against last year's, and
    /// the year's best opening and fastest milestones so far, from the cache's totals index; then
    /// the titles of the films those records were set against, read from the charts at hand or the
    /// cache (nothing sent), before the model names them. The note says what could not be had.
    static func yearRecords(
        _ report: inout BoxOfficeReport, year: LookBackStage.YearFigures, request: Request, known: [Day: DailyChart], client: KOBISClient
    ) -> ReportNote? {
        for index in report.days.indices { report.days[index].yearToDate = year.yearToDate[report.days[index].date] }
        report.summary.yearToDate = year.yearToDate[request.range.end]
        report.highlights += StoryStage.yearBestOpenings(report.films, range: request.range, bestOpening: year.bestOpening)
        var fastest = StoryStage.yearFastestMilestones(report.films, range: request.range, crossings: year.crossings)
        var titles: [String: String] = [:]
        for (code, day) in StoryStage.previousHolders(fastest) {
            let chart = known[day] ?? client.cachedDailyChart(on: day, filters: request.filters)
            if let title = chart?.entries.first(where: { $0.movieCode == code })?.title { titles[code] = title }
        }
        StoryStage.namePrevious(&fastest, titles: titles)
        report.highlights += fastest
        report.highlights += StoryStage.yearToDate(report.summary.yearToDate)
        return year.note
    }

    /// Stage 5, **returns**: a new #1's 역주행 or return to #1. The model asks which charts it needs
    /// (``StoryStage/returnQuestion(_:openDate:)``); they are read here, from the charts at hand or
    /// the cache (nothing sent), back to the first that settles it or is missing; the model tells it.
    static func returns(_ report: inout BoxOfficeReport, known: [Day: DailyChart], client: KOBISClient) {
        let opened = Dictionary(report.films.compactMap { film in film.openDate.map { (film.movieCode, $0) } }) { first, _ in first }
        guard let question = StoryStage.returnQuestion(report.highlights, openDate: opened) else { return }
        var charts: [DailyChart] = []
        for day in question.daysBack {
            guard let chart = known[day] ?? client.cachedDailyChart(on: day) else { break }
            charts.append(chart)
            if question.settles(chart) { break }
        }
        StoryStage.returns(&report.highlights, question: question, charts: charts)
    }

    /// Stage 7, **opening weekends and multipliers**: each film's opening weekend from KOBIS's
    /// weekend chart of its open date's week, read from the cache (nothing sent; each weekend once),
    /// and its multiplier.
    static func openingWeekends(_ report: inout BoxOfficeReport, client: KOBISClient) {
        var charts: [ChartPeriod: WeeklyChart?] = [:]
        for index in report.films.indices {
            guard let period = FilmRanking.openingWeekendPeriod(report.films[index].openDate) else { continue }
            if charts[period] == nil { charts[period] = .some(client.cachedWeeklyChart(period)) }
            report.films[index].noteOpeningWeekend(charts[period] ?? nil)
        }
    }

    /// Stage 7b, **weekends** (`rank`): the period's weekend table from the weekend charts the fetch
    /// had (the period's, the weekend before it and those 52 weeks earlier); the note names the
    /// period's weekends it could not have.
    static func weekends(_ report: inout BoxOfficeReport, range: DateRange, fetched: FetchStage.Output) -> ReportNote? {
        let periods = WeekendTable.weekends(in: range)
        guard !periods.isEmpty else { return nil }
        let table = WeekendTable(periods, charts: fetched.comparisons.periods.compactMapValues { try? $0.get() })
        report.weekends = table
        return table.missing.isEmpty ? nil : .weekendsMissing(table.missing)
    }

    /// Stage 6, **your films**: the watchlist's films as the report sees them, flagged on every
    /// row (for the JSON and the CSVs), and their break-even highlights first. The projection of a
    /// break-even reads the four weeks to the range's end (and last year's holidays, ``Projection/chartDays(through:)``): the cached charts the run has not at hand
    /// are read (never fetched).
    static func yourFilms(_ report: inout BoxOfficeReport, list: Watchlist, range: DateRange, known: [Day: DailyChart], client: KOBISClient) {
        var charts = known
        if report.periodKind == nil, list.films.contains(where: { $0.breakEven != nil }) {
            charts.merge(client.projectionCharts(through: range.end, atHand: known)) { own, _ in own }
        }
        let watched = WatchedFilm.statuses(list, report: report, charts: charts)
        report.watched = watched
        let codes = list.codes
        for index in report.films.indices { report.films[index].watched = codes.contains(report.films[index].movieCode) }
        for day in report.days.indices {
            for row in report.days[day].entries.indices {
                report.days[day].entries[row].watched = codes.contains(report.days[day].entries[row].movieCode)
            }
        }
        report.highlights.insert(contentsOf: WatchedFilm.breakEvenHighlights(watched, range: range), at: 0)
    }

    /// A report is never silently thinner: a date or film that could not be had is an error naming it.
    package static func requireComplete(_ fetched: FetchStage.Output, offline: Bool, resume: String) throws {
        guard !fetched.missing.isEmpty else { return }
        if offline {
            throw CacheError.offlineMiss(dates: fetched.missingDates, periods: fetched.missingPeriods, films: fetched.missingFilms, resume: resume)
        }
        throw CacheError.budgetSpent(
            stop: fetched.budgetStop ?? .quota, remaining: fetched.missingDates, periods: fetched.missingPeriods,
            films: fetched.missingFilms.count, resume: resume)
    }

    /// Runs every stage and returns the paths written, in format order.
    ///
    /// Each file goes to a temporary file as soon as it is rendered, which frees its contents (the
    /// JSON, 77 MB over twenty years, as it is encoded); only when all are written are they renamed
    /// into place, so a failure or an interruption at any point leaves the output folder as it was.
    /// `--latest` names are hard links to the same temporary files (copies where links fail).
    package func run(_ asked: Request, requireEnrichment: Bool = false) async throws -> Result {
        // A format whose library is missing stops the run before anything is fetched.
        if asked.formats.contains(.sqlite) { _ = try SQLiteLibrary.load() }
        // `--area 서울`: the region's code, from KOBIS's code list, before any chart is asked for.
        var resolved = asked
        resolved.filters = try await fetch.client.resolvingArea(asked.filters)
        let request = resolved
        // Templates are parsed while the data is fetched, off the path to the first file.
        let renderer = self.renderer
        let preparing = Task { renderer.prepare(formats: request.formats, periods: request.periods != nil) }
        defer { preparing.cancel() }
        var warnings: [String] = []
        var report = try await build(request, requireEnrichment: requireEnrichment, warnings: &warnings).report
        // What changed since the folder's last report: its state file, read now, replaced below.
        // Kept with the folder's index: a folder whose index is not kept (--no-index) has no digest.
        let digestFile = writer.toStandardOutput || request.index == nil ? nil : writer.directory.appendingPathComponent(DigestState.fileName)
        var previous: DigestState?
        if let digestFile {
            do {
                previous = try SideFile.contents(digestFile.path, limit: 1 << 20).flatMap { try? JSONDecoder().decode(DigestState.self, from: $0) }
            } catch {
                warnings.append("no digest since the last report: \(error)")
            }
        }
        if let previous, !report.simulated { report.digest = Digest.since(previous, report: report) }
        let staged = try writer.stage()
        do {
            // `--latest`: each file again under the shape's stable name, `boxoffice-latest.html` …
            let base = ReportRenderer.baseName(for: report)
            let latest = ReportRenderer.latestBaseName(for: report)
            func latestName(_ name: String) -> String { latest + name.dropFirst(base.count) }
            var names = try await renderer.render(report, formats: request.formats, into: staged)
            if request.latest {
                for name in names { try staged.add(latestName(name), sameAs: name) }
                names += names.map(latestName)
            }
            try Task.checkCancellation()
            let headline = ReportHeadline(report)
            var headlines = [base: headline]
            if request.latest { headlines[latest] = headline }
            let digest = digestFile == nil || report.simulated ? nil : DigestState(report)
            // Done with the model's rows: freed beside the commit and the index, not before them.
            ReleaseElsewhere.drop(&report.days, leaving: [])
            ReleaseElsewhere.drop(&report.films, leaving: [])
            ReleaseElsewhere.drop(&report.periods, leaving: [])
            var result = Result(paths: try staged.commit(names), headlines: headlines, enrichment: report.enrichment, warnings: warnings)
            if let digestFile, let state = digest, previous.map({ $0.date <= state.date }) ?? true,
                let data = try? state.encoded()
            {
                // Derived state: a folder where it cannot be written just has no digest next time.
                try? AtomicFile.replace(digestFile, with: data)
            }
            if let language = request.index, !writer.toStandardOutput { rebuildIndex(language, baseURL: request.baseURL, into: &result) }
            return result
        } catch {
            staged.discard()
            throw error
        }
    }

    /// Rebuilds the folder's index with the run's headlines; the index's paths follow the reports'.
    private func rebuildIndex(_ language: ReportLanguage, baseURL: URL?, into result: inout Result) {
        do {
            result.paths += try ArchiveIndex(directory: writer.directory, templates: renderer.templates, language: language, baseURL: baseURL)
                .rebuild(headlines: result.headlines)
        } catch let OutputError.cannotWrite(path, reason) {
            result.indexWarning = "the reports were written, but \(path) could not be rebuilt: \(reason)"
        } catch {
            result.indexWarning = "the reports were written, but the index could not be rebuilt: \(error)"
        }
    }
}
