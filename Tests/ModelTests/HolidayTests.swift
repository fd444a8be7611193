import Foundation
import TestSupport
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput

/// Issue 29, item 5: Korean public holidays, bundled as a table, label the days they fall on.
@Suite("Korean public holidays")
struct HolidayTests {
    /// The days off the Ministry of the Interior and Safety published for 2024 and 2025, by date.
    static let published: [String: String] = [
        "2024-01-01": "신정연휴", "2024-02-09": "설날 전날", "2024-02-10": "설날", "2024-02-11": "설날 다음날",
        "2024-02-12": "설날 대체 휴일", "2024-03-01": "삼일절", "2024-04-10": "국회의원 선거일", "2024-05-05": "어린이날",
        "2024-05-06": "어린이날 대체 휴일", "2024-05-15": "부처님오신날", "2024-06-06": "현충일", "2024-08-15": "광복절",
        "2024-09-16": "추석 전날", "2024-09-17": "추석", "2024-09-18": "추석 다음날", "2024-10-01": "국군의 날",
        "2024-10-03": "개천절", "2024-10-09": "한글날", "2024-12-25": "기독탄신일",
        "2025-01-01": "신정연휴", "2025-01-27": "임시공휴일", "2025-01-28": "설날 전날", "2025-01-29": "설날",
        "2025-01-30": "설날 다음날", "2025-03-01": "삼일절", "2025-03-03": "삼일절 대체 휴일",
        "2025-05-05": "부처님오신날; 어린이날", "2025-05-06": "부처님오신날 대체 휴일; 어린이날 대체 휴일", "2025-06-03": "대통령 선거일",
        "2025-06-06": "현충일", "2025-08-15": "광복절", "2025-10-03": "개천절", "2025-10-05": "추석 전날", "2025-10-06": "추석",
        "2025-10-07": "추석 다음날", "2025-10-08": "추석 대체 휴일", "2025-10-09": "한글날", "2025-12-25": "기독탄신일",
    ]

    static func days(of year: Int) -> [Day] {
        (Day("\(year)-01-01").ordinal...Day("\(year)-12-31").ordinal).map(Day.init(ordinal:))
    }

    @Test("2024 and 2025 hold exactly the published public holidays, in Korean and English")
    func publishedYears() {
        for year in [2024, 2025] {
            let days = Self.days(of: year)
            let table = Dictionary(uniqueKeysWithValues: days.compactMap { day in KoreanHolidays.holiday(on: day).map { (day.iso, $0) } })
            let expected = Self.published.filter { $0.key.hasPrefix("\(year)-") }
            #expect(Set(table.keys) == Set(expected.keys), "\(year)")
            for (date, holiday) in table {
                #expect(holiday.ko == expected[date], "\(date)")
                #expect(!holiday.en.isEmpty && holiday.en.allSatisfy(\.isASCII), "\(date): \(holiday.en)")
            }
        }
        #expect(KoreanHolidays.holiday(on: Day("2025-01-29"))?.en == "Korean New Year")
        #expect(KoreanHolidays.holiday(on: Day("2024-09-17"))?.en == "Chuseok")
        #expect(KoreanHolidays.holiday(on: Day("2025-03-04")) == nil)
    }

    @Test("every year from 2003 to 2030 has 설날 and 추석 with the days around them; a lunar holiday moves")
    func everyYear() {
        #expect(KoreanHolidays.covers(Day("2003-11-11")) && KoreanHolidays.covers(Day("2030-12-31")) && !KoreanHolidays.covers(Day("2031-01-01")))
        var seollal: Set<String> = []
        for year in 2003...2030 {
            let days = Self.days(of: year)
            let names = days.compactMap { KoreanHolidays.holiday(on: $0)?.ko }
            // 한글날 was a working day from 1991 until 2013.
            for name in ["설날 전날", "설날", "설날 다음날", "추석 전날", "추석", "추석 다음날", "광복절", "기독탄신일"] + (year >= 2013 ? ["한글날"] : []) {
                #expect(names.contains { $0.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.contains(name) }, "\(year) \(name)")
            }
            if let day = days.first(where: { KoreanHolidays.holiday(on: $0)?.ko == "설날" }) { seollal.insert(String(day.iso.dropFirst(5))) }
            // 설날 falls between 01-21 and 02-20, 추석 between 09-07 and 10-08 (the lunar calendar's bounds).
            for day in days where KoreanHolidays.holiday(on: day)?.ko == "설날" {
                #expect(day >= Day("\(year)-01-21") && day <= Day("\(year)-02-20"), "\(day.iso)")
            }
            for day in days where KoreanHolidays.holiday(on: day)?.ko == "추석" {
                #expect(day >= Day("\(year)-09-07") && day <= Day("\(year)-10-08"), "\(day.iso)")
            }
        }
        #expect(seollal.count > 20, "설날 moves from year to year")
        #expect(KoreanHolidays.holiday(on: Day("2012-10-09")) == nil && KoreanHolidays.holiday(on: Day("2013-10-09"))?.ko == "한글날")
    }

    @Test("a holiday meets the same holiday a year earlier: 설날 and 추석 where the lunar calendar put them; substitutes and one-offs none")
    func sameHolidayLastYear() {
        let cases: [(String, String?)] = [
            ("2025-01-29", "2024-02-10"),  // 설날
            ("2025-01-28", "2024-02-09"),  // 설날 전날
            ("2025-10-06", "2024-09-17"),  // 추석
            ("2025-08-15", "2024-08-15"),  // 광복절, a fixed date
            ("2025-05-05", "2024-05-15"),  // 부처님오신날; 어린이날: the first name the table gives
            ("2025-03-03", nil),  // 삼일절 대체 휴일
            ("2025-01-27", nil),  // 임시공휴일
            ("2025-06-03", nil),  // 대통령 선거일
            ("2025-03-04", nil),  // no holiday
            ("2003-01-01", nil),  // no table before 2003
        ]
        for (day, expected) in cases {
            #expect(KoreanHolidays.sameHolidayLastYear(Day(day)) == expected.map { Day($0) }, "\(day)")
        }
    }

    @Test("a holiday labels its day: the JSON, the days CSV, the day's heading (both languages) and a day's txt title")
    func labels() async throws {
        let report = try await TestReports.sample()
        let monday = try #require(report.days.first { $0.date == Day("2025-03-03") })
        #expect(monday.holiday == KoreanHoliday(ko: "삼일절 대체 휴일", en: "Alternative holiday for Independence Movement Day"))
        #expect(report.days.filter { $0.holiday != nil }.count == 1, "the sample week has one holiday")
        let files = try await FixedReports.render(report, [.json, .csv, .md])
        let json = String(decoding: try #require(files.first { $0.key.hasSuffix(".json") }?.value), as: UTF8.self)
        #expect(json.components(separatedBy: "\"holiday\" : {").count == 2)
        let days = String(decoding: try #require(files.first { $0.key.hasSuffix("-days.csv") }?.value), as: UTF8.self)
        #expect(days.contains(",holiday,holiday_ko,"))
        #expect(days.contains(",Alternative holiday for Independence Movement Day,삼일절 대체 휴일"))
        let markdown = String(decoding: try #require(files.first { $0.key.hasSuffix(".md") }?.value), as: UTF8.self)
        #expect(markdown.contains("### 2025-03-03 (Mon), Alternative holiday for Independence Movement Day\n"))
        #expect(!markdown.contains("### 2025-03-04 (Tue),"))
        let korean = try await FixedReports.render(report, [.md, .html], language: .ko)
        let koreanMarkdown = String(decoding: try #require(korean.first { $0.key.hasSuffix(".md") }?.value), as: UTF8.self)
        #expect(koreanMarkdown.contains("삼일절 대체 휴일"))
        let koreanHTML = String(decoding: try #require(korean.first { $0.key.hasSuffix(".html") }?.value), as: UTF8.self)
        #expect(koreanHTML.contains(" · <span class=\"holiday\">삼일절 대체 휴일</span> · 관객"))
        // A one-day report's txt says it in its first line, the morning message's subject.
        var oneDay = report
        oneDay.days = [monday]
        oneDay.range = ReportRange(DateRange(start: monday.date, end: monday.date))
        let text = TextView.make(oneDay)
        #expect((text["title"] as? String) == "Korean box office, 2025-03-03 · Alternative holiday for Independence Movement Day")
    }
}
