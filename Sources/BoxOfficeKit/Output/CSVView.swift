import Foundation

/// View models for the CSV templates: every cell pre-formatted as raw, spreadsheet-friendly text
/// (no thousands separators, ISO dates, `.` decimals), keyed by its column name.
///
/// Templates see rows of named values, not the report model: Mustache renders a missing key as
/// nothing, so the keys here are the contract the golden files check.
public enum CSVView {
    /// Multi-valued cells (nations, genres, directors) join their values with this.
    public static let listSeparator = "; "

    /// Context of `films.csv`: `films` rows keyed by the films CSV header names.
    public static func films(_ report: BoxOfficeReport) -> [String: Any] {
        let source = dataSource(report)
        return ["films": report.films.map { film in
            TemplateRow([
                "rank": String(film.rank),
                "movie_cd": film.movieCode,
                "title": film.title,
                "title_en": film.titleEnglish,
                "open_date": film.openDate?.iso ?? "",
                "days_on_chart": String(film.daysOnChart),
                "best_rank": String(film.bestRank),
                "audience": String(film.audience),
                "sales": String(film.sales),
                "audience_share_pct": decimal(film.audienceSharePercent, places: 2),
                "audience_cumulative": String(film.audienceCumulative),
                "sales_cumulative": String(film.salesCumulative),
                "audience_per_screen": film.audiencePerScreen.map { decimal($0, places: 1) } ?? "",
                "nations": film.nations.joined(separator: listSeparator),
                "genres": film.genres.joined(separator: listSeparator),
                "directors": film.directors.joined(separator: listSeparator),
                "distributor": film.distributors.joined(separator: listSeparator),
                "watch_grade": film.watchGrade ?? "",
                "runtime_min": film.runtimeMinutes.map(String.init) ?? "",
                "data_source": source,
                "tmdb_id": film.tmdb.map { String($0.id) } ?? "",
                "tmdb_title": film.tmdb?.title ?? "",
                "tmdb_original_title": film.tmdb?.originalTitle ?? "",
                "tmdb_rating": film.tmdb.map { PeopleFormat.trimmed($0.rating, places: 3) } ?? "",
                "tmdb_votes": film.tmdb.map { String($0.votes) } ?? "",
                "tmdb_match": film.tmdbMatch?.rawValue ?? "",
                "poster_url": film.tmdb.flatMap { TMDBImage.poster($0.posterPath, size: "w185") } ?? "",
                "keywords": film.tmdb?.keywords.joined(separator: listSeparator) ?? "",
            ])
        }]
    }

    /// Context of `daily.csv`: `rows`, one per chart entry, keyed by the daily CSV header names.
    public static func daily(_ report: BoxOfficeReport) -> [String: Any] {
        let source = dataSource(report)
        return ["rows": report.days.flatMap { day in
            day.entries.map { entry in
                TemplateRow([
                    "date": day.date.iso,
                    "rank": String(entry.rank),
                    "rank_change": String(entry.rankChange),
                    "is_new": entry.isNew ? "true" : "false",
                    "movie_cd": entry.movieCode,
                    "title": entry.title,
                    "open_date": entry.openDate?.iso ?? "",
                    "days_since_open": entry.daysSinceOpen.map(String.init) ?? "",
                    "audience": String(entry.audience),
                    "audience_change": String(entry.audienceChange),
                    "audience_change_pct": decimal(entry.audienceChangePercent, places: 1),
                    "audience_cumulative": String(entry.audienceCumulative),
                    "sales": String(entry.sales),
                    "sales_share_pct": decimal(entry.salesSharePercent, places: 1),
                    "sales_change": String(entry.salesChange),
                    "sales_cumulative": String(entry.salesCumulative),
                    "screens": String(entry.screens),
                    "showings": String(entry.showings),
                    "audience_per_screen": entry.audiencePerScreen.map { decimal($0, places: 1) } ?? "",
                    "data_source": source,
                ])
            }
        }]
    }

    /// `KOBIS`, or `SIMULATED` for the bundled sample: the last column of both CSVs.
    static func dataSource(_ report: BoxOfficeReport) -> String { report.simulated ? "SIMULATED" : "KOBIS" }

    /// A decimal with a fixed number of places and a `.` point, whatever the locale.
    static func decimal(_ value: Double, places: Int) -> String {
        PeopleFormat.fixed(value, places: places)
    }
}
