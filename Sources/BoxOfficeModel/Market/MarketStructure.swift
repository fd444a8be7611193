import Foundation

/// The market's structure over a period, as KOFIC's year-end 결산 tables show it: the distributor
/// league by KOBIS company code, the shares by nation, watch grade, genre and month, the Korean and
/// foreign top 10s, the whole market estimated, and how much of the showings the top films held.
///
/// Every figure is the charts' and the cached movie infos' own: admissions and sales summed over
/// the days a film was charted, so the months add up to the period's charted admissions exactly.
package struct MarketStructure: Encodable, Sendable, Equatable {
    /// One group's figures: a distributor (by company code), a nation, a watch grade or a genre.
    package struct Share: Codable, Sendable, Equatable {
        /// The company code for a distributor; the name itself for the other groups; empty for the
        /// films without KOBIS movie info.
        package var key: String
        package var name: String
        package var films: Int
        /// Films it shares with another distributor, each credited in full to both.
        package var sharedFilms: Int
        package var audience: Int64
        package var sales: Int64
        /// Percent of the period's charted admissions.
        package var audienceSharePercent: Double
        /// Its admissions from Korean films, and from foreign ones (films without a nation in neither).
        package var koreanAudience: Int64
        package var foreignAudience: Int64
        /// Its share of the period's Korean films' admissions, and of the foreign films': KOFIC's
        /// league tables for Korean and for foreign films.
        package var koreanSharePercent: Double = 0
        package var foreignSharePercent: Double = 0
        /// Its Korean and foreign films, and their sales (KOFIC's tables 11/12 and 18/19 split each
        /// league by side).
        package var koreanFilms = 0
        package var foreignFilms = 0
        package var koreanSales: Int64 = 0
        package var foreignSales: Int64 = 0
        /// Its share of the period's charted sales, of the Korean films' and of the foreign films'
        /// sales, %: KOFIC prints the sales shares beside the admissions shares.
        package var salesSharePercent: Double = 0
        package var koreanSalesSharePercent: Double = 0
        package var foreignSalesSharePercent: Double = 0
        /// Its place among the groups by its Korean films' admissions, and by its foreign films'
        /// (nil with none of that side): the leagues of KOFIC's tables 18 and 19.
        package var koreanRank: Int?
        package var foreignRank: Int?

        /// A group with nothing counted yet.
        static func empty(key: String, name: String) -> Share {
            Share(
                key: key, name: name, films: 0, sharedFilms: 0, audience: 0, sales: 0, audienceSharePercent: 0, koreanAudience: 0,
                foreignAudience: 0)
        }

        enum CodingKeys: String, CodingKey {
            case key
            case name
            case films
            case sharedFilms = "shared_films"
            case audience
            case sales
            case audienceSharePercent = "audience_share_pct"
            case koreanAudience = "korean_audience"
            case foreignAudience = "foreign_audience"
            case koreanSharePercent = "korean_share_pct"
            case foreignSharePercent = "foreign_share_pct"
            case koreanFilms = "korean_films"
            case foreignFilms = "foreign_films"
            case koreanSales = "korean_sales"
            case foreignSales = "foreign_sales"
            case salesSharePercent = "sales_share_pct"
            case koreanSalesSharePercent = "korean_sales_share_pct"
            case foreignSalesSharePercent = "foreign_sales_share_pct"
            case koreanRank = "korean_rank"
            case foreignRank = "foreign_rank"
        }
    }

    /// A calendar month of the period (or the part of it the period covers).
    package struct Month: Codable, Sendable, Equatable {
        /// `2024-07`.
        package var month: String
        package var days: Int
        package var films: Int
        package var audience: Int64
        package var sales: Int64
        package var audienceSharePercent: Double
        package var koreanAudience: Int64
        package var foreignAudience: Int64

        /// A month (or quarter, or half) with nothing counted yet.
        static func empty(_ key: String) -> Month {
            Month(month: key, days: 0, films: 0, audience: 0, sales: 0, audienceSharePercent: 0, koreanAudience: 0, foreignAudience: 0)
        }

        enum CodingKeys: String, CodingKey {
            case month
            case days
            case films
            case audience
            case sales
            case audienceSharePercent = "audience_share_pct"
            case koreanAudience = "korean_audience"
            case foreignAudience = "foreign_audience"
        }
    }

    /// One nation's admissions in a calendar month (KOFIC's table 6): a film counts for its first
    /// listed nation, blank without KOBIS movie info.
    package struct MonthNation: Codable, Sendable, Equatable {
        package var month: String
        package var nation: String
        package var films: Int
        package var audience: Int64
        package var sales: Int64
        /// Its share of the month's charted admissions, %.
        package var audienceSharePercent: Double

        enum CodingKeys: String, CodingKey {
            case month
            case nation
            case films
            case audience
            case sales
            case audienceSharePercent = "audience_share_pct"
        }
    }

    /// A film of the Korean or the foreign top 10.
    package struct TopFilm: Codable, Sendable, Equatable {
        package var rank: Int
        package var movieCode: String
        package var title: String
        package var audience: Int64
        package var audienceSharePercent: Double

        enum CodingKeys: String, CodingKey {
            case rank
            case movieCode = "movie_cd"
            case title
            case audience
            case audienceSharePercent = "audience_share_pct"
        }
    }

    /// How much of the charted showings the top films held: an upper bound, as the showings of the
    /// films off the chart are not known (tighter at `--depth 40`).
    package struct Concentration: Codable, Sendable, Equatable {
        /// Days with showings on the chart.
        package var days: Int
        /// Days the #1 film held more than 40 % and more than 50 % of the charted showings.
        package var daysOver40: Int
        package var daysOver50: Int
        /// The #1, #2 and #3 films' share of each day's charted showings, averaged over the days
        /// that had such a film, one decimal.
        package var averageShowingSharePercent: [Double]

        enum CodingKeys: String, CodingKey {
            case days
            case daysOver40 = "days_over_40_pct"
            case daysOver50 = "days_over_50_pct"
            case averageShowingSharePercent = "average_showing_share_pct"
        }
    }

    /// A calendar year of a period reaching over more than one: the indicators KOFIC's ten-year
    /// table gives, from the charts.
    package struct Year: Codable, Sendable, Equatable {
        package var year: Int
        /// Its days in the period: 365 or 366 for a whole year.
        package var days: Int
        package var films: Int
        package var audience: Int64
        package var sales: Int64
        /// The market's sales as boxoffice estimates them from KOBIS's sales shares, summed over the days that give one, and the
        /// market's admissions estimated from it (over the year's charted average ticket price).
        package var estimatedMarketSales: Int64?
        package var estimatedMarketAudience: Int64?
        package var averageTicketPrice: Int64?
        package var koreanSharePercent: Double
        /// Its charted admissions against the average of 2017, 2018 and 2019 (the baseline Korean
        /// reporting has used since 2020), when the period holds those three years whole.
        package var audienceVsBaselinePercent: Double?

        enum CodingKeys: String, CodingKey {
            case year
            case days
            case films
            case audience
            case sales
            case estimatedMarketSales = "estimated_market_sales"
            case estimatedMarketAudience = "estimated_market_audience"
            case averageTicketPrice = "average_ticket_price"
            case koreanSharePercent = "korean_share_pct"
            case audienceVsBaselinePercent = "audience_vs_2017_2019_pct"
        }
    }

    /// A distributor's place in one year of the period.
    package struct DistributorYear: Codable, Sendable, Equatable {
        package var year: Int
        package var rank: Int
        package var share: Share

        enum CodingKeys: String, CodingKey {
            case year
            case rank
            case share = "distributor"
        }
    }

    package var distributors: [Share]
    /// The years of a period over more than one calendar year (else empty), and each year's
    /// distributor league.
    package var years: [Year]
    package var distributorYears: [DistributorYear]
    package var nations: [Share]
    package var grades: [Share]
    package var genres: [Share]
    package var months: [Month]
    /// The quarters (`2024-Q1`) and halves (`2024-H1`) of a period reaching over more than two
    /// months, summed from its days like the months (KOFIC's table 5); else empty.
    package var quarters: [Month]
    /// Each month's admissions by nation (KOFIC's table 6).
    package var monthNations: [MonthNation]
    package var koreanTop: [TopFilm]
    package var foreignTop: [TopFilm]
    /// Σ sales ÷ Σ admissions of the charted rows, to the won; nil without admissions.
    package var averageTicketPrice: Int64?
    /// The market's sales estimate (KOBIS's `salesShare`) over the charted average ticket price.
    package var estimatedMarketAudience: Int64?
    package var concentration: Concentration?

    enum CodingKeys: String, CodingKey {
        case distributors
        case years
        case distributorYears = "distributor_years"
        case nations
        case grades
        case genres
        case months
        case quarters
        case monthNations = "month_nations"
        case koreanTop = "korean_top"
        case foreignTop = "foreign_top"
        case averageTicketPrice = "average_ticket_price"
        case estimatedMarketAudience = "estimated_market_audience"
        case concentration
    }

    /// The structure of a daily report's period.
    package init(_ report: BoxOfficeReport) {
        let films = report.films
        let total = report.summary.chartedAudience
        let korean = Dictionary(films.map { ($0.movieCode, Self.nation(of: $0)) }, uniquingKeysWith: { first, _ in first })
        distributors = Self.distributors(films, total: total)
        (years, distributorYears) = Self.years(report, korean: korean)
        nations = Self.shares(films, total: total) { $0.nations.first }
        grades = Self.shares(films, total: total) { $0.watchGrade }
        genres = Self.shares(films, total: total) { $0.genres.first }
        let byMonth = Self.monthSums(report.days, korean: korean)
        months = Self.spans(byMonth, total: total) { $0 }
        quarters =
            months.count > 2 ? Self.spans(byMonth, total: total, by: Self.quarterKey) + Self.spans(byMonth, total: total, by: Self.halfKey) : []
        let nations = Dictionary(films.map { ($0.movieCode, $0.hasMovieInfo ? $0.nations.first ?? "" : "") }) { first, _ in first }
        monthNations = Self.monthNations(report.days, nations: nations)
        let ranked = films.sorted { ($0.audience, $1.rank) > ($1.audience, $0.rank) }
        koreanTop = Self.top(ranked.filter { Self.nation(of: $0) == true }, total: total)
        foreignTop = Self.top(ranked.filter { Self.nation(of: $0) == false }, total: total)
        averageTicketPrice = report.summary.averageTicketPrice
        estimatedMarketAudience = report.summary.estimatedMarketAudience
        concentration = Self.concentration(report.days)
    }

    /// Each calendar year's indicators and distributor league, when the days reach over more than one.
    static func years(_ report: BoxOfficeReport, korean: [String: Bool?]) -> ([Year], [DistributorYear]) {
        let byYear = Dictionary(grouping: report.days, by: \.date.year)
        guard byYear.count > 1 else { return ([], []) }
        let filmsByCode = Dictionary(report.films.map { ($0.movieCode, $0) }, uniquingKeysWith: { first, _ in first })
        var years: [Year] = []
        var leagues: [DistributorYear] = []
        for year in byYear.keys.sorted() {
            let days = byYear[year]!
            // The year's films, their figures summed over its days only.
            var films: [String: FilmRanking] = [:]
            for row in days.flatMap(\.entries) {
                guard var film = films[row.movieCode] ?? filmsByCode[row.movieCode].map({ $0.zeroed() }) else { continue }
                film.audience += row.audience
                film.sales += row.sales
                films[row.movieCode] = film
            }
            let audience = films.values.reduce(Int64(0)) { $0 + $1.audience }
            let sales = films.values.reduce(Int64(0)) { $0 + $1.sales }
            let koreanAudience = films.values.filter { korean[$0.movieCode] == true }.reduce(Int64(0)) { $0 + $1.audience }
            let estimates = days.compactMap(\.estimatedMarketSales)
            let price = JoinStage.wholeRatio(sales, audience)
            let market = estimates.isEmpty ? nil : estimates.reduce(Int64(0), +)
            years.append(
                Year(
                    year: year, days: days.count, films: films.count, audience: audience, sales: sales, estimatedMarketSales: market,
                    estimatedMarketAudience: market.flatMap { sales in price.flatMap { JoinStage.wholeRatio(sales, $0) } },
                    averageTicketPrice: price, koreanSharePercent: JoinStage.percent(koreanAudience, of: audience), audienceVsBaselinePercent: nil))
            let league = distributors(Array(films.values), total: audience)
            leagues += league.enumerated().map { DistributorYear(year: year, rank: $0 + 1, share: $1) }
        }
        let baseline = years.filter {
            (2017...2019).contains($0.year)
                && $0.days == DateRange(start: Day(year: $0.year, month: 1, day: 1)!, end: Day(year: $0.year, month: 12, day: 31)!).dayCount
        }
        if baseline.count == 3 {
            let average = Double(baseline.reduce(Int64(0)) { $0 + $1.audience }) / 3
            for index in years.indices where average > 0 {
                years[index].audienceVsBaselinePercent = ((Double(years[index].audience) / average - 1) * 10_000).rounded() / 100
            }
        }
        return (years, leagues)
    }

    /// True for a Korean film, false for a foreign one, nil without KOBIS's nations.
    package static func nation(of film: FilmRanking) -> Bool? {
        film.hasMovieInfo && !film.nations.isEmpty ? MovieInfo.isKorean(nations: film.nations) : nil
    }

    /// Sorted by admissions, then by name and key.
    static func sorted(_ shares: [Share]) -> [Share] {
        shares.sorted { ($0.audience, $1.name, $1.key) > ($1.audience, $0.name, $0.key) }
    }

    static func add(_ film: FilmRanking, to share: inout Share) {
        share.films += 1
        share.audience += film.audience
        share.sales += film.sales
        switch nation(of: film) {
        case true?:
            (share.koreanAudience, share.koreanSales, share.koreanFilms) = (
                share.koreanAudience + film.audience, share.koreanSales + film.sales, share.koreanFilms + 1
            )
        case false?:
            (share.foreignAudience, share.foreignSales, share.foreignFilms) = (
                share.foreignAudience + film.audience, share.foreignSales + film.sales, share.foreignFilms + 1
            )
        case nil: break
        }
    }

    /// A distributor's key in the league: KOBIS's company code, or its name where KOBIS gives none.
    package static func distributorKey(_ company: MovieInfo.Company) -> String { company.code.isEmpty ? company.name : company.code }

    /// The distributor league, the one every command prints (a report's summary, `rank`, the
    /// company page's years): each film credited in full to every distributor KOBIS lists for it,
    /// by company code, its admissions summed over its charted days; the name shown is the one of
    /// the film charted last.
    static func distributors(_ films: [FilmRanking], total: Int64) -> [Share] {
        var byCode: [String: (share: Share, latest: Day)] = [:]
        for film in films {
            let companies: [MovieInfo.Company?] = film.distributorCompanies.isEmpty ? [nil] : film.distributorCompanies
            for company in companies {
                let key = company.map(distributorKey) ?? ""
                var entry = byCode[key] ?? (.empty(key: key, name: company?.name ?? ""), film.lastChartDate)
                add(film, to: &entry.share)
                if companies.count > 1 { entry.share.sharedFilms += 1 }
                if film.lastChartDate > entry.latest, let company { (entry.share.name, entry.latest) = (company.name, film.lastChartDate) }
                byCode[key] = entry
            }
        }
        return ranked(byCode.values.map(\.share), of: films, total: total)
    }

    /// The films grouped by one attribute (its first listed value); films without it, in a group
    /// with an empty key.
    static func shares(_ films: [FilmRanking], total: Int64, by attribute: (FilmRanking) -> String?) -> [Share] {
        var groups: [String: Share] = [:]
        for film in films {
            let key = (film.hasMovieInfo ? attribute(film) : nil) ?? ""
            var share = groups[key] ?? .empty(key: key, name: key)
            add(film, to: &share)
            groups[key] = share
        }
        return ranked(Array(groups.values), of: films, total: total)
    }

    /// The groups with their shares of `films`' admissions (of `total`) and sales, all, Korean and
    /// foreign, and their places in the Korean and the foreign leagues; sorted by admissions.
    static func ranked(_ groups: [Share], of films: [FilmRanking], total: Int64) -> [Share] {
        let sides = split(films)
        let sales = films.reduce(Int64(0)) { $0 + $1.sales }
        func place(_ figure: KeyPath<Share, Int64>) -> [String: Int] {
            let ordered = groups.filter { $0[keyPath: figure] > 0 }.sorted {
                ($0[keyPath: figure], $1.name, $1.key) > ($1[keyPath: figure], $0.name, $0.key)
            }
            return Dictionary(ordered.enumerated().map { ($1.key, $0 + 1) }) { first, _ in first }
        }
        let (koreanPlaces, foreignPlaces) = (place(\.koreanAudience), place(\.foreignAudience))
        return sorted(
            groups.map { group in
                var share = group
                share.audienceSharePercent = JoinStage.percent(share.audience, of: total)
                share.koreanSharePercent = JoinStage.percent(share.koreanAudience, of: sides.korean.audience)
                share.foreignSharePercent = JoinStage.percent(share.foreignAudience, of: sides.foreign.audience)
                share.salesSharePercent = JoinStage.percent(share.sales, of: sales)
                share.koreanSalesSharePercent = JoinStage.percent(share.koreanSales, of: sides.korean.sales)
                share.foreignSalesSharePercent = JoinStage.percent(share.foreignSales, of: sides.foreign.sales)
                share.koreanRank = koreanPlaces[share.key]
                share.foreignRank = foreignPlaces[share.key]
                return share
            })
    }

    /// The Korean and the foreign films' admissions and sales among `films`.
    static func split(_ films: [FilmRanking]) -> (korean: (audience: Int64, sales: Int64), foreign: (audience: Int64, sales: Int64)) {
        var korean: (audience: Int64, sales: Int64) = (0, 0)
        var foreign: (audience: Int64, sales: Int64) = (0, 0)
        for film in films {
            switch nation(of: film) {
            case true?: korean = (korean.audience + film.audience, korean.sales + film.sales)
            case false?: foreign = (foreign.audience + film.audience, foreign.sales + film.sales)
            case nil: break
            }
        }
        return (korean, foreign)
    }

    /// `2024-07`.
    static func monthKey(_ day: Day) -> String { String(day.iso.prefix(7)) }
    /// The quarter of a month: `2024-07` is `2024-Q3`.
    static func quarterKey(_ month: String) -> String { "\(month.prefix(4))-Q\((Int(month.suffix(2))! - 1) / 3 + 1)" }
    /// The half of a month: `2024-07` is `2024-H2`.
    static func halfKey(_ month: String) -> String { "\(month.prefix(4))-H\(Int(month.suffix(2))! <= 6 ? 1 : 2)" }

    /// The days summed by calendar month, with each month's films, in calendar order.
    static func monthSums(_ days: [DayReport], korean: [String: Bool?]) -> [(month: Month, films: Set<String>)] {
        var months: [String: (month: Month, films: Set<String>)] = [:]
        // Each month's entry is changed in place (a copy of it took a copy of its set of films a day).
        func add(_ day: DayReport, to entry: inout (month: Month, films: Set<String>)) {
            entry.month.days += 1
            for row in day.entries {
                entry.films.insert(row.movieCode)
                entry.month.audience += row.audience
                entry.month.sales += row.sales
                switch korean[row.movieCode] ?? nil {
                case true?: entry.month.koreanAudience += row.audience
                case false?: entry.month.foreignAudience += row.audience
                case nil: break
                }
            }
        }
        for day in days {
            let key = monthKey(day.date)
            add(day, to: &months[key, default: (.empty(key), [])])
        }
        return months.keys.sorted().map { months[$0]! }
    }

    /// The months as the spans `key` names (themselves, the quarters, the halves), in calendar order:
    /// their figures summed, their films counted once.
    static func spans(_ months: [(month: Month, films: Set<String>)], total: Int64, by key: (String) -> String) -> [Month] {
        var spans: [(month: Month, films: Set<String>)] = []
        for (month, films) in months {
            let name = key(month.month)
            if spans.last?.month.month != name {
                spans.append((.empty(name), []))
            }
            spans[spans.count - 1].month.days += month.days
            spans[spans.count - 1].month.audience += month.audience
            spans[spans.count - 1].month.sales += month.sales
            spans[spans.count - 1].month.koreanAudience += month.koreanAudience
            spans[spans.count - 1].month.foreignAudience += month.foreignAudience
            spans[spans.count - 1].films.formUnion(films)
        }
        return spans.map { span in
            var month = span.month
            month.films = span.films.count
            month.audienceSharePercent = JoinStage.percent(month.audience, of: total)
            return month
        }
    }

    /// Each month's charted admissions by the films' first listed nation, biggest first.
    static func monthNations(_ days: [DayReport], nations: [String: String]) -> [MonthNation] {
        var sums: [String: [String: (films: Set<String>, audience: Int64, sales: Int64)]] = [:]
        for day in days {
            let month = monthKey(day.date)
            // Each nation's sums are changed in place (a copy of them took a copy of its set of films a row).
            func add(_ row: DayEntry, to sums: inout (films: Set<String>, audience: Int64, sales: Int64)) {
                sums.films.insert(row.movieCode)
                sums.audience += row.audience
                sums.sales += row.sales
            }
            for row in day.entries { add(row, to: &sums[month, default: [:]][nations[row.movieCode] ?? "", default: ([], 0, 0)]) }
        }
        return sums.keys.sorted().flatMap { month in
            let nations = sums[month]!
            let total = nations.values.reduce(Int64(0)) { $0 + $1.audience }
            return nations.sorted { ($0.value.audience, $1.key) > ($1.value.audience, $0.key) }.map { nation, sums in
                MonthNation(
                    month: month, nation: nation, films: sums.films.count, audience: sums.audience, sales: sums.sales,
                    audienceSharePercent: JoinStage.percent(sums.audience, of: total))
            }
        }
    }

    static func top(_ films: [FilmRanking], total: Int64) -> [TopFilm] {
        films.prefix(10).enumerated().map { index, film in
            TopFilm(
                rank: index + 1, movieCode: film.movieCode, title: film.title, audience: film.audience,
                audienceSharePercent: JoinStage.percent(film.audience, of: total))
        }
    }

    /// The #1 film's share of a chart's showings or screens, in percent: of the charted films' only,
    /// so an upper bound of its share of the market's. Nil for a chart without any.
    package static func topShare(of entries: [DayEntry], _ figure: KeyPath<DayEntry, Int64>) -> Double? {
        let total = entries.reduce(Int64(0)) { $0 + $1[keyPath: figure] }
        guard total > 0, let first = entries.min(by: { $0.rank < $1.rank }) else { return nil }
        return Double(first[keyPath: figure]) / Double(total) * 100
    }

    static func concentration(_ days: [DayReport]) -> Concentration? {
        var counted = 0
        var over40 = 0
        var over50 = 0
        var sums = [0.0, 0.0, 0.0]
        var counts = [0, 0, 0]
        for day in days {
            let showings = day.entries.reduce(Int64(0)) { $0 + $1.showings }
            guard showings > 0 else { continue }
            counted += 1
            let shares = day.entries.sorted { $0.rank < $1.rank }.prefix(3).map { Double($0.showings) / Double(showings) * 100 }
            if let first = shares.first {
                if first > 40 { over40 += 1 }
                if first > 50 { over50 += 1 }
            }
            for (index, share) in shares.enumerated() { (sums[index], counts[index]) = (sums[index] + share, counts[index] + 1) }
        }
        guard counted > 0 else { return nil }
        return Concentration(
            days: counted, daysOver40: over40, daysOver50: over50,
            averageShowingSharePercent: zip(sums, counts).filter { $0.1 > 0 }.map { ($0.0 / Double($0.1) * 10).rounded() / 10 })
    }
}

extension FilmRanking {
    /// The film with no admissions or sales: a start for summing a part of the period.
    func zeroed() -> FilmRanking {
        var film = self
        film.audience = 0
        film.sales = 0
        return film
    }
}
