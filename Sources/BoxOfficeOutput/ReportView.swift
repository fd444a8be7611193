import BoxOfficeModel
import Foundation

/// The view model of the Markdown and HTML reports: every value stored and formatted for people.
///
/// Templates see dictionaries, not the report model: Mustache cannot see computed properties and
/// renders a missing key as nothing, so the keys built here are the contract the golden files check.
/// Values are plain text; escaping belongs to each template's content type.
public enum ReportView {
    /// Ranges longer than this show a weekly summary instead of daily tables.
    public static let dailyTablesMaxDays = 31

    public static func make(_ report: BoxOfficeReport) -> [String: Any] {
        let range = report.range.dateRange
        let summary = report.summary
        let isPeriod = report.periodKind != nil
        let daily = !isPeriod && range.dayCount <= dailyTablesMaxDays
        let filters = report.filters.displayText
        let unit: (one: String, many: String) =
            report.periodKind.map { ($0.unitName(plural: false), $0.unitName(plural: true)) } ?? (one: "day", many: "days")
        let count = isPeriod ? report.periods.count : range.dayCount
        return [
            "title": "Korean box office, \(report.periodKind.map { periodTitle($0, count: report.periods.count) + " " } ?? "")\(range.displayText)",
            "extent": "\(count) \(count == 1 ? unit.one : unit.many)\(report.depth == .top10 ? "" : ", up to \(report.depth.rawValue) films a day")",
            "range": range.displayText,
            "range_start": range.start.iso,
            "range_end": range.end.iso,
            "day_count": String(range.dayCount),
            "source": report.source,
            "simulated": report.simulated,
            "simulated_note": BoxOfficeReport.simulatedNote,
            "filters": filters,
            "has_filters": !filters.isEmpty,
            "ranked_by": report.rankedBy.rawValue,
            // The simulated note has a banner of its own.
            "notes": report.notes.filter { $0 != BoxOfficeReport.simulatedNote },
            "summary": [
                "audience": PeopleFormat.grouped(summary.chartedAudience),
                "sales": PeopleFormat.won(summary.chartedSales),
                "films": String(summary.films),
                "korean_share": PeopleFormat.percent(summary.audienceShareByNation.korean),
                "foreign_share": PeopleFormat.percent(summary.audienceShareByNation.foreign),
                "unknown_share": PeopleFormat.percent(summary.audienceShareByNation.unknown),
                "has_unknown_share": summary.audienceShareByNation.unknown > 0,
                "new_entry_count": String(summary.newEntries.count),
                "empty_days": String(summary.emptyDays),
                "has_empty_days": summary.emptyDays > 0,
                "has_market": summary.estimatedMarketSales != nil,
                "market_sales": summary.estimatedMarketSales.map(PeopleFormat.won) ?? "",
                "market_days": summary.estimatedMarketDays == count
                    ? "" : " (\(summary.estimatedMarketDays) of \(count) \(isPeriod ? "periods" : "days"))",
                "charted_market_share": summary.chartedShareOfEstimatedMarketPercent.map { PeopleFormat.percent($0) } ?? "",
            ] as [String: Any],
            "has_highlights": !report.highlights.isEmpty,
            "highlights": HighlightView.make(report.highlights, period: report.periodKind),
            "lw_label": isPeriod ? "%± LW (KOBIS)" : "%± LW",
            "lw_note": isPeriod
                ? "%± LW is KOBIS's change against the same \(unit.one) a week earlier, for films charted in every \(unit.one) of the range and new in none."
                : "%± LW compares with the same days a week earlier, for films charted on every one of those days and of the range; – where one is missing.",
            "runs": report.films.map(run),
            "first_to_last_note": Self.firstToLastNote,
            "has_films": !report.films.isEmpty,
            "films": report.films.map(film),
            "has_distributors": !summary.topDistributors.isEmpty,
            "distributors": summary.topDistributors.enumerated().map { index, distributor in
                [
                    "rank": String(index + 1),
                    "name": distributor.name,
                    "audience": PeopleFormat.grouped(distributor.audience),
                    "sales": PeopleFormat.won(distributor.sales),
                    "films": String(distributor.films),
                    "share": PeopleFormat.percent(distributor.audienceSharePercent),
                ]
            },
            "has_new_entries": !summary.newEntries.isEmpty,
            "new_entries": summary.newEntries.map { entry in
                [
                    "date": entry.date.iso, "weekday": PeopleFormat.weekday(entry.date), "title": entry.title,
                    "movie_cd": entry.movieCode, "rank": String(entry.rank),
                ]
            },
            "days_label": isPeriod ? String(unit.many.prefix(1).uppercased() + unit.many.dropFirst()) : "Days",
            "audience_label": isPeriod ? "Audience (period totals)" : "Charted audience",
            "sales_label": isPeriod ? "Sales (period totals)" : "Charted sales",
            "daily_heading": report.depth == .top10 ? "Daily top 10" : "Daily charts (up to \(report.depth.rawValue) films)",
            "show_periods": isPeriod,
            "show_first_to_last": !isPeriod,
            "periods": report.periods.map(period),
            "show_daily": daily,
            "days": daily ? report.days.map(day) : [],
            "show_weekly": !daily && !isPeriod,
            "weekly_note":
                "This range is longer than \(dailyTablesMaxDays) days, so the daily charts are summarized by week (Monday to Sunday); the JSON and the daily CSV hold every day.",
            "weeks": daily || isPeriod ? [] : weeks(report),
            "chart": ChartView.make(report),
            "enrichment_incomplete": report.enrichment.state == .incomplete,
            "show_tmdb": report.films.contains { $0.tmdb != nil },
            "has_upcoming": !(report.upcoming ?? []).isEmpty,
            "upcoming_asked": report.upcoming != nil,
            "upcoming": (report.upcoming ?? []).map { film in
                let poster = TMDBImage.poster(film.posterPath, size: "w92")
                return [
                    "release_date": film.releaseDate?.iso ?? "date to be announced",
                    "weekday": film.releaseDate.map(PeopleFormat.weekday) ?? "",
                    "title": film.title,
                    "original_title": film.originalTitle,
                    "has_original_title": !film.originalTitle.isEmpty && film.originalTitle != film.title,
                    "tmdb_url": TMDBImage.page(film.id),
                    "poster_url": poster ?? "",
                    "has_poster": poster != nil,
                ] as [String: Any]
            },
        ]
    }

    static func film(_ film: FilmRanking) -> [String: Any] {
        let poster = film.tmdb.flatMap { TMDBImage.poster($0.posterPath, size: "w92") }
        return [
            "rank": String(film.rank),
            "movie_cd": film.movieCode,
            "title": film.title,
            "title_en": film.titleEnglish,
            "has_title_en": !film.titleEnglish.isEmpty,
            "open_date": film.openDate?.iso ?? "–",
            "days_on_chart": String(film.daysOnChart),
            "best_rank": String(film.bestRank),
            "audience": PeopleFormat.grouped(film.audience),
            "sales": PeopleFormat.won(film.sales),
            "share": PeopleFormat.percent(film.audienceSharePercent),
            "audience_first_to_last": PeopleFormat.grouped(film.audienceFirstToLast)
                + (film.firstToLastFromCumulative ? "" : "*"),
            "audience_cumulative": PeopleFormat.grouped(film.audienceCumulative),
            "sales_cumulative": PeopleFormat.won(film.salesCumulative),
            "per_screen": film.audiencePerScreen.map { PeopleFormat.decimal($0) } ?? "–",
            "nations": film.nations.joined(separator: ", "),
            "genres": film.genres.joined(separator: ", "),
            "directors": film.directors.joined(separator: ", "),
            "distributor": film.distributors.joined(separator: ", "),
            "watch_grade": film.watchGrade ?? "",
            "runtime": film.runtimeMinutes.map { "\($0) min" } ?? "",
            "has_tmdb": film.tmdb != nil,
            "tmdb_url": film.tmdb?.pageURL ?? "",
            "tmdb_match": film.tmdbMatch?.rawValue ?? "",
            "tmdb_likely": film.tmdbMatch == .likely,
            "tmdb_rating": film.tmdb.map { $0.votes > 0 ? PeopleFormat.decimal($0.rating) : "–" } ?? "",
            "tmdb_votes": film.tmdb.map { PeopleFormat.grouped(Int64($0.votes)) } ?? "",
            "keywords": film.tmdb.map { $0.keywords.prefix(6).joined(separator: ", ") } ?? "",
            "has_keywords": !(film.tmdb?.keywords.isEmpty ?? true),
            "poster_url": poster ?? "",
            "has_poster": poster != nil,
            "lw": film.audienceChangeLastWeekPercent.map(PeopleFormat.signedPercent) ?? "–",
        ]
    }

    /// A film's run as far as the report's charts show it: the runs table.
    static func run(_ film: FilmRanking) -> [String: Any] {
        let figure = FilmView.figure
        return [
            "rank": String(film.rank),
            "movie_cd": film.movieCode,
            "title": film.title,
            "days_in_release": film.daysInRelease.map(String.init) ?? "–",
            "opening_day": figure(film.openingDay),
            "opening_weekend": figure(film.openingWeekend),
            "best_day": figure(film.bestDay),
            "at_number_one": film.daysAtNumberOne == 0 ? "–" : String(film.daysAtNumberOne),
            "streak": film.numberOneStreak.map { streak in
                "\(streak.atLeast ? "≥ " : "")\(streak.length) since \(streak.start.iso)"
            } ?? "–",
            "milestones": film.milestones.isEmpty
                ? "–"
                : film.milestones.map { milestone in
                    "\(PeopleFormat.manwon(milestone.threshold)) \(milestone.earliestDate == nil ? "on" : "by") \(milestone.date.iso)"
                        + (milestone.dayOfRelease.map { " (day \($0))" } ?? "")
                }.joined(separator: "; "),
        ]
    }

    static func day(_ day: DayReport) -> [String: Any] {
        [
            "date": day.date.iso,
            "weekday": PeopleFormat.weekday(day.date),
            "audience": PeopleFormat.grouped(day.audience),
            "sales": PeopleFormat.won(day.sales),
            "is_empty": day.entries.isEmpty,
            "provisional": day.provisional,
            "has_market": day.estimatedMarketSales != nil,
            "market_sales": day.estimatedMarketSales.map(PeopleFormat.won) ?? "",
            "charted_market_share": day.chartedSalesSharePercent.map { PeopleFormat.percent($0) } ?? "",
            "is_deep": day.depth != .top10,
            "exact_through": String(day.exactThroughRank),
            "rows": day.entries.map(row),
        ]
    }

    /// One chart row, a day's or a period's, formatted. The changes compare with the day before or
    /// with the same period a week earlier; a rank change not known (the first day of a merged
    /// chart) shows no marker.
    static func row(_ entry: DayEntry) -> [String: Any] {
        [
            "rank": String(entry.rank),
            "marker": entry.rankChange.map { PeopleFormat.rankMarker(isNew: entry.isNew, change: $0) } ?? (entry.isNew ? "NEW" : ""),
            "is_new": entry.isNew,
            "is_up": !entry.isNew && (entry.rankChange ?? 0) > 0,
            "is_down": !entry.isNew && (entry.rankChange ?? 0) < 0,
            "partition": entry.partition.map(partitionLabel) ?? "",
            "movie_cd": entry.movieCode,
            "title": entry.title,
            "open_date": entry.openDate?.iso ?? "–",
            "audience": PeopleFormat.grouped(entry.audience),
            "audience_change": entry.isNew ? "NEW" : PeopleFormat.signedPercent(entry.audienceChangePercent),
            "audience_cumulative": PeopleFormat.grouped(entry.audienceCumulative),
            "sales": PeopleFormat.won(entry.sales),
            "sales_change": entry.isNew ? "NEW" : PeopleFormat.signedPercent(entry.salesChangePercent),
            "sales_cumulative": PeopleFormat.won(entry.salesCumulative),
            "sales_share": PeopleFormat.percent(entry.salesSharePercent),
            "screens": PeopleFormat.grouped(entry.screens),
            "showings": PeopleFormat.grouped(entry.showings),
            "per_screen": entry.audiencePerScreen.map { PeopleFormat.decimal($0) } ?? "–",
            "since_open": entry.daysSinceOpen.map(sinceOpen) ?? "–",
            "lw": entry.audienceChangeLastWeekPercent.map(PeopleFormat.signedPercent) ?? "–",
            "screens_change": entry.screensChange.map(PeopleFormat.signed) ?? "–",
        ]
    }

    /// One period of a weekly, weekend or weekdays report, formatted.
    static func period(_ period: PeriodReport) -> [String: Any] {
        [
            "heading":
                "\(period.isoWeek) \(period.kind == .week ? "week" : period.kind.rawValue), \(period.start.iso) (\(PeopleFormat.weekday(period.start))) – \(period.end.iso) (\(PeopleFormat.weekday(period.end)))",
            "provisional": period.provisional,
            "is_empty": period.entries.isEmpty,
            "audience": PeopleFormat.grouped(period.audience),
            "sales": PeopleFormat.won(period.sales),
            "has_change": period.audienceChangePercent != nil,
            "audience_change": period.audienceChangePercent.map(PeopleFormat.signedPercent) ?? "",
            "sales_change": period.salesChangePercent.map(PeopleFormat.signedPercent) ?? "",
            "has_market": period.estimatedMarketSales != nil,
            "market_sales": period.estimatedMarketSales.map(PeopleFormat.won) ?? "",
            "charted_market_share": period.chartedSalesSharePercent.map { PeopleFormat.percent($0) } ?? "",
            "rows": period.entries.map(row),
        ]
    }

    /// "weekend", "weeks" in a title; weekday stretches are "weekdays" there.
    static func periodTitle(_ kind: PeriodKind, count: Int) -> String {
        kind == .weekdays ? "weekdays" : kind.unitName(plural: count != 1)
    }

    /// `Korean`, `foreign · diversity`: which filtered chart a merged row came from.
    static func partitionLabel(_ partition: ChartPartition) -> String {
        switch partition {
        case .korean: "Korean"
        case .foreign: "foreign"
        case .koreanDiversity: "Korean · diversity"
        case .koreanCommercial: "Korean · commercial"
        case .foreignDiversity: "foreign · diversity"
        case .foreignCommercial: "foreign · commercial"
        }
    }

    /// What the films table's "with off-chart days" column means.
    public static let firstToLastNote =
        "“With off-chart days” is a film's audience from its first to its last chart day in the range, days outside the top 10 between them included, from KOBIS's cumulative figures; * marks a film whose cumulative figures did not add up, shown with its charted days only."

    /// `opening day`, `day 5`, `preview (3 days before)`.
    static func sinceOpen(_ days: Int) -> String {
        if days == 0 { return "opening day" }
        if days < 0 { return "preview, \(-days) day\(days == -1 ? "" : "s") before" }
        return "day \(days + 1)"
    }

    /// The report's weeks, formatted.
    static func weeks(_ report: BoxOfficeReport) -> [[String: Any]] {
        report.summary.weeks.map { week in
            [
                "week": week.start == week.end ? week.start.iso : "\(week.start.iso) – \(week.end.iso)",
                "audience": PeopleFormat.grouped(week.chartedAudience),
                "sales": PeopleFormat.won(week.chartedSales),
                "films": String(week.films),
                "new_entries": String(week.newEntries),
                "top_title": week.topFilm?.title ?? "–",
                "top_audience": week.topFilm.map { PeopleFormat.grouped($0.audience) } ?? "–",
            ]
        }
    }
}
