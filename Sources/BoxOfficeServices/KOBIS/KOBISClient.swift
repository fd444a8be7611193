import BoxOfficeModel
import Foundation

/// Reads the KOBIS daily box office and movie info through an ``HTTPTransport``.
///
/// The key travels as the `key` query parameter, as KOBIS requires; no error this client throws
/// contains a URL, so the key cannot leak through one.
package struct KOBISClient: Sendable {
    /// The public endpoint, used unless `KOBIS_BASE_URL` says otherwise.
    package static let defaultBaseURL = URL(string: "https://www.kobis.or.kr/kobisopenapi/webservice/rest/")!

    /// Days after a period's end within which an empty chart means "not published yet".
    static let publicationDays = 14

    /// The largest answer accepted: a chart is a few KB and movie info at most ~30 KB.
    package static let maximumBodySize = 2 << 20

    /// KOBIS answers every request with a JSON object: anything else is a damaged answer to retry.
    package static let isDamagedBody: @Sendable (Data) -> Bool = { !JSONReader.looksLikeObject($0) }

    package let transport: any HTTPTransport
    package let baseURL: URL
    /// Where fetched bodies are kept and looked up first; nil for no cache.
    package let cache: CacheAccess?
    /// The calls this run may send; nil for no limit.
    package let budget: KOBISBudget?
    private let key: String

    package init(
        transport: any HTTPTransport, key: String, baseURL: URL = KOBISClient.defaultBaseURL,
        cache: CacheAccess? = nil, budget: KOBISBudget? = nil
    ) {
        self.transport = transport
        self.key = key
        self.baseURL = baseURL.absoluteString.hasSuffix("/") ? baseURL : baseURL.appendingPathComponent("")
        self.cache = cache
        self.budget = budget
    }

    /// The request for a date's chart.
    package func dailyChartRequest(on date: Day, filters: KOBISFilters = .init()) -> HTTPRequest {
        request(
            "boxoffice/searchDailyBoxOfficeList.json",
            [("targetDt", date.compact), ("itemPerPage", "10")] + filters.queryItems)
    }

    /// The request for a period's chart: `targetDt` is the period's first day, `weekGb` always sent.
    package func weeklyChartRequest(_ period: ChartPeriod, filters: KOBISFilters = .init()) -> HTTPRequest {
        request(
            "boxoffice/searchWeeklyBoxOfficeList.json",
            [("targetDt", period.start.compact), ("weekGb", period.kind.weekGb), ("itemPerPage", "10")] + filters.queryItems)
    }

    /// The request for a film's movie info.
    package func movieInfoRequest(code: String) -> HTTPRequest {
        request("movie/searchMovieInfo.json", [("movieCd", code)])
    }

    /// The request for a title search: the first 100 films whose Korean title contains `title`.
    package func movieListRequest(title: String) -> HTTPRequest {
        request("movie/searchMovieList.json", [("movieNm", title), ("itemPerPage", String(MovieListSearch.pageSize))])
    }

    /// The request for KOBIS's code list under `parent` (the regions: ``KOBISRegion/listCode``).
    package func codeListRequest(_ parent: String) -> HTTPRequest {
        request("code/searchCodeList.json", [("comCode", parent)])
    }

    /// The regions `wideAreaCd` takes, from KOBIS's code list (one call, cached for a month).
    package func regions() async throws -> [KOBISRegion] {
        try await cached(
            KOBISCacheKeys.codeList(KOBISRegion.listCode), .init(maxAge: cache?.freshness.codeList),
            request: { codeListRequest(KOBISRegion.listCode) }, subject: "KOBIS's list of regions"
        ) { body, _ throws(MalformedBody) in
            try KOBISDecoding.regions(body)
        }
    }

    /// `filters` with `area` given as a region's code: a name (`서울`, `Seoul`) looked up in the code
    /// list (``regions()``); a code made of digits is taken as it is, with no call.
    package func resolvingArea(_ filters: KOBISFilters) async throws -> KOBISFilters {
        guard let area = filters.area, !KOBISFilters.isValidArea(area) else { return filters }
        let regions = try await regions()
        guard let region = KOBISRegion.named(area, in: regions) else { throw UnknownRegionError(name: area, regions: regions) }
        var resolved = filters
        resolved.area = region.code
        return resolved
    }

    /// The top 10 of a date, filtered as asked: from the cache when fresh there (``CacheFreshness/chart(_:)``),
    /// else from KOBIS; marked provisional when it was fetched before the day's figures were final.
    package func dailyChart(on date: Day, filters: KOBISFilters = .init()) async throws -> DailyChart {
        let rule = cache?.freshness.chart(date) ?? .anyAge
        let key = KOBISCacheKeys.chart(date, filters: filters)
        // A day fetched again (provisional, or --refresh): its earlier body, to see what KOBIS
        // revised; only the unfiltered chart is compared, so only its body is read.
        nonisolated(unsafe) var earlier: Data?
        let chart = try await cached(
            key, rule, request: { dailyChartRequest(on: date, filters: filters) }, subject: "the daily chart for \(date.iso)",
            beforeFetch: { if filters.isEmpty { earlier = cache?.cache.read(key)?.body } }
        ) { body, fetchedAt throws(MalformedBody) in
            cache?.chartsFetched.note(fetchedAt)
            return try KOBISDecoding.dailyChart(body, date: date).marked { $0.provisional = Self.isProvisional(date, fetchedAt: fetchedAt) }
        }
        if let earlier, let cache, case .value(let old)? = try? KOBISDecoding.dailyChart(earlier, date: date) {
            cache.revisions.append(Revision.between(old, chart, seenAt: Int64(cache.calendar.now().timeIntervalSince1970)))
        }
        return chart
    }

    /// The top 10 of a week, weekend or weekdays, with KOBIS's totals for the whole period: from the
    /// cache when fresh there (a period is final once its last day is two days back), else from KOBIS.
    /// Ask only for periods that have ended (``ChartPeriod/lastCompleted(_:today:)``).
    package func weeklyChart(_ period: ChartPeriod, filters: KOBISFilters = .init()) async throws -> WeeklyChart {
        let rule = cache?.freshness.chart(period) ?? .anyAge
        // KOBIS publishes a period's chart within days of its end; one that ended weeks ago (a
        // year-earlier comparison's) and lists no film is an empty chart, kept like any other.
        let recent = period.end >= (cache?.calendar.today ?? SeoulCalendar().today) - Self.publicationDays
        return try await cached(
            KOBISCacheKeys.weeklyChart(period, filters: filters), rule,
            request: { weeklyChartRequest(period, filters: filters) },
            subject: "the \(period.kind.rawValue) chart for \(period.start.iso)..\(period.end.iso)"
        ) { body, fetchedAt throws(MalformedBody) in
            cache?.chartsFetched.note(fetchedAt)
            let outcome = try KOBISDecoding.weeklyChart(body, period: period).marked {
                $0.provisional = Self.isProvisional(period.end, fetchedAt: fetchedAt)
            }
            // An unfiltered recent period with no film is one KOBIS has not published yet: not data to keep.
            if case .value(let chart) = outcome, chart.entries.isEmpty, filters.isEmpty, recent {
                return .fault(code: KOBISError.notYetPublishedCode, message: "")
            }
            return outcome
        }
    }

    /// A period's chart when the cache holds one (of any age), sending nothing: for facts that are
    /// worth having only when free, such as a streak of weekends at #1.
    package func cachedWeeklyChart(_ period: ChartPeriod, filters: KOBISFilters = .init()) -> WeeklyChart? {
        cache?.value(KOBISCacheKeys.weeklyChart(period, filters: filters), .anyAge) { body, fetchedAt in
            guard case .value(var chart)? = try? KOBISDecoding.weeklyChart(body, period: period), !chart.entries.isEmpty else { return nil }
            chart.provisional = Self.isProvisional(period.end, fetchedAt: fetchedAt)
            return chart
        }
    }

    /// A date's chart when the cache holds one (of any age), sending nothing: for figures worth
    /// having only when free, such as the year to date.
    package func cachedDailyChart(on date: Day, filters: KOBISFilters = .init()) -> DailyChart? {
        cache?.value(KOBISCacheKeys.chart(date, filters: filters), .anyAge) { body, fetchedAt in
            guard case .value(var chart)? = try? KOBISDecoding.dailyChart(body, date: date) else { return nil }
            chart.provisional = Self.isProvisional(date, fetchedAt: fetchedAt)
            return chart
        }
    }

    /// True when a chart ending on `day` was fetched at `fetchedAt` while KOBIS could still revise it.
    static func isProvisional(_ day: Day, fetchedAt: Date) -> Bool { fetchedAt < SeoulCalendar.finalFrom(day) }

    /// A film's movie info when the cache holds it (of any age), sending nothing. KOBIS's answer
    /// that it knows no such film is kept as it is: reading it as a miss discarded it, so the next
    /// run spent a call to ask again.
    package func cachedMovieInfo(code: String) -> MovieInfo? {
        guard let cache else { return nil }
        let decode: (Data, Date) -> MovieInfo?? = { body, _ in
            if case .value(let info)? = try? KOBISDecoding.movieInfo(body, code: code) { return .some(info) }
            return nil
        }
        return cache.value(KOBISCacheKeys.movieInfo(code), .anyAge, decode: decode) ?? nil
    }

    /// The movie info of every film the cache holds, sending nothing: what `boxoffice film` looks a
    /// title up in.
    package func cachedMovieInfos() -> [MovieInfo] {
        guard let cache else { return [] }
        return cache.cache.keys(under: "kobis/movie").compactMap { key in
            guard let body = cache.cache.read(key)?.body else { return nil }
            let code = String(key.split(separator: "/").last!.dropLast(".json".count))
            if case .value(let info?)? = try? KOBISDecoding.movieInfo(body, code: code) { return info }
            return nil
        }
    }

    /// The first and last day whose daily chart (with `filters`) the cache holds, of any age,
    /// sending nothing: the span `boxoffice rank --all` ranks. Nil when it holds none.
    package func cachedChartSpan(filters: KOBISFilters = .init()) -> DateRange? {
        guard let cache else { return nil }
        // kobis/daily/<filters>/<yyyy>/<yyyyMMdd>.json: the folder is the key less its last two parts.
        let folder = KOBISCacheKeys.chart(DateRange.earliest, filters: filters).split(separator: "/").dropLast(2).joined(separator: "/")
        let days = cache.cache.keys(under: folder).compactMap { key in
            key.split(separator: "/").last.flatMap { Day(compact: String($0.dropLast(".json".count))) }
        }
        guard let first = days.min(), let last = days.max() else { return nil }
        return DateRange(start: first, end: last)
    }

    /// The films KOBIS's movie list finds for a title (one call, cached for a day): what
    /// `boxoffice film "title"` looks in when the cache knows no such title. Each is the list's
    /// partial movie info (code, titles, open date, nations, genres, directors), not a film's details.
    package func movieList(title: String) async throws -> [MovieInfo] {
        try await cached(
            KOBISCacheKeys.movieList(title: title), .init(maxAge: cache?.freshness.movieList), request: { movieListRequest(title: title) },
            subject: "KOBIS's movie list for \"\(title)\""
        ) { body, _ throws(MalformedBody) in
            try KOBISDecoding.movieList(body)
        }
    }

    /// The pages of a year's list that `total` films fill, up to ``KOBISPaging/releasePages``.
    static func releasePages(listing total: Int) -> Int {
        min(KOBISPaging.releasePages, (total + MovieListSearch.pageSize - 1) / MovieListSearch.pageSize)
    }

    /// The films KOBIS's movie list gives an open date in `year` (`openStartDt`/`openEndDt`), each
    /// with its status (개봉, 개봉예정 …): page 1, then as many more as its `totCnt` says, up to
    /// ``KOBISPaging/releasePages``, one call each, cached for a day (a past year's for a month: its list
    /// hardly changes). What `boxoffice calendar` lists; `listed` is the `totCnt` KOBIS gave, more
    /// than `films` holds when the page limit cut the list short.
    package func releases(year: Int, currentYear: Int) async throws -> (films: [(info: MovieInfo, status: String)], listed: Int) {
        func page(_ number: Int) async throws -> MovieListPage {
            let freshness = year < currentYear ? cache?.freshness.movieInfo : cache?.freshness.movieList
            return try await cached(
                KOBISCacheKeys.releases(year: year, page: number), .init(maxAge: freshness),
                request: {
                    request(
                        "movie/searchMovieList.json",
                        [
                            ("openStartDt", String(year)), ("openEndDt", String(year)), ("curPage", String(number)),
                            ("itemPerPage", String(MovieListSearch.pageSize)),
                        ])
                },
                subject: "KOBIS's movie list of \(year)'s releases, page \(number)"
            ) { body, _ throws(MalformedBody) in
                try KOBISDecoding.movieListPage(body)
            }
        }
        let first = try await page(1)
        var films = first.films
        let pages = Self.releasePages(listing: first.total)
        if pages >= 2 {
            for number in 2...pages { films += try await page(number).films }
        }
        return (films, first.total)
    }

    /// A year's releases (``releases(year:currentYear:)``) when the cache holds every page of its
    /// list (of any age), sending nothing: nil when a page is missing.
    package func cachedReleases(year: Int) -> [(info: MovieInfo, status: String)]? {
        func page(_ number: Int) -> MovieListPage? {
            cache?.value(KOBISCacheKeys.releases(year: year, page: number), .anyAge) { body, _ in
                if case .value(let page)? = try? KOBISDecoding.movieListPage(body) { return page }
                return nil
            }
        }
        guard let first = page(1) else { return nil }
        var films = first.films
        let pages = Self.releasePages(listing: first.total)
        if pages >= 2 {
            for number in 2...pages {
                guard let next = page(number) else { return nil }
                films += next.films
            }
        }
        return films
    }

    /// The companies (`searchCompanyList`, by `companyNm`) or people (`searchPeopleList`, by
    /// `peopleNm`) KOBIS finds for a name: one call, cached for a day like a title search.
    package func directoryList(_ kind: Filmography.Kind, name: String) async throws -> [KOBISDirectory.Listed] {
        let company = kind == .company
        return try await cached(
            KOBISCacheKeys.directoryList(kind, name: name), .init(maxAge: cache?.freshness.movieList),
            request: {
                request(
                    company ? "company/searchCompanyList.json" : "people/searchPeopleList.json",
                    [(company ? "companyNm" : "peopleNm", name), ("itemPerPage", "100")])
            },
            subject: "KOBIS's \(company ? "company" : "people") list for \"\(name)\""
        ) { body, _ throws(MalformedBody) in
            company
                ? try KOBISDecoding.directoryList(
                    body, result: "companyListResult", list: "companyList", code: "companyCd", name: "companyNm", nameEnglish: "companyNmEn",
                    roles: "companyPartNames")
                : try KOBISDecoding.directoryList(
                    body, result: "peopleListResult", list: "peopleList", code: "peopleCd", name: "peopleNm", nameEnglish: "peopleNmEn",
                    roles: "repRoleNm")
        }
    }

    /// A company's (`searchCompanyInfo`) or person's (`searchPeopleInfo`) info with their films:
    /// one call, cached for a month like movie info; nil when KOBIS has none for the code.
    package func directoryEntry(_ kind: Filmography.Kind, code: String) async throws -> KOBISDirectory.Entry? {
        let company = kind == .company
        return try await cached(
            KOBISCacheKeys.directoryEntry(kind, code: code), .init(maxAge: cache?.freshness.movieInfo),
            request: {
                request(company ? "company/searchCompanyInfo.json" : "people/searchPeopleInfo.json", [(company ? "companyCd" : "peopleCd", code)])
            },
            subject: "\(company ? "company" : "people") info for \(code)"
        ) { body, _ throws(MalformedBody) in
            company
                ? try KOBISDecoding.directoryEntry(
                    body, result: "companyInfoResult", info: "companyInfo", code: "companyCd", name: "companyNm", nameEnglish: "companyNmEn",
                    filmRole: "companyPartNm")
                : try KOBISDecoding.directoryEntry(
                    body, result: "peopleInfoResult", info: "peopleInfo", code: "peopleCd", name: "peopleNm", nameEnglish: "peopleNmEn",
                    filmRole: "moviePartNm")
        }
    }

    /// A film's details; nil when KOBIS has none for the code.
    package func movieInfo(code: String) async throws -> MovieInfo? {
        try await cached(
            KOBISCacheKeys.movieInfo(code), .init(maxAge: cache?.freshness.movieInfo), request: { movieInfoRequest(code: code) },
            subject: "movie info for film \(code)"
        ) { body, _ throws(MalformedBody) in
            try KOBISDecoding.movieInfo(body, code: code)
        }
    }

    /// Serves `key` from the cache, else spends a call from the budget, fetches and decodes (`decode`
    /// is given the body and when it was fetched). The request is built only when sent.
    private func cached<Value>(
        _ key: String, _ rule: CacheFreshness.Rule, request: () -> HTTPRequest, subject: String, beforeFetch: () -> Void = {},
        decode: (Data, Date) throws(MalformedBody) -> KOBISDecoding.Outcome<Value>
    ) async throws -> Value {
        let now = { cache?.calendar.now() ?? Date() }
        return try await CacheAccess.value(
            from: cache, key: key, rule,
            decode: { body, fetchedAt -> Value? in
                if case .value(let value)? = try? decode(body, fetchedAt) { return value }
                return nil
            }, notCached: { KOBISError.notCached(subject: subject) }
        ) {
            beforeFetch()
            let (body, decoded): (Data, KOBISDecoding.Outcome<Value>)
            do {
                (body, decoded) = try await MalformedBody.askingOnceMore {
                    if let budget, !(await budget.take()) {
                        let kept = await budget.keptForScheduledRuns
                        throw KOBISError.budgetSpent(subject: subject, kept: kept)
                    }
                    let body = try await fetch(request(), subject: subject)
                    return (body, try decode(body, now()))
                }
            } catch let error as MalformedBody {
                throw KOBISError.malformed(subject: subject, reason: error.reason)
            }
            do {
                return (body, try interpret(subject: subject, decoded))
            } catch KOBISError.quotaExceeded(let subject) {
                await budget?.quotaExhausted()
                throw KOBISError.quotaExceeded(subject: subject)
            }
        }
    }

    private func request(_ path: String, _ parameters: [(String, String)]) -> HTTPRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "key", value: key)] + parameters.map { URLQueryItem(name: $0.0, value: $0.1) }
        return HTTPRequest(url: components.url!)
    }

    private func fetch(_ request: HTTPRequest, subject: String) async throws -> Data {
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch TransportError.libcurlMissing {
            throw LibcurlMissing()
        } catch let error as TransportError where !error.isTransient {
            throw KOBISError.malformed(subject: subject, reason: error.summary)
        } catch let error as TransportError {
            throw KOBISError.unavailable(subject: subject, reason: error.summary)
        }
        switch response.status {
        case 200:
            guard JSONReader.looksLikeObject(response.body) else {
                throw KOBISError.malformed(subject: subject, reason: "the body is not a JSON object\(response.attemptsNote)")
            }
            return response.body
        case 408, 429, 500...599: throw KOBISError.unavailable(subject: subject, reason: "HTTP \(response.status)\(response.attemptsNote)")
        case 300..<400: throw KOBISError.malformed(subject: subject, reason: HTTPResponse.redirectRefusal(response.status))
        default: throw KOBISError.malformed(subject: subject, reason: "HTTP \(response.status) instead of 200")
        }
    }

    /// The data of a decoded answer, or KOBIS's fault as an error.
    private func interpret<Value>(subject: String, _ outcome: KOBISDecoding.Outcome<Value>) throws(KOBISError) -> Value {
        switch outcome {
        case .value(let value): return value
        case let .fault(code, message):
            // KOBIS's own words go into messages: never with the key in them.
            throw KOBISError(faultCode: code, message: Redactor(secrets: [key]).redact(message), subject: subject)
        }
    }
}
