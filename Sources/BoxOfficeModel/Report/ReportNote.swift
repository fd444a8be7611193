import Foundation

/// A note a report or film page carries: what it is, with its facts, and no prose. The words are
/// the renderer's, one text per language (``english`` here, the JSON's published text; Korean in
/// the output's `Words`), so no note can be left untranslated: a new case does not compile until
/// every language has its text.
package enum ReportNote: Hashable, Sendable {
    /// The figures are the bundled sample's, not KOBIS's.
    case simulated
    /// Daily charts are a top 10: range totals count charted days only.
    case chartCoverage
    /// Each day merges filtered top 10s into one deeper chart.
    case deepChart(ChartDepth)
    /// What a period chart's figures and changes mean.
    case periodChart(PeriodKind)
    /// `--no-look-back`: comparisons within the range only.
    case noLookBack
    /// Days whose figures KOBIS still revises.
    case provisionalDays([Day])
    /// Periods whose figures KOBIS still revises.
    case provisionalPeriods([DateRange])
    /// A range starting before 2011, when not every theatre reported.
    case earlyCoverage
    /// Films KOBIS has no movie info for.
    case missingMovieInfo(films: Int)
    /// TMDB enrichment stopped short; the reason is the enrichment's own.
    case tmdbIncomplete(reason: String?)
    /// A merged chart's first day, whose rank changes are not known.
    case rankChangesUnknown(Day)
    /// Charts outside the range that could not be had, and why (the services' reasons).
    case historyUnavailable(days: [Day], reasons: [String])
    /// `--allow-gaps`: charts left out, each named with KOBIS's reason (the first five).
    case gaps(count: Int, listed: [String])
    /// A range that does not cover whole periods, taken as the completed periods it overlaps.
    case snapped(asked: DateRange, kind: PeriodKind, periods: Int, covered: DateRange)
    /// A film page: daily charts are a top 10, so off-chart days are missing from its table.
    case filmChartCoverage
    /// A film page read `--offline`: days that were not cached, so not read.
    case offlineGaps([Day])
    /// The year to date is read from the cache only, and these spans' charts are not all there.
    case yearToDateNotCached(missing: Int, spans: [DateRange])
    /// `--regions`: some regions' charts could not be had (`--offline` and not cached, or no call left).
    case regionsMissing(charts: Int, of: Int)
    /// `--regions`: how the regions' figures are made.
    case regionalCharts
    /// `--holiday`, `--season`: what the range is.
    case namedPeriod(NamedPeriod, DateRange)
    /// `rank`: the weekend charts of these weekends (their Fridays) could not be had (`--offline`
    /// and not cached, or no call left), so the weekend table leaves them out.
    case weekendsMissing([Day])
    /// A period longer than a year: its total is not compared with a year earlier, whose span
    /// would overlap it (``YearEarlier/span(for:)``).
    case yearEarlierOverlaps
    /// `rank`'s KOFIC tables: what they could not have or compare (``KOFICNote``).
    case kofic(KOFICNote)

    /// The note in English, as the JSON carries it.
    package var english: String {
        switch self {
        case .simulated:
            "SIMULATED DATA: these figures come from boxoffice's bundled sample, not from KOBIS."
        case .chartCoverage:
            "KOBIS daily charts list the top 10 films of each day, so range totals count charted days only."
        case .deepChart(let depth):
            "Each day merges \(depth == .top20 ? "the Korean and the foreign top 10" : "four top 10s (Korean and foreign, each diversity and commercial)") into one chart of up to \(depth.rawValue) films, ranked by audience; "
                + "it is certainly the day's top down to the rank each day states (below it, a film outside every partition's top 10 could sell as much). "
                + "Range totals count charted days only."
        case .periodChart(let kind):
            "KOBIS \(kind.displayName) charts list each period's top 10 with the films' figures for the whole period (days outside the daily top 10 included); "
                + "changes, rank changes and NEW compare with the same period a week earlier, as KOBIS computes them."
        case .noLookBack:
            "Compared within the range only (--no-look-back): %± LW needs the day a week earlier in the range, and #1 streaks start at the range's first day."
        case .provisionalDays(let days):
            "Provisional: KOBIS revises the figures for \(DateRange.compactList(days)) until late morning (KST); run again later for final figures."
        case .provisionalPeriods(let periods):
            "Provisional: KOBIS revises the \(periods.map { "\($0.start.iso)..\($0.end.iso)" }.joined(separator: ", ")) figures until late morning (KST) after the period ends; run again later for final figures."
        case .earlyCoverage:
            "KOBIS coverage before 2011 is partial (not every theatre reported), so early totals understate attendance."
        case .missingMovieInfo(let films):
            films == 1
                ? "KOBIS had no movie info for 1 film; its nations, genres and distributor are blank."
                : "KOBIS had no movie info for \(films) films; their nations, genres and distributors are blank."
        case .tmdbIncomplete(let reason):
            "TMDB enrichment is incomplete: \(reason ?? "TMDB failed during the run")."
        case .rankChangesUnknown(let day):
            "Rank changes compare merged charts, so \(day.iso)'s are not known (the day before could not be had)."
        case .historyUnavailable(let days, let reasons):
            "Charts outside the range could not be had for \(DateRange.compactList(days)) (\(reasons.joined(separator: "; "))), "
                + "so the comparisons that need them (%± LW, screens change, #1 streaks, against a year earlier) are blank or marked “at least”."
        case .gaps(let count, let listed):
            "Gaps (--allow-gaps): \(count) chart\(count == 1 ? "" : "s") KOBIS answered with a malformed response "
                + "\(count == 1 ? "is" : "are") left out of this report: " + listed.joined(separator: "; ") + (count > listed.count ? "; …" : "")
        case .snapped(let asked, let kind, let periods, let covered):
            "\(asked.start.iso)..\(asked.end.iso) does not cover whole \(kind.unitName(plural: true)): taking the \(periods) completed \(kind.unitName(plural: periods != 1)) it overlaps, \(covered.start.iso)..\(covered.end.iso)."
        case .filmChartCoverage:
            "Daily charts list the top 10 of each day: days the film spent outside it are not in the table, and weekly totals are the charted days' sum (complete only when it was charted every day of the week)."
        case .offlineGaps(let days):
            "Not cached, so not read (--offline): \(DateRange.compactList(days)); the run may have charted days there."
        case .yearToDateNotCached(let missing, let spans):
            "The year to date is read from the cache only, which lacks \(missing) of its charts: "
                + spans.map { "boxoffice fetch \($0.start.iso)..\($0.end.iso)" }.joined(separator: " and ") + " fills them."
        case .regionsMissing(let charts, let all):
            "\(charts) of the \(all) regional charts could not be had (not cached with --offline, no KOBIS call left this run, or KOBIS failing for them): their regions are left out, named in the JSON's regions_missing."
        case .yearEarlierOverlaps:
            "The period is longer than a year, so its totals are not compared with a year earlier, whose span would overlap it; a day (a week) is compared one by one only where its year-earlier date lies in the period."
        case .namedPeriod(let named, let range):
            switch named {
            case .holiday:
                "\(named.names.en): \(range.start.iso) to \(range.end.iso), its official days in the bundled holiday table and the weekend days and holidays they join."
            case .season:
                "\(named.names.en): \(range.start.iso) to \(range.end.iso), KOFIC's peak season (summer: July and August; winter: December to February)."
            }
        case .weekendsMissing(let fridays):
            "The weekend charts of \(fridays.count) weekend\(fridays.count == 1 ? "" : "s") (Fridays \(DateRange.compactList(fridays))) could not be had (not cached with --offline, or no KOBIS call left this run): the weekend table leaves them out; "
                + "\(WeekendTable.fillCommand(fridays)) fills them."
        case .kofic(let note): note.english
        case .regionalCharts:
            "Regions: each region's own KOBIS top 10 for the period and its admissions (Top 10). Of nation is those against the national top 10's, so the regions need not add up to 100; a film's share (Its share, or beside the region's #1) is its admissions there against its national ones, shown only where it made that region's top 10."
        }
    }
}

extension ReportNote: Encodable {
    /// The JSON carries each note as its English text.
    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(english)
    }
}
