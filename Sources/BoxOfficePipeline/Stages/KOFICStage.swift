import BoxOfficeModel
import BoxOfficeServices
import Foundation

/// `rank`'s KOFIC tables that need charts or lists of their own (issue 63): the diversity films
/// (`multiMovieYn=Y` charts), the releases (KOBIS's movie list of each year) and, with `--regions`,
/// each region's weekly charts. The charts ride in the fetch plan as side charts
/// (``FetchStage/Plan/sidePeriods``): cached, budgeted, in the ledger, never a reason to fail; what
/// was not had is named in the ranking's notes.
struct KOFICStage {
    /// The charts a period's tables need, worked out before the fetch.
    struct Plan: Sendable {
        var range: DateRange
        /// Today in Seoul: a past year's movie list is cached longer than the current year's.
        var today: Day
        /// False for a period longer than ``longestSpan``: no table of this stage.
        var tables: Bool
        var basis: DiversityFilms.Basis
        var sideDays: [FetchStage.SideChart<Day>] = []
        var sidePeriods: [FetchStage.SideChart<ChartPeriod>] = []
        var regions: [KOBISRegion] = []
        var regionWeeks: [ChartPeriod] = []
        var notes: [ReportNote] = []
    }

    /// The longest period with these tables: a leap year. A longer one has KOFIC's tables by year.
    static let longestSpan = 366

    static let diversity = KOBISFilters(films: .diversity)

    let client: KOBISClient
    let width: Int

    /// The side charts of `range`'s tables: the diversity films' days or weeks, then (`regions`)
    /// every region's weeks, region by region, so a budget that runs short leaves whole regions out.
    static func plan(_ range: DateRange, regions: Bool, calendar: SeoulCalendar, client: KOBISClient) async throws -> Plan {
        var plan = Plan(
            range: range, today: calendar.today, tables: range.dayCount <= longestSpan, basis: DiversityFilms.basis(of: range))
        guard plan.tables else {
            plan.notes.append(.kofic(.longSpan))
            return plan
        }
        let weeks = ChartPeriod.weeks(thursdaysIn: range, endingBy: calendar.yesterday)
        switch plan.basis {
        case .daily: plan.sideDays = range.days.map { FetchStage.SideChart($0, filters: diversity) }
        case .weekly: plan.sidePeriods = weeks.map { FetchStage.SideChart($0, filters: diversity) }
        }
        guard regions else { return plan }
        // No week, no regional chart: the list of regions is not asked for either.
        guard !weeks.isEmpty else {
            plan.notes.append(.kofic(.noRegionWeek))
            return plan
        }
        do {
            plan.regions = try await client.regions()
        } catch let error as KOBISError where LookBackStage.isRecoverable(error) {
            plan.notes.append(.kofic(.regionListNotHad))
            return plan
        }
        plan.regionWeeks = weeks
        plan.sidePeriods += plan.regions.flatMap { region in
            plan.regionWeeks.map { FetchStage.SideChart($0, filters: KOBISFilters(area: region.code)) }
        }
        return plan
    }

    /// The ranking with its diversity films, releases and regions, from the side charts fetched and
    /// the movie lists (fetched now, cached and budgeted like every call).
    func complete(_ ranking: inout PeriodRanking, report: BoxOfficeReport, plan: Plan, sides: FetchStage.Comparisons) async throws {
        ranking.notes += plan.notes
        guard plan.tables else { return }
        let known = Dictionary(report.films.map { ($0.movieCode, $0) }) { first, _ in first }
        ranking.diversity = try await diversity(plan, sides: sides, known: known, charted: ranking.chartedAudience, notes: &ranking.notes)
        ranking.releases = try await releases(plan.range, today: plan.today, known: known, notes: &ranking.notes)
        if !plan.regions.isEmpty {
            var charts: [String: [ChartPeriod: WeeklyChart]] = [:]
            for (side, result) in sides.sidePeriods {
                guard let area = side.filters.area, case .success(let chart) = result else { continue }
                charts[area, default: [:]][side.subject] = chart
            }
            let regions = RegionTotals(regions: plan.regions, weeks: plan.regionWeeks, charts: charts, year: plan.range.start.year)
            ranking.regions = regions
            let used = regions.regions.compactMap(\.populationYear).first
            ranking.notes.append(.kofic(.regionsMade(weeks: plan.regionWeeks.count, populationYear: used)))
            if !regions.missing.isEmpty {
                ranking.notes.append(.kofic(.regionsMissing(names: regions.missing, of: plan.regions.count, weeks: plan.regionWeeks.count)))
            }
        }
    }

    /// A year's (or its days so far): the years of its ten (``PeriodRanking/sameSpan``, read after
    /// ``complete(_:report:plan:sides:)``) it could not compare, and the 2017–2019 baseline; and whose
    /// population a figure a person is over, for a year past the bundled table's last.
    static func comparisonNotes(_ ranking: PeriodRanking, range: DateRange, named: NamedPeriod?) -> [ReportNote] {
        var notes: [ReportNote] = []
        if named == nil, range.isYearToDate {
            let had = Set(ranking.sameSpan?.years.map(\.year) ?? [])
            let missing = (max(DateRange.earliest.year, range.start.year - 9)..<range.start.year).filter { !had.contains($0) }
            let baseline = !(2017...2019).contains(range.start.year) && !(2017...2019).allSatisfy(had.contains)
            if !missing.isEmpty { notes.append(.kofic(.notCompared(years: missing, baseline: baseline))) }
        }
        let perPerson = (ranking.sameSpan?.tenYears.map(\.year) ?? []) + (ranking.regions.map { _ in [range.start.year] } ?? [])
        if perPerson.contains(where: { $0 > Population.lastYear }) { notes.append(.kofic(.populationOf(used: Population.lastYear))) }
        return notes
    }

    /// The diversity films of the plan's charts; each film's side from its movie info (the period's
    /// own, the cache's, or asked for now: a film KOBIS will not give stays without a side).
    func diversity(
        _ plan: Plan, sides: FetchStage.Comparisons, known: [String: FilmRanking], charted: Int64, notes: inout [ReportNote]
    ) async throws -> DiversityFilms {
        var charts: [[ChartEntry]] = []
        var missing: [Day] = []
        var all = 0
        for (side, result) in sides.sideDays where side.filters == Self.diversity {
            all += 1
            if case .success(let chart) = result { charts.append(chart.entries) } else { missing.append(side.subject) }
        }
        for (side, result) in sides.sidePeriods where side.filters == Self.diversity {
            all += 1
            if case .success(let chart) = result { charts.append(chart.entries) } else { missing.append(side.subject.start) }
        }
        var sides: [String: Bool] = [:]
        var unknown: [String] = []
        for code in Set(charts.joined().map(\.movieCode)) {
            if let film = known[code], let korean = MarketStructure.nation(of: film) {
                sides[code] = korean
            } else if let info = client.cachedMovieInfo(code: code) {
                sides[code] = info.isKorean
            } else {
                unknown.append(code)
            }
        }
        let client = client
        for (code, result) in try await BoundedTaskGroup.mapResults(
            unknown.sorted(), width: width, recovering: LookBackStage.isRecoverable,
            {
                try await client.movieInfo(code: $0)
            })
        {
            if case .success(let info?) = result { sides[code] = info.isKorean }
        }
        if !missing.isEmpty { notes.append(.kofic(.diversityMissing(charts: missing.sorted(), of: all, basis: plan.basis))) }
        return DiversityFilms(basis: plan.basis, charts: charts, missing: missing, korean: { sides[$0] }, chartedAudience: charted)
    }

    /// The films KOBIS's movie list says opened in `range`; nil when no year's list could be had.
    func releases(_ range: DateRange, today: Day, known: [String: FilmRanking], notes: inout [ReportNote]) async throws -> Releases? {
        var list: [(info: MovieInfo, status: String)] = []
        var notHad: [Int] = []
        var cutShort: [Int] = []
        for year in range.start.year...range.end.year {
            switch try await LookBackStage.outcome({ try await client.releases(year: year, currentYear: today.year) }) {
            case .success(let releases):
                list += releases.films
                if releases.listed > releases.films.count { cutShort.append(year) }
            case .failure:
                notHad.append(year)
            }
        }
        if !notHad.isEmpty { notes.append(.kofic(.releasesNotHad(years: notHad))) }
        if !cutShort.isEmpty { notes.append(.kofic(.releasesCutShort(years: cutShort))) }
        guard notHad.count < range.end.year - range.start.year + 1 else { return nil }
        return Releases(
            list, in: range, charted: Set(known.keys),
            grade: { code in known[code]?.watchGrade ?? client.cachedMovieInfo(code: code)?.watchGrades.last }, cutShort: cutShort)
    }
}
