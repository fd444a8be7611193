import Foundation

/// `boxoffice company` and `boxoffice person` (issue 50, item 4): a distributor's slate or a
/// person's films from KOBIS's company and people services, each with its lifetime admissions as
/// the cached daily charts hold them (its highest cumulative there, never an all-time figure), and
/// for a distributor its admissions and share by year.
package struct Filmography: Encodable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable {
        case company, person
    }

    package struct Film: Codable, Sendable, Equatable {
        package var movieCode: String
        package var title: String
        /// Its part in the film: `배급사`, `제작사`; `감독`, `배우`. Several parts are joined with `, `.
        package var role: String
        package var openDate: Day?
        /// Its highest cumulative in the cached charts; nil when they never show it.
        package var lifetime: Int64?
        /// Seen at 1,000만 or more in the cached charts.
        package var tenMillion: Bool

        enum CodingKeys: String, CodingKey {
            case movieCode = "movie_cd"
            case title, role
            case openDate = "open_date"
            case lifetime = "highest_cumulative"
            case tenMillion = "ten_million"
        }
    }

    /// A distributor's year in the cached charts, as `rank` and a report count it
    /// (``MarketStructure/distributors(_:total:)``).
    package struct Year: Codable, Sendable, Equatable {
        package var year: Int
        /// Its distributed films charted that year.
        package var films: Int
        /// Their admissions that year, summed over the days each was in the daily top 10, each
        /// film credited in full to every distributor KOBIS lists for it.
        package var audience: Int64
        /// Of every charted film's admissions that year, counted the same way.
        package var sharePercent: Double?

        enum CodingKeys: String, CodingKey {
            case year, films, audience
            case sharePercent = "share_pct"
        }
    }

    package var schemaVersion = BoxOfficeReport.schemaVersion
    package var kind: Kind
    package var source: String
    package var simulated: Bool
    package var code: String
    package var name: String
    package var nameEnglish: String
    package var roles: [String]
    package var films: [Film]
    /// A distributor's years (its `배급사` films); empty for a person.
    package var years: [Year]
    /// Σ of the films' lifetimes (each film once).
    package var careerAudience: Int64
    /// The cached charts' span; nil without a cache.
    package var chartsFrom: Day?
    package var chartsThrough: Day?

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version"
        case kind, source, simulated
        case code
        case name
        case nameEnglish = "name_en"
        case roles, films, years
        case careerAudience = "career_audience"
        case chartsFrom = "charts_from"
        case chartsThrough = "charts_through"
    }

    /// What the cached charts hold of each film: its highest cumulative in each year it charted,
    /// and its admissions summed over the year's charted days.
    package struct Charted: Sendable {
        package var span: DateRange?
        /// KOBIS code → year → the highest cumulative seen that year.
        package var yearly: [String: [Int: Int64]]
        /// KOBIS code → year → its admissions summed over that year's charted days.
        package var charted: [String: [Int: Int64]]

        package init(span: DateRange?, yearly: [String: [Int: Int64]], charted: [String: [Int: Int64]] = [:]) {
            self.span = span
            self.yearly = yearly
            self.charted = charted
        }

        /// Year → every charted film's admissions summed over its charted days.
        var yearTotals: [Int: Int64] {
            charted.values.reduce(into: [:]) { totals, years in
                for (year, audience) in years { totals[year, default: 0] += audience }
            }
        }

        /// A film's highest cumulative in the cached charts.
        func lifetime(_ code: String) -> Int64? { yearly[code]?.values.max() }
    }

    /// The page of `entry` against the cached charts; `info` gives a film's KOBIS movie info when
    /// the cache holds it (its open date, and for a company whether it distributed the film).
    package static func make(
        _ kind: Kind, entry: KOBISDirectory.Entry, charted: Charted, simulated: Bool, info: (String) -> MovieInfo?
    ) -> Filmography {
        // A film listed once per part: its parts joined, in KOBIS's order.
        var order: [String] = []
        var byCode: [String: Film] = [:]
        for film in entry.films where !film.movieCode.isEmpty {
            if var known = byCode[film.movieCode] {
                if !film.role.isEmpty, !known.role.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }).contains(film.role) {
                    known.role += known.role.isEmpty ? film.role : ", " + film.role
                }
                byCode[film.movieCode] = known
                continue
            }
            order.append(film.movieCode)
            let lifetime = charted.lifetime(film.movieCode)
            byCode[film.movieCode] = Film(
                movieCode: film.movieCode, title: film.title, role: film.role, openDate: info(film.movieCode)?.openDate, lifetime: lifetime,
                tenMillion: (lifetime ?? 0) >= FilmPace.threshold)
        }
        // The films the charts show first, most admissions first; then the rest in KOBIS's order.
        let films = order.compactMap { byCode[$0] }.enumerated().sorted { a, b in
            switch (a.element.lifetime, b.element.lifetime) {
            case let (x?, y?): (x, b.offset) > (y, a.offset)
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): a.offset < b.offset
            }
        }.map(\.element)
        var years: [Year] = []
        if kind == .company {
            // The league's rule: a film counts for every distributor its movie info lists, by
            // company code; without movie info in the cache, by its part in KOBIS's company list.
            let distributed = films.filter { film in
                guard let companies = info(film.movieCode)?.distributorCompanies else { return film.role.contains(MovieInfo.distributorRole) }
                return companies.contains { MarketStructure.distributorKey($0) == entry.code }
            }.map(\.movieCode)
            let yearTotals = charted.yearTotals
            for year in yearTotals.keys.sorted() {
                let audiences = distributed.compactMap { charted.charted[$0]?[year] }
                guard !audiences.isEmpty else { continue }
                let own = audiences.reduce(0, +)
                years.append(
                    Year(year: year, films: audiences.count, audience: own, sharePercent: JoinStage.percent(own, of: yearTotals[year] ?? 0)))
            }
        }
        return Filmography(
            kind: kind, source: simulated ? "Simulated KOBIS data (boxoffice's bundled sample)" : "KOBIS (Korean Film Council)",
            simulated: simulated, code: entry.code, name: entry.name, nameEnglish: entry.nameEnglish, roles: entry.roles, films: films,
            years: years, careerAudience: films.compactMap(\.lifetime).reduce(0, +), chartsFrom: charted.span?.start,
            chartsThrough: charted.span?.end)
    }
}
