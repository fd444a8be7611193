import Foundation

/// Films' runs side by side by day of release (`boxoffice film A B …`), as Korean box-office news
/// compares them ("개봉 2주 차 월요일 기준"): each film's opening day is its day 1, paid previews
/// before it day 0 and earlier. Every figure is the film's own run (``FilmRun``), the one `film A`
/// prints: its cumulative on each charted day, its opening weekend and best day from the daily
/// charts, its second-weekend hold and multiplier from KOBIS's weekend charts (``RunShape``).
package struct FilmComparison: Encodable, Sendable, Equatable {
    /// The days of release every comparison is read at, besides today's day of the newest film.
    package static let checkpointDays = [1, 3, 7, 14, 21, 28]
    /// The most films one comparison takes: one line colour each.
    package static let mostFilms = 5

    /// One film's run in brief.
    package struct Film: Encodable, Sendable, Equatable {
        package var movieCode: String
        package var title: String
        package var titleEnglish: String
        package var openDate: Day
        /// ISO weekday of its open date: 1 Monday … 7 Sunday.
        package var openWeekday: Int
        /// The day of release of the last day read (yesterday, or two weeks off the chart).
        package var lastDay: Int
        /// KOBIS's cumulative on its last charted day.
        package var audienceCumulative: Int64
        package var openingWeekend: Int64?
        /// Its second weekend against its first, % (KOBIS's weekend charts).
        package var secondWeekendChangePercent: Double?
        /// Its best day: the day of release, the date and its admissions.
        package var peakDay: Int?
        package var peakDate: Day?
        package var peakAudience: Int64?
        /// Averages over its charted days from the opening day on.
        package var averageScreens: Int64?
        package var averageShowings: Int64?
        /// Its cumulative over its opening weekend (KOBIS's weekend charts).
        package var multiplier: Double?

        enum CodingKeys: String, CodingKey {
            case movieCode = "movie_cd"
            case title
            case titleEnglish = "title_en"
            case openDate = "open_date"
            case openWeekday = "open_weekday"
            case lastDay = "last_day_of_release"
            case audienceCumulative = "audience_cumulative"
            case openingWeekend = "opening_weekend"
            case secondWeekendChangePercent = "second_weekend_change_pct"
            case peakDay = "peak_day_of_release"
            case peakDate = "peak_date"
            case peakAudience = "peak_audience"
            case averageScreens = "average_screens"
            case averageShowings = "average_showings"
            case multiplier
        }
    }

    /// A film's cumulative at a day of release: KOBIS's on that day when the film was charted,
    /// else on its last charted day before it (`atLeast`, the days off the chart not counted).
    package struct Cumulative: Encodable, Sendable, Equatable {
        package var audience: Int64
        package var atLeast: Bool

        enum CodingKeys: String, CodingKey {
            case audience
            case atLeast = "at_least"
        }
    }

    /// The films at one day of release, in the films' order; nil for a film not that far into its
    /// run, or with no charted day by then.
    package struct Checkpoint: Encodable, Sendable, Equatable {
        package var day: Int
        package var films: [Cumulative?]

        enum CodingKeys: String, CodingKey {
            case day = "day_of_release"
            case films
        }
    }

    /// One day of release: each film's cumulative on it, where the film was charted that day.
    package struct Row: Encodable, Sendable, Equatable {
        package var day: Int
        package var cumulative: [Int64?]

        enum CodingKeys: String, CodingKey {
            case day = "day_of_release"
            case cumulative = "audience_cumulative"
        }
    }

    package var schemaVersion = BoxOfficeReport.schemaVersion
    package var source: String
    package var simulated: Bool
    package var films: [Film]
    package var checkpoints: [Checkpoint]
    /// Today's day of release of the newest film, a checkpoint of its own when it is none of ``checkpointDays``.
    package var newestDay: Int
    /// Every day of release from the earliest any film was charted (a preview) to the latest.
    package var rows: [Row]

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case source
        case simulated
        case films
        case checkpoints
        case newestDay = "newest_day_of_release"
        case rows = "days"
    }

    /// Whether the films opened on different weekdays: then day N of each falls on another weekday.
    package var openedOnDifferentWeekdays: Bool { Set(films.map(\.openWeekday)).count > 1 }

    /// The comparison of `runs`, in the order given; each run has an open date.
    package init(_ runs: [FilmRun]) {
        let opened = runs.compactMap { run in run.openDate.map { (run, $0) } }
        source = runs.first?.source ?? ""
        simulated = runs.contains(where: \.simulated)
        let films = opened.map { run, open in
            let released = run.days.filter { $0.date >= open }
            func average(_ value: (FilmRun.Day_) -> Int64) -> Int64? {
                released.isEmpty ? nil : Int64((Double(released.reduce(0) { $0 + value($1) }) / Double(released.count)).rounded())
            }
            return Film(
                movieCode: run.movieCode, title: run.title, titleEnglish: run.titleEnglish, openDate: open, openWeekday: open.isoWeekday,
                lastDay: Milestone.dayOfRelease(open, on: run.last), audienceCumulative: run.audienceCumulative,
                openingWeekend: run.openingWeekend?.audience,
                secondWeekendChangePercent: run.shape?.secondWeekendChangePercent,
                peakDay: run.bestDay.map { Milestone.dayOfRelease(open, on: $0.start) },
                peakDate: run.bestDay?.start, peakAudience: run.bestDay?.audience, averageScreens: average(\.screens),
                averageShowings: average(\.showings), multiplier: run.shape?.multiplier)
        }
        self.films = films
        // Each run's cumulative by its own days of release (``FilmRun/Day_/dayOfRelease``, set for a run with an open date).
        let byDay = opened.map { run, _ in
            Dictionary(run.days.compactMap { day in day.dayOfRelease.map { ($0, day.audienceCumulative) } }) { first, _ in first }
        }
        let newest = films.max { $0.openDate < $1.openDate }?.lastDay ?? 1
        newestDay = newest
        let days = Self.checkpointDays + (Self.checkpointDays.contains(newest) || newest < 1 ? [] : [newest])
        checkpoints = days.sorted().map { at in
            Checkpoint(
                day: at,
                films: zip(films, byDay).map { film, cumulative in
                    guard at <= film.lastDay, let charted = cumulative.keys.filter({ $0 <= at }).max() else { return nil }
                    return Cumulative(audience: cumulative[charted]!, atLeast: charted < at)
                })
        }.filter { $0.films.contains { $0 != nil } }
        let first = byDay.compactMap { $0.keys.min() }.min() ?? 1
        let last = byDay.compactMap { $0.keys.max() }.max() ?? 0
        rows = first <= last ? (first...last).map { at in Row(day: at, cumulative: byDay.map { $0[at] }) } : []
    }
}
