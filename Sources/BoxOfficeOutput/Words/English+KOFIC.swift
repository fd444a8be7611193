import BoxOfficeModel
import Foundation

/// English words for `rank`'s KOFIC tables (issue 63).
extension English {
    func releasesLine(_ releases: Releases) -> String {
        "KOBIS's movie list has \(PeopleFormat.grouped(Int64(releases.films.count))) films opening in the period (\(releases.korean) Korean, \(releases.foreign) foreign); "
            + "\(releases.chartedKorean + releases.chartedForeign) of them made the daily top 10 (\(releases.chartedKorean) Korean, \(releases.chartedForeign) foreign)."
    }

    func diversityLine(_ diversity: DiversityFilms) -> String {
        let charts = diversity.basis == .daily ? "daily" : "weekly (Monday to Sunday)"
        let share = diversity.sharePercent.map { ", \(PeopleFormat.percent($0)) of the charted admissions" } ?? ""
        return
            "\(diversity.films.count) diversity films, \(PeopleFormat.grouped(diversity.audience)) admissions\(share): the sum of KOBIS's \(diversity.charts) \(charts) diversity top 10s (multiMovieYn=Y), so diversity films that never made one are not counted."
    }
}
