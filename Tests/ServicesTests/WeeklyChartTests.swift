import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeServices

/// Issue 13, item 1: KOBIS's weekly service (weeks, weekends, weekdays), its periods and decoding.
@Suite("Weekly charts: periods and decoding")
struct WeeklyChartTests {
    // MARK: Periods (pure day arithmetic: the machine's time zone plays no part; CI runs in UTC)

    @Test(
        "the last completed weekend, from each day of a week",
        arguments: [
            ("2024-07-22", "2024-07-19"),  // Monday: the weekend that ended yesterday
            ("2024-07-23", "2024-07-19"),
            ("2024-07-26", "2024-07-19"),  // Friday: this weekend has begun, not ended
            ("2024-07-27", "2024-07-19"),  // Saturday: the previous one
            ("2024-07-28", "2024-07-19"),  // Sunday: today's figures do not exist yet
            ("2024-07-29", "2024-07-26"),
        ])
    func lastWeekend(today: String, friday: String) {
        let weekend = ChartPeriod.lastCompleted(.weekend, today: Day(today))
        #expect(weekend.start == Day(friday) && weekend.end == Day(friday) + 2 && weekend.start.isoWeekday == 5)
    }

    @Test("the last completed week and weekdays")
    func lastWeek() {
        #expect(ChartPeriod.lastCompleted(.week, today: Day("2024-07-22")).start == Day("2024-07-15"))
        #expect(ChartPeriod.lastCompleted(.week, today: Day("2024-07-21")).start == Day("2024-07-08"), "on a Sunday the week is not over")
        let weekdays = ChartPeriod.lastCompleted(.weekdays, today: Day("2024-07-26"))
        #expect(weekdays.start == Day("2024-07-22") && weekdays.end == Day("2024-07-25"), "Monday to Thursday, over by Friday")
        #expect(ChartPeriod.lastCompleted(.weekdays, today: Day("2024-07-25")).start == Day("2024-07-15"))
    }

    @Test(
        "ISO weeks across a new year, week 53 included, as KOBIS writes yearWeekTime",
        arguments: [
            ("2012-01-01", "201152"), ("2011-12-30", "201152"), ("2015-01-04", "201501"), ("2014-12-29", "201501"),
            ("2020-12-31", "202053"), ("2021-01-03", "202053"), ("2021-01-04", "202101"), ("2026-12-31", "202653"),
            ("2024-12-30", "202501"), ("2027-01-01", "202653"),
        ])
    func isoWeeks(day: String, yearWeek: String) {
        for kind in PeriodKind.allCases {
            #expect(ChartPeriod(kind, inWeekOf: Day(day)).yearWeekTime == yearWeek, "\(kind)")
        }
    }

    @Test("a range becomes the periods that overlap it, completed ones only; snapped when they do not match it exactly")
    func covering() {
        let july = DateRange(start: Day("2024-07-01"), end: Day("2024-07-31"))
        let weeks = ChartPeriod.covering(july, .week, today: Day("2024-08-10"))
        #expect(weeks.periods.map(\.start.iso) == ["2024-07-01", "2024-07-08", "2024-07-15", "2024-07-22", "2024-07-29"])
        #expect(weeks.snapped, "the last week runs to 2024-08-04")
        let one = ChartPeriod.covering(DateRange(start: Day("2024-07-19"), end: Day("2024-07-21")), .weekend, today: Day("2024-07-23"))
        #expect(one.periods.count == 1 && !one.snapped)
        let notOver = ChartPeriod.covering(july, .weekend, today: Day("2024-07-27"))
        #expect(notOver.periods.last?.start == Day("2024-07-19"), "the weekend in progress is never asked for")
        let earliest = ChartPeriod.covering(DateRange(start: Day("2003-11-11"), end: Day("2003-11-30")), .week, today: Day("2024-01-01"))
        #expect(earliest.periods.first?.start == Day("2003-11-17"), "the week of 2003-11-10 began before KOBIS's first chart")
    }

    // MARK: Decoding

    @Test(
        "the recorded weekend of 2011-12-30..2012-01-01, cell for cell",
        .enabled(if: TestData.sharedFixturesAvailable, TestData.sharedSkipReason))
    func recordedWeekend() throws {
        let period = ChartPeriod(.weekend, inWeekOf: Day("2012-01-01"))
        #expect(period.showRange == "20111230~20120101" && period.yearWeekTime == "201152")
        guard case .value(let chart) = try KOBISDecoding.weeklyChart(try TestData.shared("kobis/weekend-20120101.json"), period: period) else {
            Issue.record("a fault")
            return
        }
        #expect(chart.entries.count == 10 && chart.entries.map(\.rank) == Array(1...10))
        let first = chart.entries[0]
        #expect(
            first
                == ChartEntry(
                    rank: 1, rankChange: 0, isNew: false, movieCode: "20112207", title: "미션임파서블:고스트프로토콜", openDate: Day("2011-12-15"),
                    sales: 7_840_509_500, salesShare: 35.8, salesChange: -1_706_758_500, salesChangePercent: -17.9,
                    salesCumulative: 40_541_108_500, audience: 1_007_683, audienceChange: -234_848, audienceChangePercent: -18.9,
                    audienceCumulative: 5_328_435, screens: 697, showings: 9_677))
        let climber = chart.entries[4]
        #expect(climber.rankChange == 11 && climber.audienceChangePercent == 11_865.2, "rankInten pointing below 10: from 16th to 5th")
        let new = chart.entries[6]
        #expect(new.isNew && new.audienceChangePercent == 100.0, "a NEW row's change is KOBIS's 100.0, not a real change")
        let last = chart.entries[9]
        #expect(last.title == "극장판 포켓몬스터 베스트 위시 「비크티니와 흑의 영웅 제크로무」" && last.audience == 56_991 && last.showings == 832)
    }

    static func body(range: String, week: String, type: String = "주간 박스오피스", rows: String = "") -> Data {
        Data(
            #"{"boxOfficeResult":{"boxofficeType":"\#(type)","showRange":"\#(range)","yearWeekTime":"\#(week)","weeklyBoxOfficeList":[\#(rows)]}}"#
                .utf8)
    }

    static let row =
        #"{"rnum":"1","rank":"1","rankInten":"0","rankOldAndNew":"NEW","movieCd":"20201234","movieNm":"원더 우먼 1984 ","openDt":"2020-12-23","salesAmt":"1000000","salesShare":"40.0","salesInten":"1000000","salesChange":"100.0","salesAcc":"2000000","audiCnt":"100","audiInten":"100","audiChange":"100.0","audiAcc":"200","scrnCnt":"10","showCnt":"30"}"#

    @Test("hand-made weeks: week 53, an empty list, a fault, another period's answer")
    func handMade() throws {
        let week53 = ChartPeriod(.week, inWeekOf: Day("2020-12-28"))
        guard
            case .value(let chart) = try KOBISDecoding.weeklyChart(
                Self.body(range: "20201228~20210103", week: "202053", rows: Self.row), period: week53)
        else {
            Issue.record("a fault")
            return
        }
        #expect(chart.entries.count == 1 && chart.entries[0].title == "원더 우먼 1984" && chart.entries[0].isNew)

        guard case .value(let empty) = try KOBISDecoding.weeklyChart(Self.body(range: "20201228~20210103", week: "202053"), period: week53) else {
            Issue.record("a fault")
            return
        }
        #expect(empty.entries.isEmpty)

        let fault = try KOBISDecoding.weeklyChart(
            Data(#"{"faultInfo":{"message":"주간/주말 구분값이 잘못되었습니다.","errorCode":"320105"}}"#.utf8), period: week53)
        guard case .fault(let code, _) = fault else {
            Issue.record("not a fault")
            return
        }
        #expect(code == "320105")

        #expect(throws: MalformedBody.self, "the weekend's days under the week's name") {
            try KOBISDecoding.weeklyChart(Self.body(range: "20210101~20210103", week: "202053", rows: Self.row), period: week53)
        }
        #expect(throws: MalformedBody.self, "another ISO week") {
            try KOBISDecoding.weeklyChart(Self.body(range: "20201228~20210103", week: "202101", rows: Self.row), period: week53)
        }
    }

    @Test("the client sends weekGb and the period's first day, caches under the period, and says what a fault was about")
    func client() async throws {
        let weekend = ChartPeriod(.weekend, inWeekOf: Day("2024-07-21"))
        let seen = RecordedRequests()
        let client = KOBISClient(
            transport: ClosureTransport { request in
                seen.append(request.url)
                return HTTPResponse(status: 200, body: Self.body(range: "20240719~20240721", week: "202429", type: "주말 박스오피스", rows: Self.row))
            }, key: "k")
        let chart = try await client.weeklyChart(weekend, filters: .init(nation: .korean))
        #expect(chart.period == weekend && chart.entries.count == 1)
        let url = try #require(seen.urls.first)
        let query = Dictionary(
            uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(url.path.hasSuffix("boxoffice/searchWeeklyBoxOfficeList.json"))
        #expect(query["targetDt"] == "20240719" && query["weekGb"] == "1" && query["itemPerPage"] == "10" && query["repNationCd"] == "K")
        #expect(KOBISCacheKeys.weeklyChart(weekend, filters: .init()) == "kobis/weekly/weekend/all/2024/20240719.json")

        let refusing = KOBISClient(
            transport: ClosureTransport { _ in
                HTTPResponse(status: 200, body: Data(#"{"faultInfo":{"message":"잘못된 구분값","errorCode":"320105"}}"#.utf8))
            }, key: "k")
        let error = await #expect(throws: KOBISError.self) { try await refusing.weeklyChart(weekend) }
        #expect(error?.errorDescription?.contains("weekend chart for 2024-07-19..2024-07-21") == true, "\(error?.errorDescription ?? "")")
        #expect(error?.errorDescription?.contains("320105") == true)
    }
}

/// URLs a closure transport saw, from any task.
final class RecordedRequests: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [URL] = []
    func append(_ url: URL) { lock.withLock { seen.append(url) } }
    var urls: [URL] { lock.withLock { seen } }
}
