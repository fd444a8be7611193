import BoxOfficeModel
import Foundation

/// Turns KOBIS response bodies into models, leniently where KOBIS is inconsistent (numbers as
/// strings, stray spaces, blank dates) and strictly where a report would otherwise lie (a rank
/// that is not a number, a row without a movie code).
package enum KOBISDecoding {
    /// What a body held instead of data.
    package enum Outcome<Value> {
        case value(Value)
        /// `{"faultInfo":{…}}`, which KOBIS sends with HTTP 200.
        case fault(code: String, message: String)

        /// The same outcome with its value transformed.
        func map<Other>(_ transform: (Value) -> Other) -> Outcome<Other> {
            switch self {
            case .value(let value): .value(transform(value))
            case let .fault(code, message): .fault(code: code, message: message)
            }
        }

        /// The same outcome with its value changed by `change`.
        func marked(_ change: (inout Value) -> Void) -> Outcome {
            map { value in
                var value = value
                change(&value)
                return value
            }
        }
    }

    /// Decodes a `searchDailyBoxOfficeList` body; throws a description of what is malformed.
    package static func dailyChart(_ body: Data, date: Day) throws(MalformedBody) -> Outcome<DailyChart> {
        try dailyChart(body, date: date, scanning: true)
    }

    /// ``dailyChart(_:date:)``; without `scanning`, always through ``JSONReader`` (for the test
    /// and the fuzz target that hold ``KOBISBodyScanner`` to it).
    package static func dailyChart(_ body: Data, date: Day, scanning: Bool) throws(MalformedBody) -> Outcome<DailyChart> {
        // KOBIS names the day it answers for; another day's chart (from a glitching mirror, or a
        // cache entry copied under this date's name) must not be reported under this date.
        let answer = try chartEntries(
            body, list: "dailyBoxOfficeList", answeringFor: [("showRange", "\(date.compact)~\(date.compact)", date.compact)],
            scanning: scanning)
        return answer.map { DailyChart(date: date, entries: $0) }
    }

    /// Decodes a `searchWeeklyBoxOfficeList` body for `period`; throws a description of what is
    /// malformed. An empty list is `.value` with no entries (KOBIS's answer for a period it has no
    /// figures for yet: the caller decides whether that is "not yet").
    package static func weeklyChart(_ body: Data, period: ChartPeriod) throws(MalformedBody) -> Outcome<WeeklyChart> {
        try weeklyChart(body, period: period, scanning: true)
    }

    /// ``weeklyChart(_:period:)``; without `scanning`, always through ``JSONReader``.
    static func weeklyChart(_ body: Data, period: ChartPeriod, scanning: Bool) throws(MalformedBody) -> Outcome<WeeklyChart> {
        // The period it answers for, by its days and by its ISO week: another period's chart must
        // not be reported under this one.
        let answer = try chartEntries(
            body, list: "weeklyBoxOfficeList",
            answeringFor: [
                ("showRange", period.showRange, period.showRange), ("yearWeekTime", period.yearWeekTime, period.yearWeekTime),
            ], scanning: scanning)
        return answer.map { WeeklyChart(period: period, entries: $0) }
    }

    /// The rows of a chart body (`boxOfficeResult.<list>`), in rank order, or its fault. Each of
    /// `expected` names a field of the result that must hold `value` (it may be missing only from a
    /// chart with no rows): otherwise the answer is for another request, reported as asked for
    /// `asked`. A film listed twice, or a code or title no film has, makes the chart malformed.
    private static func chartEntries(
        _ body: Data, list listKey: String, answeringFor expected: [(field: String, value: String, asked: String)], scanning: Bool = true
    ) throws(MalformedBody) -> Outcome<[ChartEntry]> {
        // The usual body is scanned straight into its rows; any other is read whole, and its
        // fault or what is malformed about it reported.
        let field: (String) throws(MalformedBody) -> String?
        let rows: [JSONValue]
        var scannedRows: [RawChartRow]?
        if scanning, let scanned = KOBISBodyScanner.scan(body, list: listKey), let rowsRead = scanned.rows {
            field = { scanned.fields[$0] }
            rows = []
            scannedRows = rowsRead
        } else {
            let envelope = try readEnvelope(body)
            if let (code, message) = try fault(in: envelope) { return .fault(code: code, message: message) }
            guard let result = present(envelope["boxOfficeResult"]) else { throw MalformedBody("no boxOfficeResult in the body") }
            guard case .object = result else { throw shapeError }
            guard let list = present(result[listKey]) else { throw MalformedBody("no \(listKey) in the body") }
            guard case .array(let elements) = list else { throw shapeError }
            field = { name throws(MalformedBody) in try Scalar.text(result[name]) }
            rows = elements
        }
        let rowCount = scannedRows?.count ?? rows.count
        for (name, value, asked) in expected {
            let got = try field(name) ?? ""
            if got.isEmpty, rowCount > 0 { throw MalformedBody("its rows do not say which \(name) they are for (asked for \(asked))") }
            if !got.isEmpty, got != value { throw .mismatch(name, asked: asked, got: got) }
        }
        guard rowCount <= maximumRows else {
            throw MalformedBody("\(rowCount) rows, where KOBIS sends \(maximumRows) at most")
        }
        var entries: [ChartEntry] = []
        entries.reserveCapacity(rowCount)
        var codes = Set<String>()
        for index in 0..<rowCount {
            let raw: RawChartRow
            if let scannedRows { raw = scannedRows[index] } else { raw = try RawChartRow(rows[index]) }
            let entry = try chartEntry(raw, label: "row \(index + 1)")
            guard codes.insert(entry.movieCode).inserted else {
                throw MalformedBody("row \(index + 1) lists film \(entry.movieCode) again: a chart lists each film once")
            }
            entries.append(entry)
        }
        entries.sort { $0.rank < $1.rank }
        return .value(entries)
    }

    /// Decodes a `searchMovieInfo` body; `.value(nil)` when KOBIS knows no such film.
    /// Decodes a `searchMovieList` body: the films listed, in KOBIS's order, as partial movie info
    /// (code, titles, production year, open date, nations and genres from their comma lists,
    /// directors). A row without a code or title is skipped; no list is no film.
    package static func movieList(_ body: Data) throws(MalformedBody) -> Outcome<[MovieInfo]> {
        switch try movieListPage(body) {
        case .value(let page): .value(page.films.map(\.info))
        case let .fault(code, message): .fault(code: code, message: message)
        }
    }

    /// A page of a `searchMovieList` answer: `totCnt`, the films listed in KOBIS's order (as
    /// ``movieList(_:)`` reads them) each with its `prdtStatNm` (개봉, 개봉예정, 기타 …).
    package static func movieListPage(_ body: Data) throws(MalformedBody) -> Outcome<MovieListPage> {
        let envelope = try readEnvelope(body)
        if let (code, message) = try fault(in: envelope) { return .fault(code: code, message: message) }
        guard let result = present(envelope["movieListResult"]) else { throw MalformedBody("no movieListResult in the body") }
        guard case .object = result else { throw shapeError }
        // Bounded before any arithmetic: a count near Int.max made the page count overflow.
        let total = min(max(0, try Scalar.text(result["totCnt"]).flatMap { Int($0) } ?? 0), Self.largestMovieListCount)
        guard let list = present(result["movieList"]) else { return .value(MovieListPage(total: total, films: [])) }
        guard case .array(let rows) = list else { throw shapeError }
        var films: [(info: MovieInfo, status: String)] = []
        for (index, value) in rows.prefix(MovieListSearch.pageSize).enumerated() {
            let raw = try RawMovieInfo(value, lists: ["directors"])
            let row = Row(fields: raw.scalars, label: "movieList[\(index)]")
            let (code, title) = (row.text("movieCd"), row.text("movieNm"))
            guard !code.isEmpty, !title.isEmpty else { continue }
            func commaList(_ key: String) -> [String] {
                row.text(key).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.prefix(longestInfoList).map
                { $0 }
            }
            let info = MovieInfo(
                code: code, title: title, titleEnglish: row.text("movieNmEn"), productionYear: Int(row.text("prdtYear")),
                openDate: row.day("openDt"), nations: commaList("nationAlt"), genres: commaList("genreAlt"),
                directors: (raw.lists["directors"] ?? []).prefix(longestInfoList).compactMap { fields in
                    let name = Row(fields: fields, label: "directors").text("peopleNm")
                    return name.isEmpty ? nil : MovieInfo.Person(name: name)
                })
            films.append((info, row.text("prdtStatNm")))
        }
        return .value(MovieListPage(total: total, films: films))
    }

    /// The regions of a `searchCodeList` answer (`comCode=0105000000`): each code with its names;
    /// an entry without a code or a Korean name is skipped.
    package static func regions(_ body: Data) throws(MalformedBody) -> Outcome<[KOBISRegion]> {
        let envelope = try readEnvelope(body)
        if let (code, message) = try fault(in: envelope) { return .fault(code: code, message: message) }
        guard let list = present(envelope["codes"]) else { throw MalformedBody("no codes in the body") }
        guard case .array(let rows) = list else { throw shapeError }
        var regions: [KOBISRegion] = []
        for value in rows.prefix(100) {
            guard case .object = value else { throw shapeError }
            func text(_ key: String) throws(MalformedBody) -> String { PlainText.oneLine(try Scalar.text(value[key]) ?? "") }
            let (code, korean) = (try text("fullCd"), try text("korNm"))
            // A code names a cache folder and goes into the next request: one that is not a
            // region code's digits (`0105001&key=…`, `0105001/x`) is no region.
            guard KOBISFilters.isValidArea(code), !korean.isEmpty else { continue }
            regions.append(KOBISRegion(code: code, korean: korean, english: try text("engNm")))
        }
        return .value(regions)
    }

    /// The companies or people of a `searchCompanyList` or `searchPeopleList` answer (the first
    /// 100): `result` is `companyListResult` or `peopleListResult`, `list` its list, `code` and the
    /// rest the fields of each entry.
    package static func directoryList(
        _ body: Data, result: String, list: String, code: String, name: String, nameEnglish: String, roles: String
    ) throws(MalformedBody) -> Outcome<[KOBISDirectory.Listed]> {
        let envelope = try readEnvelope(body)
        if let (code, message) = try fault(in: envelope) { return .fault(code: code, message: message) }
        guard let found = present(envelope[result]) else { throw MalformedBody("no \(result) in the body") }
        guard case .object = found else { throw shapeError }
        guard let rows = present(found[list]) else { return .value([]) }
        guard case .array(let values) = rows else { throw shapeError }
        var listed: [KOBISDirectory.Listed] = []
        for value in values.prefix(100) {
            guard case .object = value else { throw shapeError }
            func text(_ key: String) throws(MalformedBody) -> String { PlainText.oneLine(try Scalar.text(value[key]) ?? "") }
            let entry = KOBISDirectory.Listed(
                code: try text(code), name: try text(name), nameEnglish: try text(nameEnglish), roles: try text(roles),
                films: try text("filmoNames").split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    .prefix(longestInfoList).map { $0 })
            if !entry.code.isEmpty, !entry.name.isEmpty { listed.append(entry) }
        }
        return .value(listed)
    }

    /// A company's or person's info (`searchCompanyInfo`, `searchPeopleInfo`); nil when KOBIS has
    /// none for the code (an empty object). `roles` names the list of parts (`parts`) or the field
    /// of the usual role (`repRoleNm`); `filmRole` the part field of each film.
    package static func directoryEntry(
        _ body: Data, result: String, info: String, code: String, name: String, nameEnglish: String, filmRole: String
    ) throws(MalformedBody) -> Outcome<KOBISDirectory.Entry?> {
        let envelope = try readEnvelope(body)
        if let (code, message) = try fault(in: envelope) { return .fault(code: code, message: message) }
        guard let found = present(envelope[result]) else { throw MalformedBody("no \(result) in the body") }
        guard case .object = found else { throw shapeError }
        guard let entry = present(found[info]) else { return .value(nil) }
        guard case .object = entry else { throw shapeError }
        func text(_ value: JSONValue, _ key: String) throws(MalformedBody) -> String { PlainText.oneLine(try Scalar.text(value[key]) ?? "") }
        let entryCode = try text(entry, code)
        guard !entryCode.isEmpty else { return .value(nil) }
        func objects(_ key: String) throws(MalformedBody) -> [JSONValue] {
            guard let list = present(entry[key]) else { return [] }
            guard case .array(let values) = list else { throw shapeError }
            return values
        }
        var roles: [String] = []
        for part in try objects("parts") { roles.append(try text(part, "companyPartNm")) }
        let usual = try text(entry, "repRoleNm")
        if !usual.isEmpty { roles.append(usual) }
        var films: [KOBISDirectory.Entry.Film] = []
        // A prolific company's slate runs to thousands: the first 5,000 are plenty for a page.
        for film in try objects("filmos").prefix(5_000) {
            guard case .object = film else { throw shapeError }
            films.append(.init(movieCode: try text(film, "movieCd"), title: try text(film, "movieNm"), role: try text(film, filmRole)))
        }
        return .value(
            KOBISDirectory.Entry(
                code: entryCode, name: try text(entry, name), nameEnglish: try text(entry, nameEnglish), roles: roles.filter { !$0.isEmpty },
                films: films))
    }

    /// What ``movieInfo(_:code:)`` reads of a `searchMovieInfo` answer: the film's text fields, and
    /// its lists with their entries' fields. The scanner keeps only these; a field read below but
    /// missing here would differ between the two paths, which the test holding the scanner to the
    /// reader catches.
    static let movieInfoShape = KOBISBodyScanner.MovieInfoShape(
        scalars: ["movieCd", "movieNm", "movieNmEn", "movieNmOg", "showTm", "prdtYear", "openDt"],
        lists: [
            "nations": ["nationNm"], "companys": ["companyCd", "companyNm", "companyNmEn", "companyPartNm"], "genres": ["genreNm"],
            "directors": ["peopleNm", "peopleNmEn"], "audits": ["watchGradeNm"],
        ])

    /// The lists of a `searchMovieInfo` answer that ``movieInfo(_:code:)`` reads.
    private static let movieInfoLists = Set(movieInfoShape.lists.names)

    package static func movieInfo(_ body: Data, code asked: String) throws(MalformedBody) -> Outcome<MovieInfo?> {
        try movieInfo(body, code: asked, scanning: true)
    }

    /// ``movieInfo(_:code:)``; without `scanning`, always through ``JSONReader`` (for the test and
    /// the fuzz target that hold ``KOBISBodyScanner`` to it).
    package static func movieInfo(_ body: Data, code asked: String, scanning: Bool) throws(MalformedBody) -> Outcome<MovieInfo?> {
        let raw: RawMovieInfo
        // The usual body is scanned straight into its fields; any other is read whole, and its
        // fault or what is malformed about it reported.
        if scanning, let scanned = KOBISBodyScanner.movieInfo(body, shape: movieInfoShape) {
            guard case .info(let scalars, let lists) = scanned else { return .value(nil) }
            raw = RawMovieInfo(scalars: scalars, lists: lists)
        } else {
            let envelope = try readEnvelope(body)
            if let (code, message) = try fault(in: envelope) { return .fault(code: code, message: message) }
            guard let result = present(envelope["movieInfoResult"]) else { throw MalformedBody("no movieInfoResult in the body") }
            guard case .object = result else { throw shapeError }
            guard let rawValue = present(result["movieInfo"]) else { return .value(nil) }
            raw = try RawMovieInfo(rawValue, lists: movieInfoLists)
        }
        guard !raw.scalars.isEmpty else { return .value(nil) }
        let row = Row(fields: raw.scalars, label: "movieInfo")
        let code = row.text("movieCd")
        guard !code.isEmpty else { return .value(nil) }
        // What is kept of a film is bounded, so a hostile answer under the size cap (35,000 genres
        // in 1.5 MB) cannot make every film cost megabytes: the first few of each list, each text
        // cut at ``longestInfoText`` characters, and the lists' text together at most
        // ``largestInfoLists`` bytes, in the order below (nations and companies first: they decide
        // Korean or foreign, and the distributor). Real films have a handful of each.
        var remaining = largestInfoLists
        func list<Item>(_ key: String, _ make: (Row) -> Item?, bytes: (Item) -> Int) -> [Item] {
            var kept: [Item] = []
            for (index, fields) in (raw.lists[key] ?? []).prefix(longestInfoList).enumerated() {
                guard let item = make(Row(fields: fields, label: "\(key)[\(index)]")) else { continue }
                let size = bytes(item)
                guard size <= remaining else {
                    remaining = 0
                    break
                }
                remaining -= size
                kept.append(item)
            }
            return kept
        }
        func name(_ field: String) -> (Row) -> String? {
            { row in
                let text = row.text(field); return text.isEmpty ? nil : text
            }
        }
        let nations = list("nations", name("nationNm"), bytes: \.utf8.count)
        let companies = list(
            "companys",
            { row -> MovieInfo.Company? in
                let company = MovieInfo.Company(
                    code: row.text("companyCd"), name: row.text("companyNm"), nameEnglish: row.text("companyNmEn"), role: row.text("companyPartNm"))
                return company.name.isEmpty ? nil : company
            }, bytes: { $0.code.utf8.count + $0.name.utf8.count + $0.nameEnglish.utf8.count + $0.role.utf8.count })
        let genres = list("genres", name("genreNm"), bytes: \.utf8.count)
        let directors = list(
            "directors",
            { row -> MovieInfo.Person? in
                let person = MovieInfo.Person(name: row.text("peopleNm"), nameEnglish: row.text("peopleNmEn"))
                return person.name.isEmpty ? nil : person
            }, bytes: { $0.name.utf8.count + $0.nameEnglish.utf8.count })
        let watchGrades = list("audits", name("watchGradeNm"), bytes: \.utf8.count)
        let info = MovieInfo(
            code: code,
            title: row.text("movieNm"),
            titleEnglish: row.text("movieNmEn"),
            titleOriginal: row.text("movieNmOg"),
            runtimeMinutes: try row.optionalInt("showTm"),
            productionYear: try row.optionalInt("prdtYear"),
            openDate: row.day("openDt"),
            nations: nations,
            genres: genres,
            directors: directors,
            companies: companies,
            watchGrades: watchGrades
        )
        // Another film's info (a glitching mirror, a cache entry under the wrong name) would give
        // this film that film's distributor and nation.
        guard code == asked else { throw .mismatch("movieCd", asked: asked, got: code) }
        return .value(info)
    }

    /// The most entries kept of each movie-info list (nations, genres, directors, companies, grades).
    package static let longestInfoList = 30

    /// The most UTF-8 bytes of text a film's movie-info lists keep together: 4 KiB, five times the
    /// largest real answer in the recorded fixtures (828 bytes, a film with 14 companies), so that
    /// a film costs at most a few KB however its answer is padded.
    package static let largestInfoLists = 4_096

    /// The most films a movie-list answer's `totCnt` may claim: KOBIS lists about 200,000 films
    /// in all, so ten million is above any real count and far from overflowing a page count.
    package static let largestMovieListCount = 10_000_000
    /// The most characters kept of each movie-info text (titles and names).
    package static let longestInfoText = 300

    /// The longest title a chart row may have: film titles run to a few dozen characters.
    static let longestTitle = 1_000

    /// A KOBIS movie code as far as a chart can be trusted with it: 1 to 20 ASCII letters or digits
    /// (KOBIS's are 8 digits; a code is part of cache file names and of the overrides file).
    package static func isMovieCode(_ code: String) -> Bool {
        (1...20).contains(code.utf8.count)
            && code.utf8.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0 & 0xDF)
            }
    }

    private static func chartEntry(_ raw: RawChartRow, label: String) throws(MalformedBody) -> ChartEntry {
        let row = Fields(label: label)
        let code = PlainText.clean(raw.movieCd ?? "")
        guard !code.isEmpty else { throw MalformedBody("\(label) has no movieCd") }
        guard isMovieCode(code) else {
            throw MalformedBody("\(label) has a movieCd that is not a film code (\(code.utf8.count) bytes; KOBIS's are 8 digits)")
        }
        let title = PlainText.clean(raw.movieNm ?? "")
        // Characters are counted only when the bytes could be too many: no more Characters than bytes.
        guard title.utf8.count <= longestTitle || title.count <= longestTitle else {
            throw MalformedBody("\(label) has a movieNm of \(title.count) characters")
        }
        let bounds = ChartBounds.self
        return ChartEntry(
            rank: Int(try row.int64(raw.rank, "rank", required: true, in: bounds.rank)),
            rankChange: Int(try row.int64(raw.rankInten, "rankInten", in: bounds.rankChange)),
            isNew: raw.rankOldAndNew?.uppercased() == "NEW",
            movieCode: code,
            title: title,
            openDate: raw.openDt.flatMap { Day(lenient: $0) },
            sales: try row.int64(raw.salesAmt, "salesAmt", in: bounds.sales),
            salesShare: try row.decimal(raw.salesShare, "salesShare", in: bounds.share),
            salesChange: try row.int64(raw.salesInten, "salesInten", in: bounds.salesChange),
            salesChangePercent: try row.decimal(raw.salesChange, "salesChange", in: bounds.percentChange),
            salesCumulative: try row.int64(raw.salesAcc, "salesAcc", in: bounds.salesCumulative),
            audience: try row.int64(raw.audiCnt, "audiCnt", in: bounds.audience),
            audienceChange: try row.int64(raw.audiInten, "audiInten", in: bounds.audienceChange),
            audienceChangePercent: try row.decimal(raw.audiChange, "audiChange", in: bounds.percentChange),
            audienceCumulative: try row.int64(raw.audiAcc, "audiAcc", in: bounds.audienceCumulative),
            screens: try row.int64(raw.scrnCnt, "scrnCnt", in: bounds.screens),
            showings: try row.int64(raw.showCnt, "showCnt", in: bounds.showings)
        )
    }

    static let shapeError = MalformedBody("the JSON does not have the documented shape")

    /// Rows in one chart at most: KOBIS's `itemPerPage` cannot go above 10.
    package static let maximumRows = 10

    /// The body's top-level object.
    private static func readEnvelope(_ body: Data) throws(MalformedBody) -> JSONValue {
        guard !body.isEmpty else { throw MalformedBody("the body is empty") }
        let value: JSONValue
        do {
            value = try JSONReader.read(body)
        } catch {
            throw MalformedBody("the body is not valid JSON")
        }
        guard case .object = value else { throw shapeError }
        return value
    }

    /// The code and message of `{"faultInfo":{"message":…,"errorCode":…}}`; nil when there is no fault.
    private static func fault(in envelope: JSONValue) throws(MalformedBody) -> (code: String, message: String)? {
        guard let fault = present(envelope["faultInfo"]) else { return nil }
        guard case .object = fault, let code = try Scalar.text(fault["errorCode"]),
            let message = try Scalar.text(fault["message"])
        else { throw shapeError }
        return (code, message)
    }

    /// A value that is there and not `null`.
    private static func present(_ value: JSONValue?) -> JSONValue? {
        if case .null = value { return nil }
        return value
    }
}

/// Movie info mixes scalars and lists of objects; both are kept by key (the lists only those named
/// in `lists`: a real film's staff and cast run to dozens of entries that nothing reads), and
/// anything else is ignored.
private struct RawMovieInfo {
    var scalars: [String: String] = [:]
    var lists: [String: [[String: String]]] = [:]

    /// What ``KOBISBodyScanner`` read of a body.
    init(scalars: [String: String], lists: [String: [[String: String]]]) {
        (self.scalars, self.lists) = (scalars, lists)
    }

    init(_ value: JSONValue, lists wanted: Set<String>) throws(MalformedBody) {
        guard case .object(let fields) = value else { throw KOBISDecoding.shapeError }
        scalars.reserveCapacity(fields.count)
        for (key, value) in fields {
            switch value {
            case .array(let elements):
                guard wanted.contains(key) else { continue }
                var list: [[String: String]] = []
                list.reserveCapacity(elements.count)
                for element in elements {
                    guard case .object(let entryFields) = element else { break }
                    var entry: [String: String] = [:]
                    entry.reserveCapacity(entryFields.count)
                    for (entryKey, entryValue) in entryFields {
                        if let text = try? Scalar.text(entryValue) { entry[entryKey] = text }
                    }
                    list.append(entry)
                }
                if list.count == elements.count { lists[key] = list }
            case .object:
                continue
            default:
                scalars[key] = try Scalar.text(value)
            }
        }
    }
}

/// Lenient number parsing that names the row and field when it fails.
private struct Fields {
    let label: String

    /// Whole numbers: blank or missing is 0; thousands separators are tolerated; anything else is malformed.
    /// A whole number inside `bounds`; a value outside them is malformed, naming the field.
    func int64(_ scalar: String?, _ key: String, required: Bool = false, in bounds: ClosedRange<Int64>) throws(MalformedBody) -> Int64 {
        let value = try int64(scalar, key, required: required)
        guard bounds.contains(value) else { throw MalformedBody(Self.outside(label, key, "\(value)", "\(bounds.lowerBound)…\(bounds.upperBound)")) }
        return value
    }

    /// The message for a figure past its bound: the field and the value, and that it may be KOBIS's
    /// real figure (the bounds are set above every real extreme, with a margin; ``ChartBounds``).
    static func outside(_ label: String, _ key: String, _ value: String, _ bounds: String) -> String {
        "\(label) has \(key) \(value), outside \(bounds), the bound boxoffice sets; if KOBIS really reports it, please report this"
    }

    /// A number inside `bounds`; a value outside them is malformed, naming the field.
    func decimal(_ scalar: String?, _ key: String, in bounds: ClosedRange<Double>) throws(MalformedBody) -> Double {
        let value = try decimal(scalar, key)
        guard bounds.contains(value) else { throw MalformedBody(Self.outside(label, key, "\(value)", "\(bounds.lowerBound)…\(bounds.upperBound)")) }
        return value
    }

    func int64(_ scalar: String?, _ key: String, required: Bool = false) throws(MalformedBody) -> Int64 {
        let raw = scalar ?? ""
        if let value = Int64(raw) { return value }
        if raw.isEmpty {
            if required { throw MalformedBody("\(label) has no \(key)") }
            return 0
        }
        let digits = raw.utf8.contains(UInt8(ascii: ",")) ? String(raw.filter { $0 != "," }) : raw
        if let value = Int64(digits) { return value }
        if let value = Double(digits), value.isFinite, value == value.rounded(), abs(value) < 9e18 { return Int64(value) }
        throw MalformedBody("\(label) has a \(key) that is not a whole number")
    }

    func optionalInt(_ scalar: String?, _ key: String) throws(MalformedBody) -> Int? {
        (scalar ?? "").isEmpty ? nil : Int(clamping: try int64(scalar, key))
    }

    /// Decimals written as "100", "100.0" or "-13"; blank is 0.
    func decimal(_ scalar: String?, _ key: String) throws(MalformedBody) -> Double {
        let raw = scalar ?? ""
        if raw.isEmpty { return 0 }
        if let value = KOBISDecoding.plainDecimal(raw) { return value }
        let digits = raw.utf8.contains(UInt8(ascii: ",")) ? String(raw.filter { $0 != "," }) : raw
        guard let value = Double(digits), value.isFinite else {
            throw MalformedBody("\(label) has a \(key) that is not a number")
        }
        return value
    }
}

/// A movie-info object's fields by key, with the same lenient accessors.
private struct Row {
    let fields: [String: String]
    let label: String

    /// A field as display text (``PlainText``): every movie-info field is shown somewhere.
    func text(_ key: String) -> String {
        let text = PlainText.clean(fields[key] ?? "")
        // No more bytes than the limit means no more characters: most fields skip the count.
        guard text.utf8.count > KOBISDecoding.longestInfoText else { return text }
        return text.count > KOBISDecoding.longestInfoText ? String(text.prefix(KOBISDecoding.longestInfoText)) : text
    }
    func optionalInt(_ key: String) throws(MalformedBody) -> Int? { try Fields(label: label).optionalInt(fields[key], key) }
    func day(_ key: String) -> Day? { Day(lenient: text(key)) }
}
