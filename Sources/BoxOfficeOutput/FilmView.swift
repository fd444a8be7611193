import BoxOfficeModel
import Foundation

/// The view models of `boxoffice film`'s files, and their rendering: JSON by encoding, Markdown,
/// HTML and the days CSV through the `film.*` templates.
public enum FilmView {
    /// `film-20259001`, `film-sample-20259001` for the bundled sample.
    public static func baseName(_ run: FilmRun) -> String {
        (run.simulated ? "film-sample-" : "film-") + CacheKeys.safe(run.movieCode)
    }

    /// Every file of `formats` that a film has (`txt` has no film form and is left out).
    public static func render(_ run: FilmRun, formats: [ReportFormat], templates: ReportTemplates, csv: CSVDialect) throws -> [RenderedFile] {
        let base = baseName(run)
        let view = make(run)
        return try formats.compactMap { format -> RenderedFile? in
            switch format {
            case .json:
                return RenderedFile(name: base + ".json", contents: try ReportJSON.document(run))
            case .csv:
                let text = try templates.render("film.csv", CSVView.filmDays(run))
                return RenderedFile(name: base + ".csv", contents: CSVContentType.file(from: text, dialect: csv))
            case .md, .html:
                return RenderedFile(name: "\(base).\(format.rawValue)", contents: Data(try templates.render("film.\(format.rawValue)", view).utf8))
            case .txt:
                return nil
            }
        }
    }

    /// `580,827 (2025-02-28 – 2025-03-02)`, `123,696 (2025-02-26, #1)`, or `–`.
    static func figure(_ figure: RunFigure?, words: Words = .english) -> String {
        guard let figure else { return "–" }
        let when = words.range(DateRange(start: figure.start, end: figure.end))
        return "\(PeopleFormat.grouped(figure.audience)) (\(when)\(figure.rank.map { words.ko ? ", \($0)위" : ", #\($0)" } ?? ""))"
    }

    public static func make(_ run: FilmRun) -> [String: Any] {
        let longest = run.streaks.max { $0.length < $1.length }
        return [
            "title": run.title,
            "title_en": run.titleEnglish,
            "has_title_en": !run.titleEnglish.isEmpty,
            "movie_cd": run.movieCode,
            "simulated": run.simulated,
            "simulated_note": ReportNote.simulated.english,
            "source": run.source,
            "open_date": run.openDate?.iso ?? "–",
            "nations": run.nations.joined(separator: ", "),
            "genres": run.genres.joined(separator: ", "),
            "directors": run.directors.joined(separator: ", "),
            "distributor": run.distributors.joined(separator: ", "),
            "span": "\(run.first.iso) – \(run.last.iso)",
            "notes": run.notes.filter { $0 != .simulated }.map(\.english),
            "days_charted": String(run.days.count),
            "best_rank": run.bestRank.map { "#\($0)" } ?? "–",
            "days_at_one": String(run.daysAtNumberOne),
            "longest_streak": longest.map { "\($0.atLeast ? "≥ " : "")\($0.length) days (\($0.start.iso) – \($0.end.iso))" } ?? "–",
            "opening_day": figure(run.openingDay),
            "opening_weekend": figure(run.openingWeekend),
            "best_day": figure(run.bestDay),
            "audience_cumulative": PeopleFormat.grouped(run.audienceCumulative),
            "sales_cumulative": PeopleFormat.won(run.salesCumulative),
            "has_milestones": !run.milestones.isEmpty,
            "milestones": run.milestones.map { milestone in
                [
                    "threshold": PeopleFormat.manwon(milestone.threshold), "threshold_full": PeopleFormat.grouped(milestone.threshold),
                    "date": milestone.date.iso, "weekday": PeopleFormat.weekday(milestone.date),
                    "day": milestone.dayOfRelease.map(String.init) ?? "–",
                ]
            },
            "has_streaks": !run.streaks.isEmpty,
            "streaks": run.streaks.map { streak in
                ["length": (streak.atLeast ? "≥ " : "") + String(streak.length), "start": streak.start.iso, "end": streak.end.iso]
            },
            "weeks": run.weeks.map { week in
                [
                    "week": "\(week.start.iso) – \(week.end.iso)",
                    "days": "\(week.daysCharted) of \(week.daysInRun)",
                    "audience": PeopleFormat.grouped(week.audience) + (week.complete ? "" : "*"),
                    "sales": PeopleFormat.won(week.sales),
                    "lw": week.audienceChangePercent.map(PeopleFormat.signedPercent) ?? "–",
                ]
            },
            "days": run.days.map { day in
                [
                    "date": day.date.iso, "weekday": PeopleFormat.weekday(day.date),
                    "day": day.dayOfRelease.map { $0 >= 1 ? String($0) : "preview" } ?? "–",
                    "rank": String(day.rank), "audience": PeopleFormat.grouped(day.audience), "sales": PeopleFormat.won(day.sales),
                    "screens": PeopleFormat.grouped(day.screens), "cumulative": PeopleFormat.grouped(day.audienceCumulative),
                ]
            },
            "chart": trajectory(run),
        ]
    }

    /// The SVG trajectory: cumulative admissions (y) over days since opening (x).
    static func trajectory(_ run: FilmRun) -> [String: Any] {
        let (width, height, left, right, top, bottom) = (640.0, 260.0, 72.0, 620.0, 16.0, 220.0)
        let points = run.days.compactMap { day in day.dayOfRelease.map { (Double($0), Double(day.audienceCumulative)) } }
        guard let firstX = points.map(\.0).min(), let lastX = points.map(\.0).max(), let maxY = points.map(\.1).max(), maxY > 0 else {
            return ["has_points": false]
        }
        let spanX = max(1, lastX - firstX)
        // Four gridlines at round values, as the report's chart draws them.
        let topY = Double(ChartView.niceCeiling(Int64(maxY)))
        func x(_ value: Double) -> String { ChartView.coordinate(left + (value - firstX) / spanX * (right - left)) }
        func y(_ value: Double) -> String { ChartView.coordinate(bottom - value / topY * (bottom - top)) }
        let ticks = (0...4).map { Double($0) * topY / 4 }
        return [
            "has_points": true,
            "width": String(Int(width)), "height": String(Int(height)),
            "plot_left": String(Int(left)), "plot_right": String(Int(right)), "plot_bottom": String(Int(bottom)),
            "points": points.map { "\(x($0.0)),\(y($0.1))" }.joined(separator: " "),
            "y_ticks": ticks.map { ["y": y($0), "label": PeopleFormat.manwon(Int64($0.rounded()))] },
            "x_first": String(Int(firstX)), "x_last": String(Int(lastX)),
            "x_first_at": x(firstX), "x_last_at": x(lastX), "x_label_y": String(Int(bottom + 18)),
            "description":
                "Cumulative admissions of \(run.title) from day \(Int(firstX)) to day \(Int(lastX)) of its release: \(PeopleFormat.grouped(Int64(maxY))) at the end.",
        ]
    }
}
