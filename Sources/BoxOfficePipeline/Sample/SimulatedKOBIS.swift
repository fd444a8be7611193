import BoxOfficeModel
import BoxOfficeServices
import Foundation

/// A deterministic stand-in for KOBIS: answers daily-chart and movie-info requests for a catalogue
/// of simulated films in KOBIS's own JSON format (numbers as strings, blank re-release dates,
/// previews before the open date), so the sample exercises the real decoders.
package struct SimulatedKOBIS: Sendable {
    package let films: [SimulatedFilm]
    private let filmsByCode: [String: SimulatedFilm]
    /// Films ordered by their first day, so a date's candidates are found without scanning decades.
    private let byFirstDay: [SimulatedFilm]
    /// No simulated film sells tickets longer than this after its first day.
    static let maxRunDays = 400

    package init(films: [SimulatedFilm]) {
        self.films = films
        filmsByCode = Dictionary(films.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
        byFirstDay = films.sorted { $0.firstDay < $1.firstDay }
    }

    /// Films whose first day falls within a run's length before `day`.
    func candidates(on day: Day) -> ArraySlice<SimulatedFilm> {
        func firstIndex(atOrAfter bound: Day) -> Int {
            var low = 0, high = byFirstDay.count
            while low < high {
                let mid = (low + high) / 2
                if byFirstDay[mid].firstDay < bound { low = mid + 1 } else { high = mid }
            }
            return low
        }
        return byFirstDay[firstIndex(atOrAfter: day - Self.maxRunDays)..<firstIndex(atOrAfter: day + 1)]
    }

    /// Answers a KOBIS request by path and query, as the live service would (faults included).
    package func response(to request: HTTPRequest) -> HTTPResponse {
        let path = request.url.path
        guard let key = request.queryValue("key"), !key.isEmpty else {
            return Self.json(Self.fault(code: "320010", message: "유효하지않은 키값입니다."))
        }
        if path.hasSuffix("boxoffice/searchDailyBoxOfficeList.json") {
            guard let text = request.queryValue("targetDt") else {
                return Self.json(Self.fault(code: "320102", message: "필수 파라미터 targetDt가 누락되었습니다."))
            }
            guard let day = Day(compact: text) else {
                return Self.json(Self.fault(code: "320103", message: "targetDt 파라미터가 잘못되었습니다."))
            }
            return Self.json(dailyChartBody(on: day, filters: Self.filters(of: request)))
        }
        if path.hasSuffix("boxoffice/searchWeeklyBoxOfficeList.json") {
            guard let text = request.queryValue("targetDt") else {
                return Self.json(Self.fault(code: "320102", message: "필수 파라미터 targetDt가 누락되었습니다."))
            }
            guard let day = Day(compact: text) else {
                return Self.json(Self.fault(code: "320103", message: "targetDt 파라미터가 잘못되었습니다."))
            }
            guard let kind = PeriodKind.allCases.first(where: { $0.weekGb == (request.queryValue("weekGb") ?? "1") }) else {
                return Self.json(Self.fault(code: "320105", message: "weekGb 파라미터가 잘못되었습니다."))
            }
            return Self.json(weeklyChartBody(ChartPeriod(kind, inWeekOf: day), filters: Self.filters(of: request)))
        }
        if path.hasSuffix("movie/searchMovieInfo.json") {
            return Self.json(movieInfoBody(code: request.queryValue("movieCd") ?? ""))
        }
        if path.hasSuffix("movie/searchMovieList.json") {
            if let from = request.queryValue("openStartDt").flatMap(Int.init), let to = request.queryValue("openEndDt").flatMap(Int.init) {
                return Self.json(
                    releaseListBody(
                        years: from...max(from, to), page: request.queryValue("curPage").flatMap(Int.init) ?? 1,
                        perPage: request.queryValue("itemPerPage").flatMap(Int.init) ?? 10))
            }
            return Self.json(movieListBody(title: request.queryValue("movieNm") ?? ""))
        }
        if path.hasSuffix("company/searchCompanyList.json") {
            return Self.json(companyListBody(name: request.queryValue("companyNm") ?? ""))
        }
        if path.hasSuffix("company/searchCompanyInfo.json") {
            return Self.json(companyInfoBody(code: request.queryValue("companyCd") ?? ""))
        }
        if path.hasSuffix("people/searchPeopleList.json") {
            return Self.json(peopleListBody(name: request.queryValue("peopleNm") ?? ""))
        }
        if path.hasSuffix("people/searchPeopleInfo.json") {
            return Self.json(peopleInfoBody(code: request.queryValue("peopleCd") ?? ""))
        }
        if path.hasSuffix("code/searchCodeList.json") {
            guard let parent = request.queryValue("comCode"), !parent.isEmpty else {
                return Self.json(Self.fault(code: "320102", message: "필수 파라미터 comCode가 누락되었습니다."))
            }
            return Self.json(codeListBody(parent))
        }
        return HTTPResponse(status: 404, headers: ["Content-Type": "text/html"], body: Data("<html><body>Not Found</body></html>".utf8))
    }

    /// The `searchDailyBoxOfficeList.json` body for a date.
    package func dailyChartBody(on day: Day, filters: KOBISFilters = .init()) -> [String: Any] {
        let today = standings(on: day, filters: filters)
        let yesterday = standings(on: day - 1, filters: filters)
        let allSales = candidates(on: day).reduce(Int64(0)) { $0 + scaled($1.sales(on: day), filters.area, film: $1) }
        let daySales = Double(allSales) * 1.04  // films outside the catalogue sell a little too

        let rows = chartRows(
            today, previous: yesterday, marketSales: daySales, through: day, area: filters.area, newChange: "100"
        ) { film in
            let screens = film.screens(on: day)
            return (scaled(screens, filters.area, film: film, floor: 1), scaled(screens * 3 + screens / 3, filters.area, film: film, floor: 1))
        }
        return [
            "boxOfficeResult": [
                "boxofficeType": "일별 박스오피스",
                "showRange": "\(day.compact)~\(day.compact)",
                "dailyBoxOfficeList": rows,
            ] as [String: Any]
        ]
    }

    /// The daily top 10 of every day in `range`, decoded from the bodies the service would send
    /// (for the projection's back-test on the simulation).
    package func dailyCharts(_ range: DateRange) -> [DailyChart] {
        range.compactMap { day in
            guard let body = try? JSONSerialization.data(withJSONObject: dailyChartBody(on: day)),
                case .value(let chart)? = try? KOBISDecoding.dailyChart(body, date: day)
            else { return nil }
            return chart
        }
    }

    static func filters(of request: HTTPRequest) -> KOBISFilters {
        KOBISFilters(
            nation: request.queryValue("repNationCd").flatMap { $0 == "K" ? .korean : $0 == "F" ? .foreign : nil },
            films: request.queryValue("multiMovieYn").flatMap { $0 == "Y" ? .diversity : $0 == "N" ? .commercial : nil },
            area: request.queryValue("wideAreaCd").flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The `searchWeeklyBoxOfficeList.json` body for a period: every film's figures summed over the
    /// period's days from the whole simulated market (days outside the daily top 10 included), the
    /// top 10 by audience, changes against the same period a week earlier (a rank change may point
    /// below 10; a film that sold nothing then is NEW, with "100.0").
    package func weeklyChartBody(_ period: ChartPeriod, filters: KOBISFilters = .init()) -> [String: Any] {
        let current = periodStandings(period, filters: filters)
        let before = periodStandings(period.previous, filters: filters)
        let allSales = period.days.reduce(Int64(0)) { total, day in
            total + candidates(on: day).reduce(Int64(0)) { $0 + scaled($1.sales(on: day), filters.area, film: $1) }
        }
        let periodSales = Double(allSales) * 1.04
        // A film that sold nothing the week before is NEW, its changes "100.0" as KOBIS writes them.
        let rows = chartRows(
            current, previous: before, marketSales: periodSales, through: period.end, area: filters.area, newChange: "100.0"
        ) { film in
            let screens = period.days.map { film.audience(on: $0) > 0 ? scaled(film.screens(on: $0), filters.area, film: film, floor: 1) : 0 }
            return (screens.max() ?? 0, screens.reduce(0) { $0 + $1 * 3 + $1 / 3 })
        }
        let boxofficeType =
            switch period.kind {
            case .week: "주간 박스오피스"
            case .weekend: "주말 박스오피스"
            case .weekdays: "주중 박스오피스"
            }
        return [
            "boxOfficeResult": [
                "boxofficeType": boxofficeType,
                "showRange": period.showRange,
                "yearWeekTime": period.yearWeekTime,
                "weeklyBoxOfficeList": rows,
            ] as [String: Any]
        ]
    }

    /// The rows of a chart as KOBIS writes them (18 string fields): the top 10 of `current`, ranked
    /// and compared with `previous` (a rank change may point below 10; a film absent from it is NEW,
    /// its changes `newChange`), sales shares of `marketSales`, cumulative figures through `day`.
    func chartRows(
        _ current: [Standing], previous: [Standing], marketSales: Double, through day: Day, area: String?, newChange: String,
        screens: (SimulatedFilm) -> (screens: Int64, showings: Int64)
    ) -> [[String: String]] {
        let previousRank = Dictionary(uniqueKeysWithValues: previous.enumerated().map { ($1.film.code, $0 + 1) })
        let previousStanding = Dictionary(uniqueKeysWithValues: previous.map { ($0.film.code, $0) })
        return current.prefix(10).enumerated().map { index, standing in
            let film = standing.film
            let rank = index + 1
            let before = previousStanding[film.code]
            let (accAudience, accSales) = cumulative(film, through: day, area: area)
            let (screenCount, showings) = screens(film)
            return [
                "rnum": String(rank),
                "rank": String(rank),
                "rankInten": String(previousRank[film.code].map { $0 - rank } ?? 0),
                "rankOldAndNew": before == nil ? "NEW" : "OLD",
                "movieCd": film.code,
                "movieNm": film.title,
                "openDt": film.chartOpenDate?.iso ?? " ",
                "salesAmt": String(standing.sales),
                "salesShare": Self.decimal(marketSales == 0 ? 0 : Double(standing.sales) * 100 / marketSales),
                "salesInten": String(standing.sales - (before?.sales ?? 0)),
                "salesChange": before == nil ? newChange : Self.change(standing.sales, from: before?.sales),
                "salesAcc": String(accSales),
                "audiCnt": String(standing.audience),
                "audiInten": String(standing.audience - (before?.audience ?? 0)),
                "audiChange": before == nil ? newChange : Self.change(standing.audience, from: before?.audience),
                "audiAcc": String(accAudience),
                "scrnCnt": String(screenCount),
                "showCnt": String(showings),
            ]
        }
    }

    /// Every film's audience and sales over a period, filtered, best first.
    func periodStandings(_ period: ChartPeriod, filters: KOBISFilters) -> [Standing] {
        var totals: [String: (film: SimulatedFilm, audience: Int64, sales: Int64)] = [:]
        for day in period.days {
            for standing in standings(on: day, filters: filters) {
                totals[standing.film.code, default: (standing.film, 0, 0)].audience += standing.audience
                totals[standing.film.code, default: (standing.film, 0, 0)].sales += standing.sales
            }
        }
        return totals.values.map { Standing(film: $0.film, audience: $0.audience, sales: $0.sales) }
            .sorted { ($0.audience, $1.film.code) > ($1.audience, $0.film.code) }
    }

    /// Code of the film in production the movie list names after every title searched, as KOBIS's
    /// list mixes films never released in with the rest.
    package static let unreleasedListedCode = "20990001"

    /// A film KOBIS lists as coming (개봉예정) three weeks after the catalogue's last release, which
    /// no chart shows: what only the movie list knows.
    package static let upcomingListedCode = "20990002"

    /// The `searchMovieList.json` body for the films opening in `years` (`openStartDt`/`openEndDt`):
    /// the catalogue's, and the coming film, newest first, `perPage` to a page, with `totCnt`.
    package func releaseListBody(years: ClosedRange<Int>, page: Int, perPage: Int) -> [String: Any] {
        let coming = (films.map(\.releaseDate).max() ?? Day(year: 2025, month: 3, day: 10)!) + 21
        var rows: [[String: Any]] = films.filter { years.contains($0.releaseDate.year) }
            .sorted { ($0.releaseDate, $0.code) > ($1.releaseDate, $1.code) }.map(listRow)
        if years.contains(coming.year) {
            rows.insert(
                [
                    "movieCd": Self.upcomingListedCode, "movieNm": "다가올 봄", "movieNmEn": "The Coming Spring", "prdtYear": String(coming.year),
                    "openDt": coming.compact, "typeNm": "장편", "prdtStatNm": "개봉예정", "nationAlt": "한국", "genreAlt": "드라마",
                    "repNationNm": "한국", "repGenreNm": "드라마", "directors": [["peopleNm": "윤서진"]], "companys": [[String: String]](),
                ], at: 0)
        }
        let perPage = max(1, min(perPage, 100))
        let shown = Array(rows.dropFirst((max(page, 1) - 1) * perPage).prefix(perPage))
        return ["movieListResult": ["totCnt": rows.count, "source": "영화진흥위원회", "movieList": shown] as [String: Any]]
    }

    func listRow(_ film: SimulatedFilm) -> [String: Any] {
        [
            "movieCd": film.code, "movieNm": film.title, "movieNmEn": film.titleEnglish, "prdtYear": String(film.productionYear),
            "openDt": film.releaseDate.compact, "typeNm": "장편", "prdtStatNm": "개봉", "nationAlt": film.nations.joined(separator: ","),
            "genreAlt": film.genres.joined(separator: ","), "repNationNm": film.nations.first ?? "", "repGenreNm": film.genres.first ?? "",
            "directors": [["peopleNm": film.director.name]], "companys": [[String: String]](),
        ]
    }

    /// The `searchMovieList.json` body for a title: the catalogue's films whose Korean title
    /// contains it (spaces and case aside), newest first, and a film in production with the title
    /// itself and no open date.
    package func movieListBody(title: String) -> [String: Any] {
        let wanted = MovieListSearch.normalized(title)
        let found = films.filter { !wanted.isEmpty && MovieListSearch.normalized($0.title).contains(wanted) }
            .sorted { ($0.releaseDate, $0.code) > ($1.releaseDate, $1.code) }
        var rows: [[String: Any]] = found.map(listRow)
        if !wanted.isEmpty {
            rows.insert(
                [
                    "movieCd": Self.unreleasedListedCode, "movieNm": title, "movieNmEn": "", "prdtYear": "2026", "openDt": "", "typeNm": "장편",
                    "prdtStatNm": "제작중", "nationAlt": "한국", "genreAlt": "드라마", "repNationNm": "한국", "repGenreNm": "드라마",
                    "directors": [[String: String]](), "companys": [[String: String]](),
                ], at: 0)
        }
        return ["movieListResult": ["totCnt": rows.count, "source": "영화진흥위원회", "movieList": rows] as [String: Any]]
    }

    /// KOBIS's regions as its code list names them (`engNm` blank for some, as KOBIS leaves it).
    package static let regions: [(code: String, korean: String, english: String)] = [
        ("0105001", "서울시", "Seoul"), ("0105002", "경기도", "Gyeonggi-do"), ("0105003", "강원도", "Gangwon-do"),
        ("0105004", "충청북도", "Chungcheongbuk-do"), ("0105005", "충청남도", "Chungcheongnam-do"), ("0105006", "경상북도", "Gyeongsangbuk-do"),
        ("0105007", "경상남도", "Gyeongsangnam-do"), ("0105008", "전라북도", "Jeollabuk-do"), ("0105009", "전라남도", "Jeollanam-do"),
        ("0105010", "제주도", ""), ("0105011", "부산시", "Busan"), ("0105012", "대구시", "Daegu"), ("0105013", "대전시", "Daejeon"),
        ("0105014", "울산시", "Ulsan"), ("0105015", "인천시", "Incheon"), ("0105016", "광주시", "Gwangju"), ("0105017", "세종시", ""),
    ]

    /// The `searchCodeList.json` body for a parent code: the regions under `0105000000`, no codes
    /// under any other.
    package func codeListBody(_ parent: String) -> [String: Any] {
        let codes = parent == KOBISRegion.listCode ? Self.regions.map { ["fullCd": $0.code, "korNm": $0.korean, "engNm": $0.english] } : []
        return ["codes": codes]
    }

    // MARK: - Companies and people

    /// Every distributor of the catalogue (co-distributors too) with its films, by company code.
    var companies: [String: (name: String, films: [SimulatedFilm])] {
        var companies: [String: (name: String, films: [SimulatedFilm])] = [:]
        for film in films {
            for name in [film.distributor] + (film.coDistributor.map { [$0] } ?? []) {
                companies[Self.companyCode(name), default: (name, [])].films.append(film)
            }
        }
        return companies
    }

    /// A person's KOBIS code, made from both their names (`1009` and four digits): two directors
    /// who share a Korean name are two people, as in KOBIS.
    package static func personCode(_ name: String, _ english: String) -> String {
        "1009" + String(companyCode(name + "/" + english).suffix(4))
    }

    /// Every director of the catalogue with their films, by person code.
    var people: [String: (name: String, english: String, films: [SimulatedFilm])] {
        var people: [String: (name: String, english: String, films: [SimulatedFilm])] = [:]
        for film in films {
            people[Self.personCode(film.director.name, film.director.nameEnglish), default: (film.director.name, film.director.nameEnglish, [])]
                .films.append(film)
        }
        return people
    }

    /// `searchCompanyList.json`: the companies whose name contains `name` (spaces and case aside).
    package func companyListBody(name: String) -> [String: Any] {
        let wanted = MovieListSearch.normalized(name)
        let rows: [[String: Any]] = companies.filter { !wanted.isEmpty && MovieListSearch.normalized($0.value.name).contains(wanted) }
            .sorted { $0.key < $1.key }
            .map { code, company in
                [
                    "companyCd": code, "companyNm": company.name, "companyNmEn": "", "companyPartNames": "배급사,제공", "ceoNm": "",
                    "filmoNames": company.films.map(\.title).joined(separator: "|"),
                ]
            }
        return ["companyListResult": ["totCnt": rows.count, "companyList": rows, "source": "영화진흥위원회"] as [String: Any]]
    }

    /// `searchCompanyInfo.json`: a company's parts and films (each film as distributor, and as
    /// `제공` for its first distributor, as movie info lists them); an empty object for an unknown code.
    package func companyInfoBody(code: String) -> [String: Any] {
        guard let company = companies[code] else {
            return ["companyInfoResult": ["companyInfo": [String: String](), "source": "영화진흥위원회"] as [String: Any]]
        }
        let filmos: [[String: String]] = company.films.sorted { ($0.releaseDate, $0.code) > ($1.releaseDate, $1.code) }.flatMap { film in
            [["movieCd": film.code, "movieNm": film.title, "companyPartNm": "배급사"]]
                + (film.distributor == company.name ? [["movieCd": film.code, "movieNm": film.title, "companyPartNm": "제공"]] : [])
        }
        let info: [String: Any] = [
            "companyCd": code, "companyNm": company.name, "companyNmEn": "", "ceoNm": "",
            "parts": [["companyPartNm": "배급사"], ["companyPartNm": "제공"]], "filmos": filmos,
        ]
        return ["companyInfoResult": ["companyInfo": info, "source": "영화진흥위원회"] as [String: Any]]
    }

    /// `searchPeopleList.json`: the people whose Korean name contains `name`.
    package func peopleListBody(name: String) -> [String: Any] {
        let wanted = MovieListSearch.normalized(name)
        let rows: [[String: Any]] = people.filter { !wanted.isEmpty && MovieListSearch.normalized($0.value.name).contains(wanted) }
            .sorted { $0.key < $1.key }
            .map { code, person in
                [
                    "peopleCd": code, "peopleNm": person.name, "peopleNmEn": person.english, "repRoleNm": "감독",
                    "filmoNames": person.films.map(\.title).joined(separator: "|"),
                ]
            }
        return ["peopleListResult": ["totCnt": rows.count, "peopleList": rows, "source": "영화진흥위원회"] as [String: Any]]
    }

    /// `searchPeopleInfo.json`: a person's films as director; an empty object for an unknown code.
    package func peopleInfoBody(code: String) -> [String: Any] {
        guard let person = people[code] else {
            return ["peopleInfoResult": ["peopleInfo": [String: String](), "source": "영화진흥위원회"] as [String: Any]]
        }
        let info: [String: Any] = [
            "peopleCd": code, "peopleNm": person.name, "peopleNmEn": person.english, "sex": "", "repRoleNm": "감독",
            "homepages": [String](),
            "filmos": person.films.sorted { ($0.releaseDate, $0.code) > ($1.releaseDate, $1.code) }.map {
                ["movieCd": $0.code, "movieNm": $0.title, "moviePartNm": "감독"]
            },
        ]
        return ["peopleInfoResult": ["peopleInfo": info, "source": "영화진흥위원회"] as [String: Any]]
    }

    /// A company's KOBIS code, made from its name (`2010` and four digits), so that every film of a
    /// distributor carries the same code, as KOBIS's do.
    package static func companyCode(_ name: String) -> String {
        let hash = name.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
        return "2010" + String(String(hash % 10_000 + 10_000).suffix(4))
    }

    /// The `searchMovieInfo.json` body for a code; an empty `movieInfo` for unknown codes.
    package func movieInfoBody(code: String) -> [String: Any] {
        guard let film = filmsByCode[code] else {
            return ["movieInfoResult": ["movieInfo": [String: String](), "source": "영화진흥위원회"] as [String: Any]]
        }
        let info: [String: Any] = [
            "movieCd": film.code,
            "movieNm": film.title,
            "movieNmEn": film.titleEnglish + " ",
            "movieNmOg": "",
            "showTm": String(film.runtimeMinutes),
            "prdtYear": String(film.productionYear),
            "openDt": film.releaseDate.compact,
            "prdtStatNm": "개봉",
            "typeNm": "장편",
            "nations": film.nations.map { ["nationNm": $0] },
            "genres": film.genres.map { ["genreNm": $0] },
            "directors": [["peopleNm": film.director.name, "peopleNmEn": film.director.nameEnglish]],
            "actors": [[String: String]](),
            "showTypes": [["showTypeGroupNm": "2D", "showTypeNm": "디지털"]],
            "companys": ([film.distributor] + (film.coDistributor.map { [$0] } ?? [])).map { name in
                ["companyCd": Self.companyCode(name), "companyNm": name, "companyNmEn": "", "companyPartNm": "배급사"]
            } + [["companyCd": Self.companyCode(film.distributor), "companyNm": film.distributor, "companyNmEn": "", "companyPartNm": "제공"]],
            "audits": [["auditNo": "2025-SIM\(film.code.suffix(3)) ", "watchGradeNm": film.watchGrade]],
            "staffs": [[String: String]](),
        ]
        return ["movieInfoResult": ["movieInfo": info, "source": "영화진흥위원회"] as [String: Any]]
    }

    // MARK: - Figures

    struct Standing {
        let film: SimulatedFilm
        let audience: Int64
        let sales: Int64
    }

    /// Every film showing on a day that passes the filters, best first.
    func standings(on day: Day, filters: KOBISFilters) -> [Standing] {
        candidates(on: day).compactMap { film -> Standing? in
            if let nation = filters.nation, film.isKorean != (nation == .korean) { return nil }
            if let kind = filters.films, film.diversity != (kind == .diversity) { return nil }
            let audience = scaled(film.audience(on: day), filters.area, film: film)
            guard audience > 0 else { return nil }
            return Standing(film: film, audience: audience, sales: scaled(film.sales(on: day), filters.area, film: film))
        }
        .sorted { ($0.audience, $1.film.code) > ($1.audience, $0.film.code) }
    }

    func cumulative(_ film: SimulatedFilm, through day: Day, area: String?) -> (audience: Int64, sales: Int64) {
        var audience = film.priorAudience
        var sales = film.priorSales
        var current = film.firstDay
        while current <= day {
            audience += scaled(film.audience(on: current), area, film: film)
            sales += scaled(film.sales(on: current), area, film: film)
            current = current + 1
        }
        return (audience, sales)
    }

    /// Each region's usual slice of the nation's admissions (KOBIS's regional statistics, rounded):
    /// Gyeonggi and Seoul about a quarter and a fifth, Sejong under one in a hundred.
    static let regionShares: [String: Double] = [
        "0105001": 0.205, "0105002": 0.26, "0105003": 0.025, "0105004": 0.028, "0105005": 0.035, "0105006": 0.035, "0105007": 0.055,
        "0105008": 0.03, "0105009": 0.025, "0105010": 0.013, "0105011": 0.07, "0105012": 0.05, "0105013": 0.03, "0105014": 0.02,
        "0105015": 0.06, "0105016": 0.03, "0105017": 0.007,
    ]

    /// A region's slice of a film's nationwide figure: the region's usual share, a little more or
    /// less for each film (the same every day), so the regions add up to about the nation.
    func scaled(_ value: Int64, _ area: String?, film: SimulatedFilm, floor: Int64 = 0) -> Int64 {
        guard let area, value > 0 else { return value }
        let usual = Self.regionShares[area] ?? 0.01
        let share = usual * (0.8 + 0.4 * SimulatedFilm.noise(film.code + area, Day(ordinal: 0)))
        return max(floor, Int64((Double(value) * share).rounded()))
    }

    // MARK: - KOBIS's number formats

    /// Percentages as KOBIS writes them: "100", "34.2", "-13".
    static func decimal(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int64(rounded)) : String(format: "%.1f", rounded)
    }

    static func change(_ value: Int64, from previous: Int64?) -> String {
        guard let previous, previous != 0 else { return "100" }
        return decimal(Double(value - previous) * 100 / Double(previous))
    }

    static func fault(code: String, message: String) -> [String: Any] {
        ["faultInfo": ["message": message, "errorCode": code]]
    }

    static func json(_ object: [String: Any]) -> HTTPResponse {
        let body = SimulatedJSON.data(object)
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json;charset=UTF-8"], body: body)
    }
}
