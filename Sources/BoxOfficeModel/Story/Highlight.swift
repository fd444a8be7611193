import Foundation

/// One fact a report opens with, as data: its kind, the film, the figures. The templates turn each
/// kind into a sentence, so users can reword or translate them.
package struct Highlight: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable, CaseIterable {
        /// The last day's (or period's) figures may still be revised.
        case provisional
        /// A film took #1 from another.
        case newNumberOne = "new_number_one"
        /// 역주행: a film took #1 for the first time, ``Highlight/count`` days after opening (at least
        /// ``StoryStage/reverseRunDays``), every cached chart since its opening read.
        case reverseRun = "reverse_run"
        /// A film took #1 again, ``Highlight/count`` days after its last day at #1 (``Highlight/since``).
        case numberOneAgain = "number_one_again"
        /// The #1 kept its place: days (or periods) running.
        case numberOneStreak = "number_one_streak"
        /// The day's #1 also led consecutive weekend charts (from weekend charts in the cache).
        case weekendStreak = "weekend_streak"
        /// The film with the most admissions over a range of several days or periods.
        case rangeLeader = "range_leader"
        /// A film crossed 100만, 200만 … cumulative admissions.
        case milestone
        /// A film's opening day in the range, the biggest one.
        case opening
        /// The largest rise and fall against a week earlier among the last chart's films.
        case biggestRise = "biggest_rise"
        case biggestFall = "biggest_fall"
        /// Films new to the last chart.
        case newEntries = "new_entries"
        /// The last chart's total against a week earlier.
        case totalChange = "total_change"
        /// The range's charted total against a year earlier (``YearEarlier``: the same dates, or 52 weeks for periods).
        case yearChange = "year_change"
        /// The year's charted total from 1 January against last year's same span (``YearToDate``).
        case yearToDate = "year_to_date"
        /// An opening day bigger than every opening earlier in its year, in the charts since 1 January.
        case yearBestOpening = "year_best_opening"
        /// A 100만 step passed in fewer days of release than by any film earlier in its year.
        case yearFastestMilestone = "year_fastest_milestone"
        /// A watched film's cumulative passing the break-even audience its watcher gave.
        case breakEven = "break_even"
        /// A month's, a year's, a holiday's or a season's charted admissions against the same span
        /// in every year the cache holds (``SameSpan``): its place a day (``Highlight/rank``) among
        /// ``Highlight/count`` years since ``Highlight/since``'s year.
        case placeAmongYears = "place_among_years"

        /// The kinds strongest first, as news leads with them: the reader's own films, a film's
        /// rise to #1 and its run there, the range's leader, milestones and openings, the year's
        /// records, then the chart's moves.
        static let byStrength: [Kind] = [
            .provisional, .breakEven, .newNumberOne, .reverseRun, .numberOneAgain, .numberOneStreak, .rangeLeader, .milestone, .opening,
            .yearBestOpening,
            .yearFastestMilestone, .placeAmongYears, .weekendStreak, .yearChange, .yearToDate, .totalChange, .biggestRise, .biggestFall, .newEntries,
        ]
    }

    /// A film named in a highlight that lists several.
    package struct Film: Codable, Sendable, Equatable {
        package var movieCode: String
        package var title: String
        package var rank: Int

        enum CodingKeys: String, CodingKey {
            case movieCode = "movie_cd"
            case title
            case rank
        }
    }

    package var kind: Kind
    /// The date (or period) it is about.
    package var start: Day
    package var end: Day
    package var movieCode: String?
    package var title: String?
    package var rank: Int?
    package var audience: Int64?
    /// Days or periods (streaks), day of release (milestones, openings).
    package var count: Int?
    /// The count is a lower bound: the look-back stopped at a chart it could not have.
    package var atLeast: Bool?
    /// When a streak began.
    package var since: Day?
    package var threshold: Int64?
    package var percent: Double?
    /// The film it displaced (a new #1, the previous fastest to a step).
    package var previousTitle: String?
    /// The previous fastest film's days of release to the step.
    package var previousCount: Int?
    /// The previous fastest film's code and the day it crossed the step: what its title is read
    /// by (``StoryStage/namePrevious(_:titles:)``); not in the JSON, which has the title.
    package var previousCode: String?
    package var previousDate: Day?
    package var films: [Film]?
    /// The holiday or season a place among the years is of (``NamedPeriod/name``); nil for dates.
    package var period: String?

    package init(kind: Kind, start: Day, end: Day) {
        self.kind = kind
        self.start = start
        self.end = end
    }

    enum CodingKeys: String, CodingKey {
        case kind
        case start
        case end
        case movieCode = "movie_cd"
        case title
        case rank
        case audience
        case count
        case atLeast = "at_least"
        case since
        case threshold
        case percent
        case previousTitle = "previous_title"
        case previousCount = "previous_count"
        case films
        case period
    }

    /// The most highlights a report leads with: the story's chart facts are cut there, and
    /// ``StoryStage/lead(_:)`` keeps the strongest that many of all the stages' (the rest are its records).
    package static let limit = 8
}
