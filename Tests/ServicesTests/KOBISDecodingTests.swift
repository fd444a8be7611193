import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeServices

@Suite("KOBIS decoding")
struct KOBISDecodingTests {
    @Test("movie list: partial movie info per row (a blank open date is none), rows without a code skipped, faults and shapes told apart")
    func movieList() throws {
        let body = Data(
            #"""
            {"movieListResult":{"totCnt":3,"source":"영화진흥위원회","movieList":[
            {"movieCd":"20990001","movieNm":"검은 파도","movieNmEn":"","prdtYear":"2026","openDt":"","typeNm":"장편","prdtStatNm":"제작중","nationAlt":"한국","genreAlt":"드라마","directors":[],"companys":[]},
            {"movieCd":"20259001","movieNm":" 검은 파도 ","movieNmEn":"Black Tide","prdtYear":"2024","openDt":"20250226","nationAlt":"한국,미국","genreAlt":"드라마, 스릴러","directors":[{"peopleNm":"감독 가"}],"companys":[]},
            {"movieCd":"","movieNm":"코드 없음","openDt":"20200101"}
            ]}}
            """#.utf8)
        guard case .value(let films) = try KOBISDecoding.movieList(body) else { Issue.record("a fault"); return }
        #expect(films.map(\.code) == ["20990001", "20259001"])
        #expect(films[0].openDate == nil && films[0].productionYear == 2026)
        let tide = films[1]
        #expect(tide.title == "검은 파도" && tide.titleEnglish == "Black Tide" && tide.openDate == Day("2025-02-26"))
        #expect(tide.nations == ["한국", "미국"] && tide.genres == ["드라마", "스릴러"] && tide.directors.map(\.name) == ["감독 가"])
        guard case .value(let none) = try KOBISDecoding.movieList(Data(#"{"movieListResult":{"totCnt":0,"source":"영화진흥위원회"}}"#.utf8)) else {
            Issue.record("a fault")
            return
        }
        #expect(none.isEmpty)
        guard case .fault(let code, _) = try KOBISDecoding.movieList(Data(#"{"faultInfo":{"message":"x","errorCode":"320011"}}"#.utf8)) else {
            Issue.record("no fault")
            return
        }
        #expect(code == "320011")
        #expect(throws: MalformedBody.self) { try KOBISDecoding.movieList(Data(#"{"boxOfficeResult":{}}"#.utf8)) }
        #expect(throws: MalformedBody.self) { try KOBISDecoding.movieList(Data(#"{"movieListResult":{"movieList":{"a":1}}}"#.utf8)) }
        #expect(KOBISCacheKeys.movieList(title: "검은 파도") == KOBISCacheKeys.movieList(title: "검은파도"), "spaces do not count")
        #expect(KOBISCacheKeys.movieList(title: "검은 파도") != KOBISCacheKeys.movieList(title: "검은 바다"))
    }

    @Test("a movie info of 35,000 genres and megabyte names keeps the first 30 of each list and 300 characters of each text")
    func boundedMovieInfo() throws {
        let genres = (0..<35_000).map { "{\"genreNm\":\"장르\($0)\"}" }.joined(separator: ",")
        let long = String(repeating: "가", count: 100_000)
        let body = Data(
            """
            {"movieInfoResult":{"movieInfo":{"movieCd":"20240001","movieNm":"\(long)","movieNmEn":"","showTm":"100","openDt":"20240101",
            "nations":[{"nationNm":"\(long)"}],"genres":[\(genres)],"directors":[],"companys":[],"audits":[]}}}
            """.utf8)
        #expect(body.count < KOBISClient.maximumBodySize)
        guard case .value(let info?) = try KOBISDecoding.movieInfo(body, code: "20240001") else {
            Issue.record("no movie info")
            return
        }
        #expect(info.genres.count == KOBISDecoding.longestInfoList && info.genres.first == "장르0")
        #expect(info.title.count == KOBISDecoding.longestInfoText && info.nations == [String(long.prefix(KOBISDecoding.longestInfoText))])
    }

    @Test("a film's lists keep at most 4 KiB of text together: nations and companies first, then genres, directors, grades")
    func movieInfoListBudget() throws {
        let name = String(repeating: "나", count: 290)  // 870 bytes, under the 300-character cut
        func entries(_ count: Int, _ make: (Int) -> String) -> String { (0..<count).map(make).joined(separator: ",") }
        let body = Data(
            """
            {"movieInfoResult":{"movieInfo":{"movieCd":"20240001","movieNm":"영화",
            "nations":[{"nationNm":"한국"}],
            "companys":[\(entries(30) { #"{"companyCd":"\#($0)","companyNm":"\#(name)","companyPartNm":"배급사"}"# })],
            "genres":[\(entries(30) { #"{"genreNm":"\#(name)\#($0)"}"# })],
            "directors":[{"peopleNm":"감독"}],"audits":[{"watchGradeNm":"15세이상관람가"}]}}}
            """.utf8)
        guard case .value(let info?) = try KOBISDecoding.movieInfo(body, code: "20240001") else {
            Issue.record("no movie info")
            return
        }
        let names: [String] = info.nations + info.genres + info.watchGrades
        let companies: [String] = info.companies.flatMap { [$0.code, $0.name, $0.nameEnglish, $0.role] }
        let people: [String] = info.directors.flatMap { [$0.name, $0.nameEnglish] }
        let kept = (names + companies + people).map(\.utf8.count).reduce(0, +)
        #expect(kept <= KOBISDecoding.largestInfoLists, "\(kept) bytes kept")
        #expect(info.nations == ["한국"] && info.companies.count == 4, "the first four companies of 880 bytes fit: \(info.companies.count)")
        #expect(info.genres.isEmpty && info.directors.isEmpty && info.watchGrades.isEmpty, "nothing after the budget ran out")
    }

    // MARK: Recorded responses, read in place from ../shared/fixtures/kobis

    @Test("every recorded daily chart decodes into ten ranked rows", .enabled(if: TestData.sharedFixturesAvailable, TestData.sharedSkipReason))
    func everyRecordedChart() throws {
        let files = try TestData.sharedFiles("kobis", prefix: "daily-")
        try #require(!files.isEmpty)
        for file in files {
            let compact = file.deletingPathExtension().lastPathComponent.replacingOccurrences(of: "daily-", with: "")
            let date = try #require(Day(compact: compact), "fixture name \(file.lastPathComponent)")
            guard case .value(let chart) = try KOBISDecoding.dailyChart(try Data(contentsOf: file), date: date) else {
                Issue.record("\(file.lastPathComponent) decoded as a fault")
                continue
            }
            #expect(chart.entries.map(\.rank) == Array(1...10), "\(file.lastPathComponent)")
            for entry in chart.entries {
                #expect(!entry.movieCode.isEmpty && entry.movieCode == entry.movieCode.trimmingCharacters(in: .whitespaces))
                #expect(entry.title == entry.title.trimmingCharacters(in: .whitespaces) && !entry.title.isEmpty)
                #expect(entry.audience > 0 && entry.audienceCumulative >= entry.audience)
                #expect(entry.salesCumulative >= entry.sales)
            }
        }
    }

    @Test(
        "2024-06-06 decodes whole: a real change of +2,088,241 % in sales and +1,892,650 % in admissions is kept as it came",
        .enabled(if: TestData.sharedFixturesAvailable, TestData.sharedSkipReason))
    func realExtremeChange() throws {
        let day = try #require(Day(compact: "20240606"))
        guard case .value(let chart) = try KOBISDecoding.dailyChart(try TestData.shared("kobis/daily-20240606.json"), date: day) else {
            Issue.record("decoded as a fault")
            return
        }
        #expect(chart.entries.count == 10)
        let fourth = try #require(chart.entries.first { $0.rank == 4 })
        #expect(fourth.salesChangePercent == 2_088_241 && fourth.audienceChangePercent == 1_892_650)
        #expect(fourth.rankChange == 103)
    }

    @Test(
        "2022-01-05: numbers from strings, a preview opening after the date, negative changes",
        .enabled(if: TestData.sharedFixturesAvailable, TestData.sharedSkipReason))
    func chart20220105() throws {
        let outcome = try KOBISDecoding.dailyChart(try TestData.shared("kobis/daily-20220105.json"), date: Day("2022-01-05"))
        guard case .value(let chart) = outcome else { Issue.record("fault"); return }
        let first = chart.entries[0]
        #expect(first.movieCode == "20199882" && first.title == "경관의 피" && first.isNew)
        #expect(first.audience == 64_050 && first.sales == 584_559_330 && first.salesShare == 34.2)
        #expect(first.openDate == Day("2022-01-05"))
        let spiderMan = chart.entries[1]
        #expect(spiderMan.rankChange == -1 && !spiderMan.isNew && spiderMan.salesChangePercent == -15.3)
        #expect(spiderMan.salesCumulative == 62_772_471_900 && spiderMan.audienceChange == -9_564)
        let preview = try #require(chart.entries.first { $0.movieCode == "20192354" })
        #expect(preview.openDate == Day("2022-01-12"))
        #expect(chart.entries.filter(\.isNew).count == 2)
    }

    @Test(
        "2022-03-15: pretty-printed, decimals written as 34.0 and 1367.4, salesAcc beyond Int32",
        .enabled(if: TestData.sharedFixturesAvailable, TestData.sharedSkipReason))
    func chart20220315() throws {
        let outcome = try KOBISDecoding.dailyChart(try TestData.shared("kobis/daily-20220315.json"), date: Day("2022-03-15"))
        guard case .value(let chart) = outcome else { Issue.record("fault"); return }
        #expect(chart.entries[0].salesShare == 34.0)
        #expect(chart.entries.contains { $0.salesChangePercent == 1367.4 })
        #expect(chart.entries.contains { $0.salesCumulative == 75_140_632_640 })
    }

    @Test(
        "every recorded movie info decodes with its nations, genres and distributor",
        .enabled(if: TestData.sharedFixturesAvailable, TestData.sharedSkipReason))
    func everyRecordedMovieInfo() throws {
        let files = try TestData.sharedFiles("kobis", prefix: "movieinfo-")
        try #require(files.count >= 3)
        for file in files {
            let code = file.deletingPathExtension().lastPathComponent.replacingOccurrences(of: "movieinfo-", with: "")
            guard case .value(let info?) = try KOBISDecoding.movieInfo(try Data(contentsOf: file), code: code) else {
                Issue.record("\(file.lastPathComponent) did not decode to a film")
                continue
            }
            #expect(info.code == code)
            #expect(!info.title.isEmpty && !info.nations.isEmpty && !info.genres.isEmpty && !info.distributors.isEmpty)
            #expect(info.openDate != nil && info.runtimeMinutes != nil)
        }
    }

    @Test(
        "movie info: yyyyMMdd open dates, repeated companies, trimmed audit numbers",
        .enabled(if: TestData.sharedFixturesAvailable, TestData.sharedSkipReason))
    func movieInfoDetails() throws {
        guard case .value(let smugglers?) = try KOBISDecoding.movieInfo(try TestData.shared("kobis/movieinfo-20218541.json"), code: "20218541") else {
            Issue.record("밀수 did not decode")
            return
        }
        #expect(smugglers.title == "밀수" && smugglers.titleEnglish == "Smugglers")
        #expect(smugglers.openDate == Day("2023-07-26") && smugglers.runtimeMinutes == 129 && smugglers.productionYear == 2023)
        #expect(smugglers.nations == ["한국"] && smugglers.isKorean)
        #expect(smugglers.directors.map(\.name) == ["류승완"])

        guard case .value(let topGun?) = try KOBISDecoding.movieInfo(try TestData.shared("kobis/movieinfo-20194376.json"), code: "20194376") else {
            Issue.record("탑건 did not decode")
            return
        }
        // The same company is listed as distributor and importer: it is the distributor once.
        #expect(topGun.distributors == ["롯데컬처웍스(주)롯데엔터테인먼트"])
        #expect(topGun.watchGrades == ["12세이상관람가"] && !topGun.isKorean)

        guard case .value(let masquerade?) = try KOBISDecoding.movieInfo(try TestData.shared("kobis/movieinfo-20124079.json"), code: "20124079")
        else {
            Issue.record("광해 did not decode")
            return
        }
        #expect(masquerade.companies.count == 14)
        #expect(!masquerade.distributors.isEmpty)
    }

    // MARK: Hand-made cases in the same format

    @Test("values are trimmed of exactly what Foundation calls white space and newlines")
    func trimming() {
        let spaces = (0...0xFFFF).compactMap(Unicode.Scalar.init).filter { CharacterSet.whitespacesAndNewlines.contains($0) }
        #expect(spaces.count >= 25)
        var texts = [
            "", "영화", " 영화 ", "\u{3000}범죄도시\u{3000}", "a\u{A0}", "\u{85}b", "🎬 ", " \t\r\n", "x y", "\u{200B}z", "e\u{301} ",
            "  \t영화 제목 \u{3000}\n", " \u{301}x", "\u{A0}\u{A0}", "a  ", "  a", " \u{2029} 가 나 \u{85}\u{85}", "\r\n값\r\n\r\n",
        ]
        texts += spaces.map { "\($0)값\($0)" } + spaces.map { String($0) }
        for text in texts {
            #expect(Scalar.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(String(reflecting: text))")
        }
    }

    @Test("blank and spaced open dates, trailing spaces, blank numbers, rows out of order")
    func edgeCases() throws {
        guard case .value(let chart) = try KOBISDecoding.dailyChart(try TestData.own("kobis/daily-edge-cases.json"), date: Day("2023-01-01")) else {
            Issue.record("fault")
            return
        }
        #expect(chart.entries.map(\.rank) == [1, 2, 3])
        let (first, rerelease, preview) = (chart.entries[0], chart.entries[1], chart.entries[2])
        #expect(first.movieCode == "20230001" && first.title == "공백 제목" && first.openDate == nil)
        #expect(first.salesChangePercent == 14273.4 && first.salesShare == 34)
        #expect(rerelease.title == "재개봉 영화" && rerelease.openDate == nil && rerelease.salesShare == 100)
        #expect(rerelease.salesCumulative == 75_140_632_640 && rerelease.audienceChangePercent == -13)
        #expect(preview.openDate == Day("2023-01-11") && preview.sales == 0 && preview.rankChange == 0)
    }

    @Test("an empty chart is an empty chart, not an error")
    func emptyChart() throws {
        guard case .value(let chart) = try KOBISDecoding.dailyChart(try TestData.own("kobis/daily-empty.json"), date: Day("2023-01-02")) else {
            Issue.record("fault")
            return
        }
        #expect(chart.entries.isEmpty)
    }

    @Test("faultInfo bodies are faults whatever the HTTP status said", arguments: ["320010", "320011", "320103"])
    func faults(code: String) throws {
        let body = try TestData.own("kobis/fault-\(code).json")
        guard case .fault(let decoded, let message) = try KOBISDecoding.dailyChart(body, date: Day("2023-01-01")) else {
            Issue.record("not a fault")
            return
        }
        #expect(decoded == code && !message.isEmpty)
        guard case .fault(let again, _) = try KOBISDecoding.movieInfo(body, code: "20124079") else {
            Issue.record("movie info: not a fault")
            return
        }
        #expect(again == code)
    }

    @Test("an unknown movie code yields no film")
    func unknownMovie() throws {
        guard case .value(let info) = try KOBISDecoding.movieInfo(try TestData.own("kobis/movieinfo-unknown.json"), code: "99999999") else {
            Issue.record("fault")
            return
        }
        #expect(info == nil)
    }

    @Test(
        "malformed bodies are rejected with a reason",
        arguments: [
            ("daily-bad-rank.json", "rank"),
            ("daily-no-code.json", "movieCd"),
            ("daily-truncated.json", "not valid JSON"),
        ])
    func malformed(file: String, reason: String) throws {
        let body = try TestData.own("kobis/\(file)")
        let error = #expect(throws: MalformedBody.self) { try KOBISDecoding.dailyChart(body, date: Day("2023-01-01")) }
        #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
    }

    @Test("bodies that are not KOBIS JSON", arguments: ["", "<html>502 Bad Gateway</html>", "[]", "{}", "{\"boxOfficeResult\":{}}", "null"])
    func notKOBIS(text: String) {
        #expect(throws: MalformedBody.self) { try KOBISDecoding.dailyChart(Data(text.utf8), date: Day("2023-01-01")) }
    }
}

@Suite("KOBIS client")
struct KOBISClientTests {
    @Test("requests carry the key, date and filters; errors never carry the key")
    func requestsAndErrors() async throws {
        let seen = RequestLog()
        let transport = ClosureTransport { request in
            await seen.append(request)
            return HTTPResponse(status: 200, body: try TestData.own("kobis/fault-320011.json"))
        }
        let client = KOBISClient(transport: transport, key: "SECRET-KEY-123", baseURL: URL(string: "http://127.0.0.1:9/rest")!)
        let error = await #expect(throws: KOBISError.self) {
            try await client.dailyChart(on: Day("2022-01-05"), filters: .init(nation: .korean, films: .diversity, area: "0105001"))
        }
        #expect(error == .quotaExceeded(subject: "the daily chart for 2022-01-05"))
        #expect(error?.exitStatus == .tryAgainLater)
        #expect(error?.errorDescription?.contains("SECRET") == false)
        let request = try #require(await seen.requests.first)
        #expect(request.url.path == "/rest/boxoffice/searchDailyBoxOfficeList.json")
        #expect(request.queryValue("key") == "SECRET-KEY-123" && request.queryValue("targetDt") == "20220105")
        #expect(request.queryValue("repNationCd") == "K" && request.queryValue("multiMovieYn") == "Y")
        #expect(request.queryValue("wideAreaCd") == "0105001")
    }

    @Test(
        "status codes and transport failures map to exit statuses",
        arguments: [
            (503, BoxOfficeModel.ExitStatus.tryAgainLater), (500, .tryAgainLater), (429, .tryAgainLater), (404, .malformedResponse),
            (302, .malformedResponse),
        ])
    func statuses(status: Int, exit: BoxOfficeModel.ExitStatus) async {
        let client = KOBISClient(transport: ClosureTransport { _ in HTTPResponse(status: status, body: Data()) }, key: "k")
        let error = await #expect(throws: KOBISError.self) { try await client.movieInfo(code: "20199882") }
        #expect(error?.exitStatus == exit)
    }

    @Test("an invalid key is a configuration error")
    func invalidKey() async throws {
        let body = try TestData.own("kobis/fault-320010.json")
        let client = KOBISClient(transport: ClosureTransport { _ in HTTPResponse(status: 200, body: body) }, key: "k")
        let error = await #expect(throws: KOBISError.self) { try await client.dailyChart(on: Day("2022-01-05")) }
        #expect(error == .invalidKey && error?.exitStatus == .configuration)
    }

    @Test("a connection failure says KOBIS is unavailable")
    func unavailable() async {
        let client = KOBISClient(transport: ClosureTransport { _ in throw TransportError.cannotConnect(host: "127.0.0.1") }, key: "k")
        let error = await #expect(throws: KOBISError.self) { try await client.dailyChart(on: Day("2022-01-05")) }
        #expect(error == .unavailable(subject: "the daily chart for 2022-01-05", reason: "could not connect"))
    }
}

actor RequestLog {
    private(set) var requests: [HTTPRequest] = []
    func append(_ request: HTTPRequest) { requests.append(request) }

    /// A daily chart body's outcome as text: its entries or fault, or the error it is refused with.
    /// A body's truncations (150 of them) and its bytes changed or inserted (at 120 places, each to
    /// a byte that means something to JSON or to UTF-8), for the tests that hold the scanner to the
    /// reader.
    static func mutations(of bytes: [UInt8]) -> [(bytes: [UInt8], what: String)] {
        let replacements: [UInt8] = Array("\"\\,:{}[]1 n".utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xFF]
        var mutations: [(bytes: [UInt8], what: String)] = []
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 150)) {
            mutations.append((Array(bytes.prefix(length)), "cut at \(length)"))
        }
        for position in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 120)) {
            for byte in replacements {
                var changed = bytes
                changed[position] = byte
                mutations.append((changed, "with byte \(position) made \(byte)"))
                var inserted = bytes
                inserted.insert(byte, at: position)
                mutations.append((inserted, "with \(byte) inserted at \(position)"))
            }
        }
        return mutations
    }

    /// A decoder's answer (its value, fault or what is malformed), as text to compare.
    static func outcome<Value>(_ decode: () throws(MalformedBody) -> KOBISDecoding.Outcome<Value>) -> String {
        do {
            switch try decode() {
            case .value(let value): return "value \(String(describing: value))"
            case let .fault(code, message): return "fault \(code) \(message)"
            }
        } catch {
            return "malformed \(error.reason) \(error.answersAnotherRequest)"
        }
    }

    static func outcome(_ body: Data, _ date: Day, scanning: Bool) -> String {
        outcome { () throws(MalformedBody) in try KOBISDecoding.dailyChart(body, date: date, scanning: scanning) }
    }

    @Test(
        "the chart scanner reads every body as the JSON reader does: recorded and hand-made charts, their truncations, and bytes changed or inserted")
    func scannerAgreesWithReader() throws {
        var bodies: [(name: String, date: Day, bytes: [UInt8])] = []
        for url in try TestData.sharedFixturesAvailable ? TestData.sharedFiles("kobis", prefix: "daily-") : [] {
            let compact = url.deletingPathExtension().lastPathComponent.dropFirst("daily-".count)
            bodies.append((url.lastPathComponent, try #require(Day(compact: compact)), Array(try Data(contentsOf: url))))
        }
        let own = TestData.ownFixtures.appendingPathComponent("kobis")
        for name in try FileManager.default.contentsOfDirectory(atPath: own.path).sorted() where name.hasPrefix("daily-") || name.hasPrefix("fault-")
        {
            let bytes = Array(try Data(contentsOf: own.appendingPathComponent(name)))
            // The date each hand-made body answers for, from its showRange (any date for the rest).
            let text = String(decoding: bytes, as: UTF8.self)
            let date = text.firstRange(of: "showRange\":\"").flatMap { Day(compact: text[$0.upperBound...].prefix(8)) } ?? Day(iso: "2025-03-03")!
            bodies.append((name, date, bytes))
        }
        #expect(bodies.count >= 6, "\(bodies.map(\.name))")
        var scanned = 0
        func agree(_ bytes: [UInt8], _ date: Day, _ what: @autoclosure () -> String) {
            let body = Data(bytes)
            let general = Self.outcome(body, date, scanning: false)
            #expect(Self.outcome(body, date, scanning: true) == general, "\(what())")
            if KOBISBodyScanner.scan(body, list: "dailyBoxOfficeList")?.rows != nil { scanned += 1 }
        }
        for (name, date, bytes) in bodies {
            agree(bytes, date, name)
            for (changed, what) in Self.mutations(of: bytes) { agree(changed, date, "\(name) \(what)") }
            // Shapes the scanner leaves to the reader: a byte-order mark, a trailing comma, escapes,
            // numbers, nulls, white space everywhere.
            let text = String(decoding: bytes, as: UTF8.self)
            for variant in [
                "\u{FEFF}" + text, text.replacingOccurrences(of: "}]", with: "},]"), text.replacingOccurrences(of: "\"1\"", with: "1"),
                text.replacingOccurrences(of: "\"OLD\"", with: "null"), text.replacingOccurrences(of: "\":\"", with: "\" : \""),
                text.replacingOccurrences(of: "영화", with: "\\uc601\\ud654"), text.replacingOccurrences(of: ",", with: " ,\n"),
                text.replacingOccurrences(of: "\"rnum\"", with: "\"rank\":\"9\",\"rnum\""),
                // A fault beside the result, of any shape, is the reader's to judge.
                text.replacingOccurrences(of: "{\"boxOfficeResult\"", with: "{\"faultInfo\":\"x\",\"boxOfficeResult\""),
                text.replacingOccurrences(of: "{\"boxOfficeResult\"", with: "{\"faultInfo\":{},\"boxOfficeResult\""),
            ] {
                agree(Array(variant.utf8), date, "\(name) varied")
            }
        }
        #expect(scanned >= bodies.count, "the scanner read the usual bodies itself (\(scanned))")
        // A weekend chart goes the same two ways.
        if TestData.sharedFixturesAvailable {
            let weekend = try TestData.shared("kobis/weekend-20120101.json")
            let period = ChartPeriod(.weekend, inWeekOf: try #require(Day(iso: "2012-01-01")))
            func weekly(_ body: Data, scanning: Bool) -> String {
                do {
                    return "\(try KOBISDecoding.weeklyChart(body, period: period, scanning: scanning))"
                } catch {
                    return "malformed \(error.reason)"
                }
            }
            #expect(KOBISBodyScanner.scan(weekend, list: "weeklyBoxOfficeList")?.rows?.count == 10)
            for length in stride(from: 0, through: weekend.count, by: max(1, weekend.count / 200)) {
                let body = weekend.prefix(length)
                #expect(weekly(body, scanning: true) == weekly(body, scanning: false), "weekend cut at \(length)")
            }
        }
        if !TestData.sharedFixturesAvailable { print("chart scanner: \(TestData.sharedSkipReason); checked the hand-made fixtures only") }
    }

    @Test("a plain decimal is read to the same Double as Double(_:) reads it; anything else is left to Double(_:)")
    func plainDecimals() {
        var random = SplitMix(state: 41)
        var texts = [
            "0", "-0", "+0", "0.0", "-0.0", "7", "007", "-13", "+2.5", "100.0", "12.34", "-99.99", "0.1", "0.3", "2.675", "1.005",
            "999999999999999", "-999999999999999", "0.000000000000001", "1234567890.12345", "9007199.254740993", "4.35", "0.07",
        ]
        for _ in 0..<50_000 {
            let whole = String(random.next() % 1_000_000_000_000_000)
            let cut = Int(random.next() % UInt64(whole.count + 1))
            let digits = String(whole.prefix(max(1, cut)))
            let point = random.next() % 3 == 0 ? "" : "." + String(String(random.next()).prefix(Int(random.next() % 8) + 1))
            let sign = ["", "", "-", "+"][Int(random.next() % 4)]
            texts.append(sign + digits + point)
        }
        var read = 0
        for text in texts {
            guard let value = KOBISDecoding.plainDecimal(text) else { continue }
            read += 1
            #expect(value.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        #expect(read > 30_000)
        for text in [
            "", "-", "+", ".", "1.", ".5", "-.5", "1.2.3", "1e5", "1,000", " 1", "1 ", "1234567890123456", "0.1234567890123456", "nan", "inf", "0x10",
            "١٢",
        ] {
            #expect(KOBISDecoding.plainDecimal(text) == nil, "\(text)")
        }
    }

    @Test("the scanner's UTF-8 check accepts exactly the bytes String(decoding:) keeps unchanged")
    func wellFormedUTF8() {
        var random = SplitMix(state: 38)
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF3, 0xF4, 0xF5, 0xFF, 0x9F, 0xA0, 0x8F, 0x90,
        ]
        var samples: [[UInt8]] = [
            [], Array("영화 Film".utf8), Array("🎬".utf8), [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80, 0x80], [0xEA, 0xB0],
        ]
        for _ in 0..<20_000 {
            let length = Int(random.next() % 7)
            samples.append(
                (0..<length).map { _ in
                    random.next() % 3 == 0 ? UInt8(truncatingIfNeeded: random.next()) : interesting[Int(random.next() % UInt64(interesting.count))]
                })
        }
        for bytes in samples {
            let kept = String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
            #expect(bytes.withUnsafeBufferPointer { KOBISBodyScanner.isWellFormedUTF8($0) } == kept, "\(bytes)")
        }
    }

    static func movieOutcome(_ body: Data, _ code: String, scanning: Bool) -> String {
        outcome { () throws(MalformedBody) in try KOBISDecoding.movieInfo(body, code: code, scanning: scanning) }
    }

    /// A movie-info body as the bench's simulated KOBIS and the real one send it: every list,
    /// cast and staff included, a Korean title, text with spaces to trim, and every field the
    /// decoder reads filled (a field the scanner's shape lacked would then read differently).
    static let handMadeMovieInfo = """
        {"movieInfoResult":{"movieInfo":{"prdtYear":"2009","showTm":"122","typeNm":"장편","genres":[{"genreNm":"드라마"},{"genreNm":" 액션 "}],\
        "movieNmOg":"Film 583","movieNmEn":"Simulated Film 583 ","movieNm":"시뮬레이션 영화 583","nations":[{"nationNm":"미국"}],\
        "showTypes":[{"showTypeGroupNm":"2D","showTypeNm":"디지털"}],"actors":[{"peopleNm":"배우","peopleNmEn":"Actor","cast":"","castEn":""}],\
        "staffs":[],"audits":[{"auditNo":"2025-SIM582 ","watchGradeNm":"12세이상관람가"}],"prdtStatNm":"개봉",\
        "directors":[{"peopleNmEn":"Director 583","peopleNm":"감독 583"}],"movieCd":"81000582",\
        "companys":[{"companyCd":"20250582","companyPartNm":"배급사","companyNmEn":"","companyNm":"배급사 7"},\
        {"companyPartNm":"제공","companyCd":"20250582","companyNmEn":"Distributor 7","companyNm":"배급사 7"}],"openDt":"20090112"},"source":"영화진흥위원회"}}
        """

    /// The movie-info bodies the scanner is checked against, by name: the hand-made one, the
    /// recordings in `../shared/fixtures` (when present) and the project's own.
    static func movieInfoBodies() throws -> [(name: String, code: String, bytes: [UInt8])] {
        var bodies: [(name: String, code: String, bytes: [UInt8])] = [("hand-made", "81000582", Array(Self.handMadeMovieInfo.utf8))]
        for url in try TestData.sharedFixturesAvailable ? TestData.sharedFiles("kobis", prefix: "movieinfo-") : [] {
            let code = String(url.deletingPathExtension().lastPathComponent.dropFirst("movieinfo-".count))
            bodies.append((url.lastPathComponent, code, Array(try Data(contentsOf: url))))
        }
        let own = TestData.ownFixtures.appendingPathComponent("kobis")
        for name in try FileManager.default.contentsOfDirectory(atPath: own.path).sorted()
        where name.hasPrefix("movieinfo-") || name.hasPrefix("fault-") {
            bodies.append((name, "20124079", Array(try Data(contentsOf: own.appendingPathComponent(name)))))
        }
        return bodies
    }

    // One test case a body: the cases run side by side, each a few seconds in a debug build, where
    // one test over every body held a thread for 19 s.
    @Test(
        "the movie-info scanner reads every body as the JSON reader does: recorded and hand-made films, their truncations, and bytes changed or inserted",
        arguments: (try? movieInfoBodies().map(\.name)) ?? [])
    func movieInfoScannerAgreesWithReader(body name: String) throws {
        let bodies = try Self.movieInfoBodies().filter { $0.name == name }
        try #require(bodies.count == 1)
        var scanned = 0
        func agree(_ bytes: [UInt8], _ code: String, _ what: @autoclosure () -> String) {
            let body = Data(bytes)
            #expect(Self.movieOutcome(body, code, scanning: true) == Self.movieOutcome(body, code, scanning: false), "\(what())")
            if KOBISBodyScanner.movieInfo(body, shape: KOBISDecoding.movieInfoShape) != nil { scanned += 1 }
        }
        for (name, code, bytes) in bodies {
            agree(bytes, code, name)
            #expect(
                Self.movieOutcome(Data(bytes), code, scanning: true).hasPrefix("value") || name.hasPrefix("fault-"),
                "\(name) is read: \(Self.movieOutcome(Data(bytes), code, scanning: true))")
            for (changed, what) in Self.mutations(of: bytes) { agree(changed, code, "\(name) \(what)") }
            // Shapes the scanner leaves to the reader, and repeated or unexpected members it reads.
            let text = String(decoding: bytes, as: UTF8.self)
            let edits: [(of: String, with: String)] = [
                ("}]", "},]"), ("\"2009\"", "2009"), ("\"\"", "null"), ("\":\"", "\" : \""), ("영화", "\\uc601\\ud654"), (",", " ,\n"),
                ("{\"movieInfoResult\"", "{\"faultInfo\":\"x\",\"movieInfoResult\""),
                ("{\"movieInfoResult\"", "{\"faultInfo\":{},\"movieInfoResult\""),
                ("\"movieInfo\":{", "\"movieInfo\":{\"nations\":\"한국\",\"movieCd\":\"1\","),
                ("\"movieInfo\":{", "\"movieInfo\":{\"nations\":[{\"nationNm\":\"한국\"}],\"genres\":[1],"),
                ("\"movieInfo\":{", "\"movieInfo\":{\"staffs\":[{\"a\":{}}],"),
                ("\"movieInfo\":{", "\"movieInfo\":{\"extra\":{\"a\":\"b\"},"),
                ("{\"movieInfoResult\":{\"movieInfo\":", "{\"movieInfoResult\":{\"other\":"),
                ("\"source\"", "\"movieInfo\":{},\"source\""),
                ("}}", "}},\"movieInfoResult\":{}"),
                ("\"nations\":[", "\"nations\":[{},"),
            ]
            agree(Array(("\u{FEFF}" + text).utf8), code, "\(name) after a byte-order mark")
            for edit in edits {
                agree(Array(text.replacingOccurrences(of: edit.of, with: edit.with).utf8), code, "\(name) with \(edit.of) made \(edit.with)")
            }
        }
        _ = scanned
        if !TestData.sharedFixturesAvailable, name == "hand-made" {
            print("movie-info scanner: \(TestData.sharedSkipReason); checked the hand-made and own bodies only")
        }
    }

    @Test("the scanner reads the usual movie-info bodies itself, leaving only the odd ones to the reader")
    func movieInfoScannerReadsTheUsualBodies() throws {
        let bodies = try Self.movieInfoBodies()
        let scanned = bodies.filter { KOBISBodyScanner.movieInfo(Data($0.bytes), shape: KOBISDecoding.movieInfoShape) != nil }.map(\.name)
        let films = bodies.filter { !$0.name.hasPrefix("fault-") }.map(\.name)
        // A fault is the reader's; of the films, at most one odd shape is left to it.
        #expect(Set(scanned).isSubset(of: films) && scanned.count >= films.count - 1, "the scanner read \(scanned) of \(films) itself")
    }
}
