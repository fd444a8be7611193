import BoxOfficeModel
import Foundation

/// `rank`'s tables that complete KOFIC's year-end 결산 (issue 63): the months by nation, the
/// releases, the diversity films and the regions (the quarters are ``months(_:source:)``'s, the ten
/// years the same-span table's).
extension ReportTables {
    /// Each month's admissions by nation (KOFIC's table 6).
    static func monthNations(source: String) -> TableDefinition<MarketStructure.MonthNation> {
        TableDefinition(
            .monthNations, TableFacts(key: ["month", "nation"], label: ("months by nation", "월별 국적별")),
            [
                Column("month", .text, "The month, 2024-07") { $0.month },
                Column("nation", .text, "First listed production nation; blank without KOBIS movie info") { $0.nation },
                Column("films", .integer, "Its films charted in the month") { String($0.films) },
                Column("audience", .integer, "Their charted admissions in the month") { String($0.audience) },
                Column("sales", .integer, "Their charted sales in the month, won") { String($0.sales) },
                Column("audience_share_pct", .decimal(places: 2), "Share of the month's charted admissions, %") {
                    decimal($0.audienceSharePercent, places: 2)
                },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }

    /// The films released in the period (KOFIC's table 10).
    static func releases(source: String) -> TableDefinition<Releases.Film> {
        TableDefinition(
            .releases, TableFacts(key: ["movie_cd"], label: ("releases", "개봉작")),
            [
                Column("movie_cd", .code, "KOBIS movie code") { $0.movieCode },
                Column("title", .text, "Korean title, as KOBIS's movie list gives it") { $0.title },
                Column("open_date", .date, "Its open date") { $0.openDate.iso },
                Column("nation", .text, "First listed production nation; blank when the list gives none") { $0.nation },
                Column("korean", .boolean, "true for a Korean film (first listed nation 한국)") { bool($0.korean) },
                Column("watch_grade", .text, "Latest Korean rating from a cached KOBIS movie info; blank without one") { $0.watchGrade },
                Column("charted", .boolean, "true when it made the daily top 10 in the period") { bool($0.charted) },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }

    /// The period's diversity films (KOFIC's tables 20–23).
    static func diversityFilms(source: String) -> TableDefinition<DiversityFilms.Film> {
        TableDefinition(
            .diversityFilms, TableFacts(key: ["movie_cd"], label: ("diversity films", "다양성영화")),
            [
                Column("rank", .integer, "Place among the diversity films by admissions") { String($0.rank) },
                Column("movie_cd", .code, "KOBIS movie code") { $0.movieCode },
                Column("title", .text, "Korean title") { $0.title },
                Column("korean", .boolean, "true for a Korean film, false for a foreign one; blank without KOBIS movie info") {
                    $0.korean.map(bool) ?? ""
                },
                Column("audience", .integer, "Admissions summed over the diversity charts (multiMovieYn=Y) it made") { String($0.audience) },
                Column("sales", .integer, "Sales summed over the same charts, won") { String($0.sales) },
                Column("charts", .integer, "The diversity charts it made (daily or weekly: the JSON's basis)") { String($0.charts) },
                Column("diversity_share_pct", .decimal(places: 2), "Its share of the diversity films' admissions, %") {
                    decimal($0.sharePercent, places: 2)
                },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }

    /// Each region's admissions over the period (`rank --regions`, KOFIC's table 3).
    static func regionTotals(source: String) -> TableDefinition<RegionTotals.Region> {
        TableDefinition(
            .regionTotals, TableFacts(key: ["region_cd"], label: ("regions", "지역별")),
            [
                Column("region_cd", .code, "KOBIS region code (wideAreaCd)") { $0.regionCode },
                Column("region", .text, "Its Korean name in KOBIS's code list") { $0.region },
                Column("region_en", .text, "Its English name") { $0.regionEnglish },
                Column("weeks", .integer, "Its weekly charts summed (Monday to Sunday, the weeks whose Thursday is in the period)") {
                    String($0.weeks)
                },
                Column("charted_audience", .integer, "Admissions of its weekly top 10s") { String($0.audience) },
                Column("charted_sales", .integer, "Sales of its weekly top 10s, won") { String($0.sales) },
                Column("share_of_regions_pct", .decimal(places: 2), "Its admissions against all regions', %; blank unless every region was had") {
                    $0.sharePercent.map { decimal($0, places: 2) } ?? ""
                },
                Column("population", .integer, "Its resident population (KOSIS) of population_year") { $0.population.map(String.init) ?? "" },
                Column("population_year", .integer, "The year of that population") { $0.populationYear.map(String.init) ?? "" },
                Column("audience_per_person", .decimal(places: 4), "Its charted admissions a person") {
                    $0.perPerson.map { decimal($0, places: 4) } ?? ""
                },
                Column("data_source", .code, sourceAbout) { _ in source },
            ])
    }
}
