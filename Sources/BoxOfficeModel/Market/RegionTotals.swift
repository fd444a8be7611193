import Foundation

/// Each region's admissions over a period (KOFIC's table 3), from KOBIS's weekly chart per region
/// (`wideAreaCd`): the top 10s of the weeks whose Thursday is in the period (``ChartPeriod/weeks(thursdaysIn:endingBy:)``),
/// summed; the share of the regions' total and the admissions per person over the bundled
/// population (``Population``).
package struct RegionTotals: Encodable, Sendable, Equatable {
    package struct Region: Codable, Sendable, Equatable {
        package var regionCode: String
        package var region: String
        package var regionEnglish: String
        /// Its weekly charts summed, and how many there were.
        package var weeks: Int
        package var audience: Int64
        package var sales: Int64
        /// Its admissions against all the regions' (nil unless every region was had).
        package var sharePercent: Double?
        /// Its population (of ``populationYear``), and its admissions a person.
        package var population: Int64?
        package var populationYear: Int?
        package var perPerson: Double?

        enum CodingKeys: String, CodingKey {
            case regionCode = "region_cd"
            case region
            case regionEnglish = "region_en"
            case weeks
            case audience = "charted_audience"
            case sales = "charted_sales"
            case sharePercent = "share_of_regions_pct"
            case population
            case populationYear = "population_year"
            case perPerson = "audience_per_person"
        }
    }

    /// The regions whose every week was had, in KOBIS's code list's order.
    package var regions: [Region]
    /// The regions with a week not had (the budget spent, `--offline` and not cached), by name: left out.
    package var missing: [String]
    package var weeks: [ChartPeriod]

    enum CodingKeys: String, CodingKey {
        case regions
        case missing = "regions_missing"
    }

    /// The regions' weeks: `charts[code][week]` each region's chart, when had; per person over the
    /// population of `year`.
    package init(regions all: [KOBISRegion], weeks: [ChartPeriod], charts: [String: [ChartPeriod: WeeklyChart]], year: Int) {
        self.weeks = weeks
        var had: [Region] = []
        var missing: [String] = []
        for region in all {
            let own = charts[region.code] ?? [:]
            guard !weeks.isEmpty, weeks.allSatisfy({ own[$0] != nil }) else {
                missing.append(region.korean)
                continue
            }
            let rows = weeks.flatMap { own[$0]!.entries }
            let audience = rows.reduce(Int64(0)) { $0 + $1.audience }
            let population = Population.population(of: region.code, in: year)
            had.append(
                Region(
                    regionCode: region.code, region: region.korean, regionEnglish: region.english, weeks: weeks.count, audience: audience,
                    sales: rows.reduce(Int64(0)) { $0 + $1.sales }, sharePercent: nil, population: population?.people,
                    populationYear: population?.year, perPerson: population.map { Population.perPerson(audience, $0.people) }))
        }
        if missing.isEmpty {
            let total = had.reduce(Int64(0)) { $0 + $1.audience }
            for index in had.indices { had[index].sharePercent = JoinStage.percent(had[index].audience, of: total) }
        }
        regions = had
        self.missing = missing
    }
}
