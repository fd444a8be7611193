import Foundation

/// What `rank`'s KOFIC tables (issue 63) could not have or compare, and how some are made: one
/// case of ``ReportNote`` (``ReportNote/kofic(_:)``), its English here, its Korean in the output's words.
package enum KOFICNote: Hashable, Sendable {
    /// Regions, releases and diversity films are for a period of a year or less.
    case longSpan
    /// The diversity films' charts, and those not had (their first days).
    case diversityMissing(charts: [Day], of: Int, basis: DiversityFilms.Basis)
    /// The movie list of these years could not be had (`--offline` and not cached, the budget spent).
    case releasesNotHad(years: [Int])
    /// The movie list of these years is longer than the pages read.
    case releasesCutShort(years: [Int])
    /// `--regions`: KOBIS's list of regions could not be had.
    case regionListNotHad
    /// `--regions`: the period holds no ended week whose Thursday is in it.
    case noRegionWeek
    /// `--regions`: these regions had a week not had (the budget spent, `--offline`): left out.
    case regionsMissing(names: [String], of: Int, weeks: Int)
    /// How the regions' figures are made, and the population year used.
    case regionsMade(weeks: Int, populationYear: Int?)
    /// The ten years (or the 2017–2019 baseline) could not compare these years, not cached.
    case notCompared(years: [Int], baseline: Bool)
    /// Per person for the years after the bundled population's last is over that year's.
    case populationOf(used: Int)

    package var english: String {
        switch self {
        case .longSpan:
            "The regions, releases and diversity films are tabled for a period of a year or less; rank a year of this span for them."
        case .diversityMissing(let charts, let all, let basis):
            "Diversity films: \(charts.count) of the \(all) \(basis == .daily ? "daily" : "weekly") diversity charts (multiMovieYn=Y) could not be had (not cached with --offline, or no KOBIS call left this run), first days \(DateRange.compactList(charts)): their films' figures are low."
        case .releasesNotHad(let years):
            "Releases: KOBIS's movie list of \(SameSpan.runs(years, dash: "–")) could not be had (not cached with --offline, or no KOBIS call left this run): the releases table leaves those years out."
        case .releasesCutShort(let years):
            "Releases: KOBIS lists more films opening in \(SameSpan.runs(years, dash: "–")) than the \(KOBISPaging.releasePages) pages read, so some of its releases may be missing."
        case .regionListNotHad:
            "Regions: KOBIS's list of regions could not be had (not cached with --offline, or no KOBIS call left this run): no region is tabled."
        case .noRegionWeek:
            "Regions: KOBIS's regional charts are weekly, and the period holds no ended week (Monday to Sunday) whose Thursday is in it: no region is tabled."
        case .regionsMissing(let names, let all, let weeks):
            "Regions: \(names.count) of the \(all) regions are left out, a week of their \(weeks) weekly charts not had (not cached with --offline, or no KOBIS call left this run): \(names.joined(separator: ", ")). The same command fetches them when calls are left."
        case .regionsMade(let weeks, let year):
            "Regions: each region's KOBIS weekly top 10s (Monday to Sunday) of the \(weeks) weeks whose Thursday is in the period, summed: a region's charted admissions, not all of its admissions. The share is of the regions' total; per person is over its resident population"
                + (year.map { " of \($0) (\(Population.source))." } ?? ".")
        case .notCompared(let years, let baseline):
            "The ten years could not compare \(SameSpan.runs(years, dash: "–")): not cached (boxoffice fetch fills them)"
                + (baseline ? "; nor could the 2017–2019 average." : ".")
        case .populationOf(let used):
            "Per person for a year after \(used) is over \(used)'s population, the last the bundled table (\(Population.source)) has."
        }
    }
}

/// The pages of a year's movie list read at most (100 films a page; KOBIS lists about 2,000 a
/// year): the limit `KOBISClient` reads to, and the figure `rank`'s and `calendar`'s notes give.
package enum KOBISPaging {
    package static let releasePages = 40
}
