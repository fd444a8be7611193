import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput

/// The days, periods and their chart rows are written from field tables (``DirectJSONObject``), not through
/// `encode(to:)`: they must come out as `JSONEncoder` writes them, whichever fields are set.
@Suite("Direct JSON of days, periods and rows")
struct DirectJSONTests {
    static func reference<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func direct<T: DirectJSONObject>(_ value: T) throws -> String {
        var writer = JSONWriter(level: 0)
        try writer.writeFields(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A row with every optional field set, and odd values in each.
    static func fullRow(_ row: DayEntry) -> DayEntry {
        var row = row
        row.rankChange = -3
        row.openDate = Day("2003-11-11")
        row.dayOfRelease = -1
        row.audienceChangePercent = -0.0
        row.salesSharePercent = 0.05
        row.salesChangePercent = 1e20
        row.audiencePerScreen = 12.25
        row.audiencePerShowing = 0.1
        row.averageTicketPrice = Int64.max
        row.partition = ChartPartition.allCases.last
        row.audienceLastWeek = Int64.min
        row.audienceChangeLastWeekPercent = -99.9
        row.watched = false
        row.screensChange = 0
        row.rankExact = true
        row.title = "\"따옴표\" \\ / </script>\n\t\u{1}"
        return row
    }

    static func emptyRow(_ row: DayEntry) -> DayEntry {
        var row = row
        row.rankChange = nil
        row.openDate = nil
        row.dayOfRelease = nil
        row.audiencePerScreen = nil
        row.audiencePerShowing = nil
        row.averageTicketPrice = nil
        row.partition = nil
        row.audienceLastWeek = nil
        row.audienceChangeLastWeekPercent = nil
        row.watched = nil
        row.screensChange = nil
        row.rankExact = nil
        return row
    }

    @Test("a chart row with every optional field, and with none, is written as JSONEncoder writes it")
    func rows() async throws {
        let sample = try await TestReports.sample()
        let row = try #require(sample.days.first?.entries.first)
        for variant in [row, Self.fullRow(row), Self.emptyRow(row)] {
            #expect(try Self.direct(variant) == Self.reference(variant))
        }
    }

    @Test("a day with every optional part, and with none, is written as JSONEncoder writes it")
    func days() async throws {
        let sample = try await TestReports.sample()
        var day = try #require(sample.days.first)
        let year = YearEarlier(start: Day("2025-01-01"), end: Day("2025-01-07"), audience: 10, sales: 20, comparedWith: (audience: 15, sales: 5))
        day.holiday = KoreanHoliday(ko: "설날", en: "Seollal")
        day.lastYear = year
        day.holidayLastYear = year
        day.yearToDate = YearToDate(start: Day("2026-01-01"), end: day.date, audience: 1, sales: 2, lastYear: year)
        day.estimatedMarketSales = 123
        day.chartedSalesSharePercent = 99.9
        day.provisional = true
        day.depth = .top40
        day.entries = day.entries.map(Self.fullRow) + day.entries.map(Self.emptyRow)
        #expect(try Self.direct(day) == Self.reference(day))
        day.holiday = nil
        day.lastYear = nil
        day.holidayLastYear = nil
        day.yearToDate = nil
        day.estimatedMarketSales = nil
        day.chartedSalesSharePercent = nil
        day.entries = []
        #expect(try Self.direct(day) == Self.reference(day))
    }

    @Test("a year-earlier figure and a year to date, with their changes and without, are written as JSONEncoder writes them")
    func yearFigures() throws {
        var year = YearEarlier(start: Day("2024-01-01"), end: Day("2024-12-31"), audience: 10, sales: 20, comparedWith: (audience: 15, sales: 5))
        #expect(year.audienceChangePercent == 50 && year.salesChangePercent == -75)
        #expect(try Self.direct(year) == Self.reference(year))
        var toDate = YearToDate(start: Day("2025-01-01"), end: Day("2025-03-02"), audience: 0, sales: Int64.max, lastYear: year)
        #expect(try Self.direct(toDate) == Self.reference(toDate))
        year.audienceChangePercent = nil
        year.salesChangePercent = -0.0
        toDate.lastYear = year
        #expect(try Self.direct(year) == Self.reference(year))
        #expect(try Self.direct(toDate) == Self.reference(toDate))
        #expect(Mirror(reflecting: year).children.count == YearEarlier.JSONField.allCases.count)
        #expect(Mirror(reflecting: toDate).children.count == YearToDate.JSONField.allCases.count)
    }

    @Test("a film with every optional field, and with none, is written as JSONEncoder writes it")
    func films() async throws {
        let sample = try await TestReports.sample()
        let withTMDB = sample.films.first { $0.tmdb != nil }
        var film = try #require(sample.films.first)
        film.tmdb = withTMDB?.tmdb
        film.tmdbMatch = .exact
        film.tmdbReason = "pinned \"by\" the user"
        film.openDate = Day("2025-03-01")
        film.audiencePerScreen = 0.15
        film.watchGrade = "15세이상관람가"
        film.runtimeMinutes = 0
        film.audienceLastWeek = 0
        film.audienceChangeLastWeekPercent = -100
        film.numberOneStreak = Streak(movieCode: film.movieCode, start: Day("2025-03-01"), end: Day("2025-03-03"), length: 3, atLeast: true)
        film.milestones = [
            Milestone(threshold: 1_000_000, date: Day("2025-03-02"), dayOfRelease: 2),
            Milestone(threshold: 2_000_000, date: Day("2025-03-05"), dayOfRelease: nil),
            Milestone(threshold: 3_000_000, date: Day("2025-03-09"), dayOfRelease: -1, earliestDate: Day("2025-03-03")),
        ]
        film.genres = ["\"따옴표\" \\ / </script>\n\t\u{1}", ""]
        film.openingDay = RunFigure(start: Day("2025-03-01"), end: Day("2025-03-01"), audience: 1, sales: 2, rank: 1)
        film.openingWeekend = RunFigure(start: Day("2025-03-01"), end: Day("2025-03-02"), audience: 3, sales: 4)
        film.bestDay = film.openingDay
        film.daysInRelease = 5
        film.watched = true
        film.nations = ["한국", "미국"]
        film.distributors = []
        film.firstToLastMethod = .chartedSum
        #expect(try Self.direct(film) == Self.reference(film))
        film.tmdb = nil
        film.tmdbMatch = nil
        film.tmdbReason = nil
        film.openDate = nil
        film.audiencePerScreen = nil
        film.watchGrade = nil
        film.runtimeMinutes = nil
        film.audienceLastWeek = nil
        film.audienceChangeLastWeekPercent = nil
        film.numberOneStreak = nil
        film.milestones = []
        film.openingDay = nil
        film.openingWeekend = nil
        film.bestDay = nil
        film.daysInRelease = nil
        film.watched = nil
        #expect(try Self.direct(film) == Self.reference(film))
        // Every stored property is in the JSON but `distributorCompanies`, which the market tables
        // read (the JSON names the distributors in `distributor`).
        #expect(Mirror(reflecting: film).children.count == FilmRanking.JSONField.allCases.count + 1)
        #expect(Mirror(reflecting: film).children.contains { $0.label == "distributorCompanies" })
        let milestone = Milestone(threshold: 1, date: Day("2025-03-02"), dayOfRelease: nil)
        let figure = RunFigure(start: Day("2025-03-01"), end: Day("2025-03-01"), audience: 1, sales: 2)
        let streak = Streak(movieCode: "1", start: Day("2025-03-01"), end: Day("2025-03-01"), length: 1, atLeast: false)
        #expect(Mirror(reflecting: milestone).children.count == Milestone.JSONField.allCases.count)
        #expect(Mirror(reflecting: figure).children.count == RunFigure.JSONField.allCases.count)
        #expect(Mirror(reflecting: streak).children.count == Streak.JSONField.allCases.count)
        #expect(try Self.direct(streak) == Self.reference(streak))
    }

    @Test("a period with every optional part, and with none, is written as JSONEncoder writes it")
    func periods() async throws {
        let weekend = try await TestReports.weekend()
        var chart = try #require(weekend.periods.first)
        chart.provisional = true
        chart.audienceChangePercent = -0.0
        chart.salesChangePercent = 12.5
        chart.estimatedMarketSales = 1
        chart.chartedSalesSharePercent = 100
        chart.isoWeek = "2026-W47 \"</script>"
        chart.lastYear = YearEarlier(
            start: Day("2025-01-03"), end: Day("2025-01-05"), audience: 10, sales: 20, comparedWith: (audience: 15, sales: 5))
        chart.entries = chart.entries.map(Self.fullRow) + chart.entries.map(Self.emptyRow)
        #expect(try Self.direct(chart) == Self.reference(chart))
        chart.audienceChangePercent = nil
        chart.salesChangePercent = nil
        chart.estimatedMarketSales = nil
        chart.chartedSalesSharePercent = nil
        chart.lastYear = nil
        chart.entries = []
        #expect(try Self.direct(chart) == Self.reference(chart))
        #expect(Mirror(reflecting: chart).children.count == PeriodReport.JSONField.allCases.count)
    }

    @Test("every stored property of a day and a row has a field in its table")
    func complete() async throws {
        let sample = try await TestReports.sample()
        let day = try #require(sample.days.first)
        let row = try #require(day.entries.first)
        #expect(Mirror(reflecting: day).children.count == DayReport.JSONField.allCases.count)
        #expect(Mirror(reflecting: row).children.count == DayEntry.JSONField.allCases.count)
    }

    @Test("a value JSON cannot hold in a row is an error naming its key")
    func invalid() async throws {
        var row = try #require(try await TestReports.sample().days.first?.entries.first)
        row.audiencePerScreen = .infinity
        #expect {
            try Self.direct(row)
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["audience_per_screen"]
        }
    }

    @Test("doubles are written with JSONEncoder's digits: tenths, hundredths, whole, tiny, huge, negative zero")
    func doubles() throws {
        var values: [Double] = [
            -0.0, 0, 0.1, -0.1, 0.05, 0.15, 1.05, 99.95, 100, 1e14 + 0.5, 1e15, 1e16, 123456789.1, 1e-7, 0.3, .leastNonzeroMagnitude,
            -.greatestFiniteMagnitude,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let tenths = Int64.random(in: -10_000_000...10_000_000, using: &generator)
            values.append(Double(tenths) / 10)
            values.append(Double(tenths) / 100)
            values.append(Double.random(in: -1e6...1e6, using: &generator))
        }
        var writer = JSONWriter(level: 0)
        for value in values {
            writer.bytes.removeAll(keepingCapacity: true)
            writer.writeDouble(value)
            let reference = try Self.reference([value]).dropFirst(4).dropLast(2)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == reference, "\(value)")
        }
    }
}
