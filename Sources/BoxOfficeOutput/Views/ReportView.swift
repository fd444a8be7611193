import BoxOfficeModel
import Foundation

/// The view model of the Markdown and HTML reports: every value stored and formatted for people.
///
/// Templates see dictionaries, not the report model: Mustache cannot see computed properties and
/// renders a missing key as nothing, so the keys built here are the contract the golden files check.
/// The rows of the long tables (films, runs, chart rows, weeks, new entries) are ``ViewRow``s,
/// which Mustache reads as it reads dictionaries.
/// Values are plain text; escaping belongs to each template's content type.
package enum ReportView {
    /// Ranges longer than this show a weekly summary instead of daily tables.
    package static let dailyTablesMaxDays = 31
    /// Period tables the Markdown and HTML show at most: the latest year of periods. Over twenty
    /// years a --weekly page would hold 1,043 tables (and cost more than the daily report); the
    /// weeks CSV and the JSON hold every period.
    package static let periodTablesMax = 53

    /// How a report is presented: its language, and whether the HTML loads posters from TMDB.
    package struct Style: Sendable {
        package var words: Words
        /// Show TMDB posters (loaded from image.tmdb.org when the page is opened); false for
        /// `--no-posters`, a page that requests nothing.
        package var posters: Bool

        package init(language: ReportLanguage = .en, posters: Bool = true) {
            words = Words(language: language)
            self.posters = posters
        }
    }

    package static func make(_ report: BoxOfficeReport, style: Style = .init()) -> [String: Any] {
        let w = style.words
        let range = report.range.dateRange
        let summary = report.summary
        let isPeriod = report.periodKind != nil
        let digest = DigestView.sentence(report, words: w)
        let daily = !isPeriod && range.dayCount <= dailyTablesMaxDays
        let filters = w.filters(report.filters)
        let count = isPeriod ? report.periods.count : range.dayCount
        let unitOne = w.say.chartUnit(report.periodKind, weekly: false)
        let (films, runs) = filmRows(report.films, style: style)
        let upcoming = upcomingRows(report, style: style)
        return [
            "l": ReportLabels.labels(w.language),
            "has_digest": digest != nil,
            "digest": digest ?? "",
            "has_revisions": !(report.revisions ?? []).isEmpty,
            "revisions": RevisionView.lines(report, words: w),
            "has_watched": !(report.watched ?? []).isEmpty,
            "watched": WatchedView.rows(report, words: w),
            "title": w.say.reportTitle(report.periodKind, periods: report.periods.count, range: range),
            "extent": w.say.extent(count: count, kind: report.periodKind, depth: report.depth),
            "range": w.range(range),
            "range_start": range.start.iso,
            "range_end": range.end.iso,
            "day_count": String(range.dayCount),
            "source": w.source(report),
            "simulated": report.simulated,
            "simulated_note": w.note(.simulated),
            "filters": filters,
            "has_filters": !filters.isEmpty,
            "ranked_by": w.say.rankedBy(report.rankedBy),
            // The simulated note has a banner of its own.
            "notes": report.notes.filter { $0 != .simulated }.map(w.note),
            "summary": summaryView(report, words: w, count: count),
            "has_highlights": !report.highlights.isEmpty,
            "highlights": HighlightView.make(report.highlights, period: report.periodKind, words: w),
            // The highlights past the lead's eight (StoryStage.lead), after the tables.
            "has_records": !(report.records ?? []).isEmpty,
            "records": HighlightView.make(report.records ?? [], period: report.periodKind, words: w),
            "lw_label": w.say.lwLabel + (isPeriod ? " (KOBIS)" : ""),
            "lw_note": w.say.lwNote(period: isPeriod ? unitOne : nil),
            "runs": runs,
            "first_to_last_note": w.say.firstToLastNote,
            "has_films": !report.films.isEmpty,
            "films": films,
            "has_distributors": !summary.topDistributors.isEmpty,
            "distributors": summary.topDistributors.enumerated().map { index, distributor in
                [
                    "rank": String(index + 1),
                    "name": distributor.name,
                    "audience": w.grouped(distributor.audience),
                    "sales": w.won(distributor.sales),
                    "films": String(distributor.films),
                    "share": PeopleFormat.percent(distributor.audienceSharePercent),
                ]
            },
            "has_new_entries": !summary.newEntries.isEmpty,
            "new_entries": summary.newEntries.map { entry in
                Tables.newEntries.row([
                    "date": w.date(entry.date), "weekday": w.weekday(entry.date), "title": entry.title,
                    "movie_cd": entry.movieCode, "rank": String(entry.rank),
                ])
            },
            "chart": ChartView.make(report, words: w),
            "enrichment_incomplete": report.enrichment.state == .incomplete,
            "show_tmdb": report.films.contains { $0.tmdb != nil },
            // The page loads images (and its CSP allows them) only when it shows a poster.
            "show_posters": films.contains { $0["has_poster"] as? Bool == true } || upcoming.contains { $0["has_poster"] as? Bool == true },
            "has_upcoming": !(report.upcoming ?? []).isEmpty,
            "upcoming_asked": report.upcoming != nil,
            "upcoming": upcoming,
        ].merging(chartSections(report, words: w, daily: daily)) { first, _ in first }
    }

    /// TMDB's coming-soon films.
    static func upcomingRows(_ report: BoxOfficeReport, style: Style) -> [[String: Any]] {
        let w = style.words
        return (report.upcoming ?? []).map { film in
            let poster = style.posters ? TMDBImage.poster(film.posterPath, size: "w92") : nil
            return [
                "release_date": film.releaseDate.map(w.date) ?? w.say.releaseDateUnknown,
                "weekday": film.releaseDate.map(w.weekday) ?? "",
                "title": film.title,
                "original_title": film.originalTitle,
                "has_original_title": !film.originalTitle.isEmpty && film.originalTitle != film.title,
                "tmdb_url": TMDBImage.page(film.id),
                "poster_url": poster ?? "",
                "has_poster": poster != nil,
            ] as [String: Any]
        }
    }

    /// The summary's figures: charted totals, shares, the market, year to date, a year earlier.
    static func summaryView(_ report: BoxOfficeReport, words w: Words, count: Int) -> [String: Any] {
        let summary = report.summary
        let isPeriod = report.periodKind != nil
        return [
            "audience": w.grouped(summary.chartedAudience),
            "sales": w.won(summary.chartedSales),
            "films": String(summary.films),
            "korean_share": PeopleFormat.percent(summary.audienceShareByNation.korean),
            "foreign_share": PeopleFormat.percent(summary.audienceShareByNation.foreign),
            "unknown_share": PeopleFormat.percent(summary.audienceShareByNation.unknown),
            "has_unknown_share": summary.audienceShareByNation.unknown > 0,
            "new_entry_count": String(summary.newEntries.count),
            "last_year_weeks": isPeriod,
            "has_re_entries": !summary.reEntries.isEmpty,
            "re_entry_count": String(summary.reEntries.count),
            "empty_days": String(summary.emptyDays),
            "has_empty_days": summary.emptyDays > 0,
            "has_market": summary.estimatedMarketSales != nil,
            "market_sales": summary.estimatedMarketSales.map(w.won) ?? "",
            "market_days": summary.estimatedMarketDays == count
                ? "" : w.say.marketDays(summary.estimatedMarketDays, of: count, periods: isPeriod),
            "charted_market_share": summary.chartedShareOfEstimatedMarketPercent.map { PeopleFormat.percent($0) } ?? "",
            "has_market_audience": summary.estimatedMarketAudience != nil,
            "market_audience": summary.estimatedMarketAudience.map { w.say.people($0) } ?? "",
            "has_ticket_price": summary.averageTicketPrice != nil,
            "ticket_price": summary.averageTicketPrice.map(w.price) ?? "",
            "has_year_to_date": summary.yearToDate != nil,
            "year_to_date_range": summary.yearToDate.map { w.range(DateRange(start: $0.start, end: $0.end)) } ?? "",
            "year_to_date_audience": summary.yearToDate.map { w.grouped($0.chartedAudience) } ?? "",
            "year_to_date_change": summary.yearToDate?.lastYear.audienceChangePercent.map(PeopleFormat.signedPercent) ?? "–",
            "has_last_year": summary.lastYear != nil,
            "last_year_range": summary.lastYear.map { w.range(DateRange(start: $0.start, end: $0.end)) } ?? "",
            "last_year_audience_change": summary.lastYear?.audienceChangePercent.map(PeopleFormat.signedPercent) ?? "–",
            "last_year_sales_change": summary.lastYear?.salesChangePercent.map(PeopleFormat.signedPercent) ?? "–",
        ]
    }

    /// The chart tables and their labels: daily tables, weekly summaries or period charts.
    static func chartSections(_ report: BoxOfficeReport, words w: Words, daily: Bool) -> [String: Any] {
        let isPeriod = report.periodKind != nil
        return [
            "days_label": w.say.daysLabel(report.periodKind),
            "audience_label": w.say.audienceLabel(period: isPeriod),
            "sales_label": w.say.salesLabel(period: isPeriod),
            "daily_heading": w.say.dailyHeading(report.depth),
            "show_periods": isPeriod,
            "show_first_to_last": !isPeriod,
            "periods": report.periods.suffix(periodTablesMax).map { period($0, words: w) },
            "has_periods_note": report.periods.count > periodTablesMax,
            "periods_note": report.periods.count <= periodTablesMax ? "" : w.say.periodsNote(periods: report.periods.count, shown: periodTablesMax),
            "show_daily": daily,
            "days": daily ? report.days.map { day($0, words: w) } : [],
            "show_weekly": !daily && !isPeriod,
            "weekly_note": w.say.weeklyNote(days: dailyTablesMaxDays),
            "weeks": daily || isPeriod ? [ViewRow]() : weeks(report, words: w),
        ]
    }

    /// The films table's and the runs table's rows. A long list's two halves are made on two
    /// cores: a twenty-year report's 3,700 films took 30 ms on one, on the way to its first document.
    static func filmRows(_ films: [FilmRanking], style: Style) -> (films: [ViewRow], runs: [ViewRow]) {
        let rows = BoundedTaskGroup.mapInHalves(films) { (film: film($0, style: style), run: run($0, words: style.words)) }
        return (rows.map(\.film), rows.map(\.run))
    }

    static func film(_ film: FilmRanking, style: Style) -> ViewRow {
        let w = style.words
        let poster = style.posters ? film.tmdb.flatMap { TMDBImage.poster($0.posterPath, size: "w92") } : nil
        return Tables.films.row([
            "rank": String(film.rank),
            "is_watched": film.watched == true,
            "movie_cd": film.movieCode,
            "title": film.title,
            "title_en": film.titleEnglish,
            "has_title_en": !film.titleEnglish.isEmpty,
            "open_date": film.openDate.map(w.date) ?? "–",
            "days_on_chart": String(film.daysOnChart),
            "best_rank": String(film.bestRank),
            "audience": w.grouped(film.audience),
            "sales": w.won(film.sales),
            "share": PeopleFormat.percent(film.audienceSharePercent),
            "audience_first_to_last": w.grouped(film.audienceFirstToLast)
                + (film.firstToLastMethod == .cumulative ? "" : "*"),
            "audience_cumulative": PeopleFormat.grouped(film.audienceCumulative),
            "sales_cumulative": w.won(film.salesCumulative),
            "per_screen": film.audiencePerScreen.map { PeopleFormat.decimal($0) } ?? "–",
            "nations": film.nations.joined(separator: ", "),
            "genres": film.genres.joined(separator: ", "),
            "directors": film.directors.joined(separator: ", "),
            "distributor": film.distributors.joined(separator: ", "),
            "watch_grade": film.watchGrade ?? "",
            "runtime": film.runtimeMinutes.map(w.say.runtime) ?? "",
            "has_tmdb": film.tmdb != nil,
            "tmdb_url": film.tmdb?.pageURL ?? "",
            "imdb_url": film.tmdb?.imdbURL ?? "",
            "has_imdb": film.tmdb?.imdbURL != nil,
            "tmdb_match": film.tmdbMatch?.rawValue ?? "",
            "tmdb_likely": film.tmdbMatch == .likely,
            "tmdb_rating": film.tmdb.map { $0.votes > 0 ? PeopleFormat.decimal($0.rating) : "–" } ?? "",
            "tmdb_votes": film.tmdb.map { PeopleFormat.grouped(Int64($0.votes)) } ?? "",
            "keywords": film.tmdb.map { $0.keywords.prefix(6).joined(separator: ", ") } ?? "",
            "has_keywords": !(film.tmdb?.keywords.isEmpty ?? true),
            "poster_url": poster ?? "",
            "has_poster": poster != nil,
            "lw": film.audienceChangeLastWeekPercent.map(PeopleFormat.signedPercent) ?? "–",
        ])
    }

    /// The columns of the big tables' rows, each shared by every row of its table.
    enum Tables {
        static let films = ViewTable()
        static let runs = ViewTable()
        static let chartRows = ViewTable()
        static let weeks = ViewTable()
        static let newEntries = ViewTable()
    }

    /// A film's run as far as the report's charts show it: the runs table.
    static func run(_ film: FilmRanking, words w: Words = .english) -> ViewRow {
        let figure = { FilmView.figure($0, words: w) }
        return Tables.runs.row([
            "rank": String(film.rank),
            "movie_cd": film.movieCode,
            "title": film.title,
            "days_in_release": film.daysInRelease.map(String.init) ?? "–",
            "opening_day": figure(film.openingDay),
            "opening_weekend": figure(film.openingWeekend),
            "best_day": figure(film.bestDay),
            "at_number_one": film.daysAtNumberOne == 0 ? "–" : String(film.daysAtNumberOne),
            "streak": film.numberOneStreak.map(w.say.streak) ?? "–",
            "milestones": film.milestones.isEmpty ? "–" : film.milestones.map(w.say.milestone).joined(separator: "; "),
        ])
    }

    static func day(_ day: DayReport, words w: Words) -> [String: Any] {
        let topShare = MarketStructure.topShare(of: day.entries, \.showings)
        return [
            "date": w.date(day.date),
            "weekday": w.weekday(day.date),
            "has_holiday": day.holiday != nil,
            "holiday": day.holiday.map(w.say.holiday) ?? "",
            "audience": w.grouped(day.audience),
            "sales": w.won(day.sales),
            "is_empty": day.entries.isEmpty,
            "provisional": day.provisional,
            "has_market": day.estimatedMarketSales != nil,
            "market_sales": day.estimatedMarketSales.map(w.won) ?? "",
            "charted_market_share": day.chartedSalesSharePercent.map { PeopleFormat.percent($0) } ?? "",
            "is_deep": day.depth != .top10,
            "exact_through": String(day.exactThroughRank),
            "has_top_share": topShare != nil,
            "top_share": topShare.map { PeopleFormat.fixed($0, places: 1) + "%" } ?? "",
            "rows": day.entries.map { row($0, words: w) },
            "has_holiday_last_year": day.holidayLastYear != nil,
            "holiday_last_year_date": day.holidayLastYear.map { HighlightView.when($0.start, $0.end, words: w) } ?? "",
            "holiday_last_year_change": day.holidayLastYear?.audienceChangePercent.map(PeopleFormat.signedPercent) ?? "–",
        ].merging(lastYear(day.lastYear, words: w)) { own, _ in own }
    }

    /// A day's or period's year-earlier keys: its date (`Sun 2024-03-10`) or dates, and the
    /// audience's change.
    static func lastYear(_ earlier: YearEarlier?, words w: Words) -> [String: Any] {
        [
            "has_last_year": earlier != nil,
            "last_year_date": earlier.map { HighlightView.when($0.start, $0.end, words: w) } ?? "",
            "last_year_change": earlier?.audienceChangePercent.map(PeopleFormat.signedPercent) ?? "–",
        ]
    }

    /// One chart row, a day's or a period's, formatted. The changes compare with the day before or
    /// with the same period a week earlier; a rank change not known (the first day of a merged
    /// chart) shows no marker.
    static func row(_ entry: DayEntry, words w: Words) -> ViewRow {
        Tables.chartRows.row([
            "is_watched": entry.watched == true,
            // A merged chart's rank past the rank it is exact through: marked, and the table's note says why.
            "rank": entry.rankExact == false ? "\(entry.rank)*" : String(entry.rank),
            "marker": entry.rankChange.map { PeopleFormat.rankMarker(isNew: entry.isNew, change: $0) } ?? (entry.isNew ? "NEW" : ""),
            "is_new": entry.isNew,
            "is_up": !entry.isNew && (entry.rankChange ?? 0) > 0,
            "is_down": !entry.isNew && (entry.rankChange ?? 0) < 0,
            "partition": entry.partition.map { w.say.partition($0) } ?? "",
            "movie_cd": entry.movieCode,
            "title": entry.title,
            "open_date": entry.openDate.map(w.date) ?? "–",
            "audience": w.grouped(entry.audience),
            "audience_change": entry.isNew ? "NEW" : PeopleFormat.signedPercent(entry.audienceChangePercent),
            "audience_cumulative": PeopleFormat.grouped(entry.audienceCumulative),
            "sales": w.won(entry.sales),
            "sales_change": entry.isNew ? "NEW" : PeopleFormat.signedPercent(entry.salesChangePercent),
            "sales_cumulative": w.won(entry.salesCumulative),
            "sales_share": PeopleFormat.percent(entry.salesSharePercent),
            "screens": PeopleFormat.grouped(entry.screens),
            "showings": PeopleFormat.grouped(entry.showings),
            "per_screen": entry.audiencePerScreen.map { PeopleFormat.decimal($0) } ?? "–",
            // KOBIS's own statistics: admissions per showing (audiCnt / showCnt), sales per admission.
            "per_showing": entry.audiencePerShowing.map { PeopleFormat.decimal($0) } ?? "–",
            "ticket_price": entry.averageTicketPrice.map(w.price) ?? "–",
            "since_open": entry.dayOfRelease.map { w.say.inRelease($0) } ?? "–",
            "lw": entry.audienceChangeLastWeekPercent.map(PeopleFormat.signedPercent) ?? "–",
            "screens_change": entry.screensChange.map(PeopleFormat.signed) ?? "–",
        ])
    }

    /// One period of a weekly, weekend or weekdays report, formatted.
    static func period(_ period: PeriodReport, words w: Words) -> [String: Any] {
        [
            "heading": w.say.periodHeading(period),
            "provisional": period.provisional,
            "is_empty": period.entries.isEmpty,
            "audience": w.grouped(period.audience),
            "sales": w.won(period.sales),
            "has_change": period.audienceChangePercent != nil,
            "audience_change": period.audienceChangePercent.map(PeopleFormat.signedPercent) ?? "",
            "sales_change": period.salesChangePercent.map(PeopleFormat.signedPercent) ?? "",
            "has_market": period.estimatedMarketSales != nil,
            "market_sales": period.estimatedMarketSales.map(w.won) ?? "",
            "charted_market_share": period.chartedSalesSharePercent.map { PeopleFormat.percent($0) } ?? "",
            "rows": period.entries.map { row($0, words: w) },
        ].merging(lastYear(period.lastYear, words: w)) { own, _ in own }.merging(regions(period, words: w)) { own, _ in own }
    }

    /// `--regions`: each region's line (its top 10's admissions, against the nation's, its #1 and
    /// that film's share of its national figure), and Seoul's share of each national film in a sentence.
    static func regions(_ period: PeriodReport, words w: Words) -> [String: Any] {
        guard let regions = period.regions, !regions.isEmpty else { return ["has_regions": false] }
        let seoul = regions.first { $0.regionCode == KOBISRegion.seoul }
        let shares: [(String, Double)] = period.entries.compactMap { entry in
            seoul?.entries.first { $0.movieCode == entry.movieCode }?.filmSharePercent.map { (entry.title, $0) }
        }
        return [
            "has_regions": true,
            "regions": regions.map { region in
                let top = region.entries.first
                return [
                    "region": w.language == .ko ? region.region : KOBISRegion.shortNames[region.regionCode] ?? region.regionEnglish,
                    "audience": w.grouped(region.audience), "share": region.nationSharePercent.map { PeopleFormat.percent($0) } ?? "–",
                    "top": top?.title ?? "–", "top_share": top?.filmSharePercent.map { PeopleFormat.percent($0) } ?? "–",
                ]
            },
            "has_seoul": !shares.isEmpty,
            "seoul": w.say.seoulShares(shares.map { ($0.0, PeopleFormat.percent($0.1)) }),
        ]
    }

    /// The report's weeks, formatted.
    static func weeks(_ report: BoxOfficeReport, words w: Words) -> [ViewRow] {
        report.summary.weeks.map { week in
            Tables.weeks.row([
                "week": w.range(DateRange(start: week.start, end: week.end)),
                "audience": w.grouped(week.chartedAudience),
                "sales": w.won(week.chartedSales),
                "films": String(week.films),
                "new_entries": String(week.newEntries),
                "top_title": week.topFilm?.title ?? "–",
                "top_audience": week.topFilm.map { w.grouped($0.audience) } ?? "–",
            ])
        }
    }
}
