import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel

@Suite("Date ranges and the calendar rule")
struct DateRangeTests {
    /// Today is pinned to 2024-05-02, so yesterday is 2024-05-01.
    let calendar = SeoulCalendar(pinnedToday: Day("2024-05-02"))

    @Test(
        "accepted forms",
        arguments: [
            ("2022-01-05", "2022-01-05", "2022-01-05"),
            ("20220105", "2022-01-05", "2022-01-05"),
            (" 2022-01-05 ", "2022-01-05", "2022-01-05"),
            ("2022-01-01..2022-01-31", "2022-01-01", "2022-01-31"),
            ("20220101..2022-01-31", "2022-01-01", "2022-01-31"),
            ("2022-01-01..20220131", "2022-01-01", "2022-01-31"),
            ("2022-02", "2022-02-01", "2022-02-28"),
            ("2024-02", "2024-02-01", "2024-02-29"),
            ("2024-05", "2024-05-01", "2024-05-01"),  // the current month, clipped to yesterday
            ("2003-11", "2003-11-11", "2003-11-30"),  // the first month, clipped to the first chart
            ("2022-01..2022-03", "2022-01-01", "2022-03-31"),
            ("yesterday", "2024-05-01", "2024-05-01"),
            ("YESTERDAY", "2024-05-01", "2024-05-01"),
            ("last-7-days", "2024-04-25", "2024-05-01"),
            ("last-1-days", "2024-05-01", "2024-05-01"),
            ("2003-11-11", "2003-11-11", "2003-11-11"),
            ("2003-11-11..yesterday", "2003-11-11", "2024-05-01"),
            ("2024-04-30..2024-04-30", "2024-04-30", "2024-04-30"),
        ])
    func accepted(input: String, start: String, end: String) throws {
        let range = try DateRange.parse(input, calendar: calendar)
        #expect(range.start == Day(start))
        #expect(range.end == Day(end))
    }

    @Test(
        "refused inputs",
        arguments: [
            ("", DateRangeError.unrecognized("")),
            ("tomorrow", .unrecognized("tomorrow")),
            ("2022/01/05", .unrecognized("2022/01/05")),
            ("2022-1-5", .unrecognized("2022-1-5")),
            ("last-0-days", .unrecognized("last-0-days")),
            ("last--3-days", .unrecognized("last--3-days")),
            ("2022-01-01..", .unrecognized("2022-01-01..")),
            ("..2022-01-01", .unrecognized("..2022-01-01")),
            ("2022-01-01..2022-01-02..2022-01-03", .unrecognized("2022-01-01..2022-01-02..2022-01-03")),
            ("2023-02-30", .impossibleDate("2023-02-30")),
            ("20231301", .impossibleDate("20231301")),
            ("2023-13", .impossibleDate("2023-13")),
            ("2022-01-31..2022-01-01", .reversed("2022-01-31..2022-01-01")),
        ])
    func refused(input: String, error: DateRangeError) {
        #expect(throws: error) { try DateRange.parse(input, calendar: calendar) }
    }

    @Test(
        "the calendar rule refuses dates before 2003-11-11 and from today on",
        arguments: [
            "2003-11-10", "2024-05-02", "2024-05-03", "2003-11-10..2003-11-12", "2024-04-30..2024-05-02",
            "2003-10", "2024-06", "last-99999-days",
        ])
    func outOfBounds(input: String) throws {
        let error = #expect(throws: DateRangeError.self) { try DateRange.parse(input, calendar: calendar) }
        guard case .outOfBounds(_, _, let earliest, let latest, _)? = error else {
            Issue.record("expected outOfBounds, got \(String(describing: error))")
            return
        }
        #expect(earliest == Day("2003-11-11"))
        #expect(latest == Day("2024-05-01"))
        let message = error?.errorDescription ?? ""
        #expect(message.contains("2003-11-11") && message.contains("2024-05-01"))
    }

    @Test("a calendar year, and a year to date: from 1 January, to 31 December or to a day of the same year")
    func yearShapes() {
        func range(_ start: String, _ end: String) -> DateRange { DateRange(start: Day(start), end: Day(end)) }
        #expect(range("2024-01-01", "2024-12-31").isCalendarYear && range("2024-01-01", "2024-12-31").isYearToDate)
        #expect(range("2024-01-01", "2024-05-01").isYearToDate && !range("2024-01-01", "2024-05-01").isCalendarYear)
        #expect(!range("2024-01-02", "2024-12-31").isYearToDate && !range("2024-01-02", "2024-12-31").isCalendarYear)
        #expect(!range("2023-01-01", "2024-12-31").isYearToDate && !range("2023-01-01", "2024-12-31").isCalendarYear)
    }

    @Test("a day's ISO bytes are its ISO text, across leap years, centuries and years outside four digits")
    func isoBytes() {
        var ordinals = Array(stride(from: -800_000, through: 3_000_000, by: 997))
        ordinals += (0..<3_000).map { Day("2000-01-01").ordinal + $0 }
        ordinals += [
            Day("2003-11-11").ordinal, Day("2024-02-29").ordinal, Day("1900-03-01").ordinal, Day("9999-12-31").ordinal, Day("9999-12-31").ordinal + 1,
        ]
        for ordinal in ordinals {
            let day = Day(ordinal: ordinal)
            var bytes: [UInt8] = [0x41]
            day.appendISO(to: &bytes)
            #expect(bytes == [0x41] + Array(day.iso.utf8), "\(day.iso)")
            // A four-digit year's as printf writes it.
            if (0...9999).contains(day.year) {
                #expect(day.iso == String(format: "%04d-%02d-%02d", day.year, day.month, day.day), "\(day.iso)")
            }
        }
    }

    @Test("Seoul midnight: at 20:00 UTC on 2024-05-01 it is already 2024-05-02 in Seoul")
    func seoulMidnight() throws {
        // The machine's zone plays no part: the calendar works from the instant alone.
        let instant = ISO8601DateFormatter().date(from: "2024-05-01T20:00:00Z")!
        let calendar = SeoulCalendar(now: { instant })
        #expect(calendar.today == Day("2024-05-02"))
        #expect(try DateRange.parse("2024-05-01", calendar: calendar).start == Day("2024-05-01"))
        #expect(throws: DateRangeError.self) { try DateRange.parse("2024-05-02", calendar: calendar) }

        // One second before Seoul midnight, 2024-05-01 is still today and so refused.
        let before = ISO8601DateFormatter().date(from: "2024-05-01T14:59:59Z")!
        let earlier = SeoulCalendar(now: { before })
        #expect(earlier.today == Day("2024-05-01"))
        #expect(throws: DateRangeError.self) { try DateRange.parse("2024-05-01", calendar: earlier) }
        #expect(try DateRange.parse("yesterday", calendar: earlier).start == Day("2024-04-30"))
    }

    @Test("BOXOFFICE_TODAY pins today; a malformed value is a configuration error")
    func pinnedToday() throws {
        #expect(try SeoulCalendar.fromEnvironment(["BOXOFFICE_TODAY": "2022-02-01"]).yesterday == Day("2022-01-31"))
        #expect(throws: ConfigurationError.self) { try SeoulCalendar.fromEnvironment(["BOXOFFICE_TODAY": "tomorrow"]) }
    }

    @Test("error messages are one line and say what is accepted")
    func messages() {
        let long = String(repeating: "x", count: 10_000) + "\n\u{7}"
        let error = #expect(throws: DateRangeError.self) { try DateRange.parse(long, calendar: calendar) }
        let message = error?.errorDescription ?? ""
        #expect(!message.contains("\n"))
        #expect(message.count < 300)
        #expect(message.contains(DateRange.acceptedForms))
    }

    @Test("day arithmetic agrees with Foundation's Gregorian calendar")
    func dayArithmetic() {
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = TimeZone(secondsFromGMT: 0)!
        var day = Day("1999-12-25")
        for _ in 0..<3000 {
            let date = Date(timeIntervalSince1970: Double(day.ordinal) * 86_400)
            let parts = gregorian.dateComponents([.year, .month, .day, .weekday], from: date)
            #expect(parts.year == day.year && parts.month == day.month && parts.day == day.day)
            #expect((parts.weekday! + 5) % 7 + 1 == day.isoWeekday)
            #expect(Day(iso: day.iso) == day && Day(compact: day.compact) == day)
            day = day + 1
        }
    }

    @Test("from 15:00 UTC it is already tomorrow in Seoul (the README's calendar rule)")
    func seoulDayTurnsAtFifteenUTC() throws {
        let formatter = ISO8601DateFormatter()
        let before = try #require(formatter.date(from: "2025-03-09T14:59:59Z"))
        let at = try #require(formatter.date(from: "2025-03-09T15:00:00Z"))
        #expect(SeoulCalendar.day(containing: before).iso == "2025-03-09")
        #expect(SeoulCalendar.day(containing: at).iso == "2025-03-10")
    }
}
