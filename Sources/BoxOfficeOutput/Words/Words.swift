import BoxOfficeModel
import Foundation

extension ReportLanguage {
    /// Everything the language says (``Vocabulary``): the one place a language is chosen.
    var vocabulary: any Vocabulary {
        switch self {
        case .en: English()
        case .ko: Korean()
        }
    }
}

/// The words and number formats of a report in one language: what the view models build in Swift
/// (titles, notes, sentences, chart labels, dates, units), said by the language's ``Vocabulary``
/// (`w.say`). The documents' fixed labels are in ``ReportLabels``, the highlights' sentences in
/// ``HighlightView``.
package struct Words: Sendable {
    package let language: ReportLanguage
    /// What this language says.
    let say: any Vocabulary

    package static let english = Words(language: .en)
    package static let korean = Words(language: .ko)

    package init(language: ReportLanguage) {
        self.language = language
        self.say = language.vocabulary
    }

    /// `1,234,567` in every language.
    func grouped(_ value: Int64) -> String { PeopleFormat.grouped(value) }

    // The words the views use most, by their short names.
    func won(_ value: Int64) -> String { say.won(value) }
    func compact(_ value: Int64) -> String { say.compact(value) }
    func price(_ value: Int64) -> String { say.price(value) }
    func weekday(_ day: Day) -> String { say.weekday(day) }
    func date(_ day: Day) -> String { say.date(day) }
    func dateWithWeekday(_ day: Day) -> String { say.dateWithWeekday(day) }
    func range(_ range: DateRange) -> String { say.range(range) }
    func note(_ note: ReportNote) -> String { say.note(note) }
    func filters(_ filters: KOBISFilters) -> String { say.filters(filters) }
    func source(_ report: BoxOfficeReport) -> String { say.source(report.source, simulated: report.simulated) }
}

/// What a language says: every word, number format and sentence the views build in Swift, one
/// conformance a language (``English``, ``Korean``). A third language is a third conformance, and
/// the compiler lists all it must say. Facts from the services (a KOBIS reason, a title) stay as given.
protocol Vocabulary: Sendable {
    // MARK: Numbers and dates

    /// Won: `₩1,368억`; `1,368억 원`.
    func won(_ value: Int64) -> String
    /// An axis label: `150k`, `1.5M`; `15만`, `1.5억`.
    func compact(_ value: Int64) -> String
    /// A price to the won: `₩10,873`; `10,873원` (an average ticket).
    func price(_ value: Int64) -> String
    /// Admissions with their unit where the language writes one: `1,234`; `1,234명`.
    func people(_ value: Int64) -> String
    /// `7 days`, `1 day`; `7일`.
    func days(_ count: Int) -> String
    /// `#3`; `3위`.
    func rank(_ rank: Int) -> String
    /// `day 5`; `5일째`.
    func dayOfRelease(_ day: Int) -> String
    /// `Mon`; `월`.
    func weekday(_ day: Day) -> String
    /// `2024-07-19`; `2024년 7월 19일`.
    func date(_ day: Day) -> String
    /// `Fri 2024-07-19`; `2024년 7월 19일 (금)`.
    func dateWithWeekday(_ day: Day) -> String
    /// `2024-07-15 – 2024-07-21`; `2024년 7월 15일 ~ 21일`.
    func range(_ range: DateRange) -> String
    /// What stands between a span's two dates: ` – `; ` ~ `.
    var rangeDash: String { get }
    /// A short axis date: `07-19`; `7.19`.
    func monthDay(_ day: Day) -> String
    /// A weekend in a table of a period's weekends, by its Friday: `2024-07-19`; `7월 19~21일`.
    func weekend(_ friday: Day, _ sunday: Day) -> String
    /// A film and how many others: `파묘 and 2 more`; `파묘 외 2편`.
    func andMore(_ title: String, _ others: Int) -> String
    /// A public holiday's name.
    func holiday(_ holiday: KoreanHoliday) -> String

    // MARK: The report's chart

    func chartUnit(_ kind: PeriodKind?, weekly: Bool) -> String
    func chartAxis(_ kind: PeriodKind?, weekly: Bool) -> String
    func chartYAxis(_ unit: String) -> String
    func chartTitle(count: Int, unit: String, range: DateRange) -> String
    func barsCaption(count: Int, periodKind: PeriodKind?, range: DateRange) -> String
    /// The chart's caption after its title: what a gap means, and any partial week left out.
    func chartNote(leftOut: [DateRange]) -> String

    // MARK: The report

    /// `Korean box office, weekend 2025-03-07 – 2025-03-09`.
    func reportTitle(_ kind: PeriodKind?, periods: Int, range: DateRange) -> String
    /// What a report covers, as its title says after the comma.
    func coverage(_ kind: PeriodKind?, periods: Int, range: DateRange) -> String
    /// `7 days`, `2 weekends, up to 20 films a day`.
    func extent(count: Int, kind: PeriodKind?, depth: ChartDepth) -> String
    /// Where figures come from: the model's English `source`, or the language's own.
    func source(_ english: String, simulated: Bool) -> String
    func rankedBy(_ key: RankKey) -> String
    func filters(_ filters: KOBISFilters) -> String
    /// Seoul's share of each national film: "Seoul's share of each film: 검은 파도 21.0%, …".
    func seoulShares(_ shares: [(title: String, share: String)]) -> String
    /// A report with `--regions`, in the index: "every region".
    var everyRegion: String { get }
    func marketDays(_ days: Int, of count: Int, periods: Bool) -> String
    /// What %± LW means; `period` is the unit of a period report.
    func lwNote(period: String?) -> String
    func daysLabel(_ kind: PeriodKind?) -> String
    /// Which filtered chart a merged row came from.
    func partition(_ partition: ChartPartition) -> String
    /// `opening day`, `day 5`, `preview, 3 days before`.
    /// A day of release (1: opening day; 0 and below: previews).
    func inRelease(_ day: Int) -> String
    func periodHeading(_ period: PeriodReport) -> String
    /// A note; facts inside it that come from the services stay as they were given.
    func note(_ note: ReportNote) -> String
    /// What the films table's "with off-chart days" column means.
    var firstToLastNote: String { get }
    var releaseDateUnknown: String { get }
    func audienceLabel(period: Bool) -> String
    func salesLabel(period: Bool) -> String
    func dailyHeading(_ depth: ChartDepth) -> String
    func periodsNote(periods: Int, shown: Int) -> String
    func weeklyNote(days: Int) -> String
    func runtime(_ minutes: Int) -> String
    /// A film's latest run at #1: `≥ 12 since 2025-02-26`.
    func streak(_ streak: Streak) -> String
    func milestone(_ milestone: Milestone) -> String
    /// The text report's title, heading, column heads and legend.
    func textTitle(_ kind: PeriodKind?, periods: Int, single: Bool, range: DateRange) -> String
    func textTableHeading(top: Int, single: Bool, kind: PeriodKind?, periods: Int, range: DateRange, rankedBy: RankKey) -> String
    var textHeader: (title: String, audience: String, cumulative: String) { get }
    var textLegend: String { get }
    /// The one-line headline of a report in the folder's index.
    func headline(title: String, audience: Int64, total: Int64) -> String
    var noFilmCharted: String { get }
    var provisionalMark: String { get }

    // MARK: Highlights

    /// `the weekend of …`; `… 주말`.
    func periodWhen(_ when: String, kind: PeriodKind) -> String
    /// The units a count of days or periods is told in: (one, many).
    func countUnits(_ kind: PeriodKind?) -> (String, String)
    /// A year-earlier day a highlight names in parentheses, where the language writes it other than
    /// as a span of one day: Korean leaves out its weekday; nil in English.
    func earlierDay(_ day: Day) -> String?
    var earlyCoverageAside: String { get }
    func filmWithRank(_ title: String, rank: String) -> Sentence

    // MARK: Revisions and the digest

    func revisedField(_ field: Revision.Field) -> String
    func chartedChange(now: Bool) -> String
    func moreRevisions(_ count: Int) -> String
    func digestNew(_ titles: String) -> String
    func digestLeft(_ titles: String) -> String
    func digestPassed(_ title: String, threshold: String) -> String
    func digestRevised(_ count: Int) -> String
    func digestSince(_ day: Day) -> String

    // MARK: Your films

    func offChartSince(_ day: Day) -> String
    var notOnChart: String { get }
    func asOf(_ day: Day) -> String
    func cumulativeTotal(_ figure: String) -> String
    func breakEvenCrossed(on day: Day, target: String) -> String
    func breakEvenCrossed(by day: Day, target: String) -> String
    func breakEvenReached(_ percent: String, target: String) -> String
    /// A milestone of a projection: its date range and likeliest day, or not expected.
    func projectedMilestone(_ milestone: Projection.Milestone) -> String
    func breakEvenProjection(_ milestone: Projection.Milestone) -> String
    /// "Where it is heading": the final total's range, then the method in one line.
    func heading(_ projection: Projection) -> String
    func projectionMethod(_ projection: Projection) -> String
    /// A film page's milestone line: what it is, then ``projectedMilestone(_:)``.
    func projectionMilestone(_ named: FilmProjection.Named) -> String
    func watchedAudience(_ audience: String, lw: String) -> String

    // MARK: boxoffice rank

    func year(_ year: Int) -> String
    func yearMonth(_ year: Int, _ month: Int, span: String) -> String
    func years(_ first: Substring, _ last: Substring) -> String
    func toDate(_ end: Day, asked: Day) -> String
    func rankMarketDays(_ days: Int, of count: Int) -> String
    func notListed(_ count: Int) -> String
    func record(_ kind: PeriodRanking.Record.Kind, value: Int64) -> String
    func releaseDay(_ day: Int) -> String
    /// `rank`: the period's place among the same dates of every year the cache holds.
    func sameSpanPlace(_ period: SameSpan.Year, years: [SameSpan.Year], missing: [Int], named: NamedPeriod?) -> String
    /// `rank` of a holiday or season, or any span: against the year before's and the 2017–2019 average, a day.
    func sameSpanAgainst(_ period: SameSpan.Year, yearBefore: SameSpan.Year?, baselinePercent: Double?, named: NamedPeriod?) -> String?
    /// What a holiday's or a season's days are.
    func namedSpan(_ named: NamedPeriod) -> String
    /// `rank`'s releases in a sentence: how many opened, Korean and foreign, and how many charted.
    func releasesLine(_ releases: Releases) -> String
    /// `rank`'s diversity films in a sentence: how many, their admissions and share, which charts.
    func diversityLine(_ diversity: DiversityFilms) -> String
    /// `film A B`: how the runs are lined up, and what a cumulative is.
    var comparisonNote: String { get }
    /// `film A B`: a cumulative marked `≥` is its last charted day's.
    var comparisonAtLeast: String { get }
    /// `film A B`: the films opened on different weekdays (each title with its open date).
    func openedOnDifferentWeekdays(_ films: [(title: String, opened: String)]) -> String
    /// `film A B`: the chart's description.
    func comparisonChart(_ titles: [String]) -> String
    var partialCoverage: String { get }
    func caveat(_ caveat: PeriodRanking.Caveat, _ ranking: PeriodRanking) -> String
    var rankHeader: (admissions: String, cumulative: String, film: String) { get }
    /// A market table's group for the films without KOBIS movie info.
    var unknownGroup: String { get }
    /// The heading of the shares by nation, watch grade or genre.
    func groupHeading(_ table: ReportTable) -> String
    /// The months chart's description.
    func monthChart(first: String, last: String) -> String
    /// How much of the charted showings the top films held, in a sentence.
    func concentration(_ concentration: MarketStructure.Concentration) -> String
    var toDateMark: String { get }

    // MARK: boxoffice film

    func weekDays(charted: Int, inRun: Int) -> String
    var preview: String { get }
    func pace(_ pace: FilmPace, title: String, span: String) -> String
    func paceNoHits(span: String) -> String
    var paceOffChartNote: String { get }
    var paceCumulativeNote: String { get }
    func paceDay(_ day: Int) -> String
    /// A company's or person's films in a sentence: how many, how many the cached charts show, their
    /// admissions together, and the 천만 films among them.
    func filmography(films: Int, charted: Int, audience: String, tenMillion: [String]) -> String
    func filmographyNote(span: String, years: Bool) -> String
    var filmographyNoCache: String { get }
    /// The film's place among the cached lifetimes and the next film it will pass (``FilmLadder``).
    func ladder(_ ladder: FilmLadder, span: String) -> String
    /// The projection of the day it passes the next film (``FilmProjection/nextFilm``), or that it
    /// is not expected to.
    func ladderProjection(_ passing: FilmProjection.Named) -> String
    /// Which 천만 film it is in the cached charts.
    func tenMillion(_ count: FilmLadder.TenMillion, since: Day) -> String
    var ladderNote: String { get }
    /// 역주행 on a film page: its first #1, `day` days into its release.
    func firstNumberOne(day: Int, date: String) -> String
    /// Back at #1 after `days` since its last day there.
    func backAtNumberOne(days: Int, date: String, since: String) -> String
    /// The film against its predecessor in a franchise, on the same day of release.
    func franchisePace(_ pace: Franchise.Pace) -> String
    var franchiseNote: String { get }
    /// The run's shape in a sentence: multipliers, second weekend, run length, "to date".
    func runShape(_ shape: RunShape) -> String
    var runShapeNote: String { get }
    func missingWeekends(_ dates: String) -> String
    func trajectory(_ title: String, from first: Int, to last: Int, peak: Int64) -> String

    // MARK: boxoffice tmdb now-playing

    func nowPlayingWindow(_ window: ClosedRange<Day>, day: Day) -> String
    var nowPlayingEmpty: String { get }
    var nowPlayingHeader: (chart: String, released: String, film: String) { get }
    func nowPlayingUnlisted(_ films: String) -> String
    var nowPlayingWatched: String { get }
    var nowPlayingFollow: String { get }
    func nowPlayingHeading(window: ClosedRange<Day>?, pagesRead: Int, totalPages: Int, films: Int, day: Day) -> String

    // MARK: The folder's index

    var indexHeading: String { get }
    func indexSummary(_ reports: Int) -> String
    var indexReports: String { get }
    /// The change on a week earlier as a column's label (%± LW; 전주 대비) and beside a figure.
    var lwLabel: String { get }
    /// The text report's column of it, in ASCII where the language allows (% LW).
    var textLWHeader: String { get }
    func lwText(_ change: String) -> String
    /// The index's heading of the pages of `rank`, `film`, `company` or `person`.
    func indexHeading(_ pages: String) -> String
    func indexTitle(kind: PeriodKind?, latest: Bool, depth: ChartDepth) -> [String]
    /// The release calendar's name, its events' summaries and descriptions (``CalendarICS``).
    var calendarName: String { get }
    func calendarSource(simulated: Bool) -> String
    /// "12 releases and 2 projections (italic: tentative)."
    func calendarSummaryLine(releases: Int, projections: Int) -> String
    func calendarSummary(_ event: ReleaseCalendar.Event) -> String
    func calendarDescription(_ event: ReleaseCalendar.Event, simulated: Bool) -> String
    /// A film's line in a chat message: `1. 검은 파도 — 686,576 admissions, +4.1% on a week earlier`.
    func chatLine(rank: Int, title: String, audience: String, change: String?) -> Sentence
    var sampleMark: String { get }
}
