import Foundation
import Testing

@testable import BoxOfficeModel

@Suite struct NamedPeriodTests {
    func days(_ holiday: String, _ year: String) -> String? {
        NamedPeriod.holiday(holiday, year: year)?.range.map { "\($0.start.iso)..\($0.end.iso)" }
    }

    @Test("a holiday is its official days and the weekend days and holidays they join")
    func holidays() {
        #expect(days("설날", "2024") == "2024-02-09..2024-02-12", "Fri to Mon, the substitute day included")
        #expect(days("chuseok", "2023") == "2023-09-28..2023-10-03", "six days: the temporary holiday and 개천절 join it")
        #expect(days("어린이날", "2025") == "2025-05-03..2025-05-06", "the weekend before, 부처님오신날 and the substitute day")
        #expect(days("광복절", "2024") == "2024-08-15..2024-08-15", "a Thursday alone")
        #expect(days("christmas", "2022") == "2022-12-24..2022-12-25", "Sunday, with its Saturday")
        #expect(days("연말연시", "2024") == "2024-12-31..2025-01-01")
        #expect(days("추석", "2031") == nil, "past the holiday table")
        #expect(NamedPeriod.holiday("설날", year: "24") == nil && NamedPeriod.holiday("추수감사절", year: "2024") == nil)
    }

    @Test("a season is KOFIC's peak months; a name gives back the period")
    func seasons() {
        let summer = NamedPeriod.season("summer", year: "2024")
        #expect(summer?.range == DateRange(start: Day(iso: "2024-07-01")!, end: Day(iso: "2024-08-31")!))
        #expect(NamedPeriod.season("winter", year: "2023")?.range == DateRange(start: Day(iso: "2023-12-01")!, end: Day(iso: "2024-02-29")!))
        for named in [summer!, NamedPeriod.holiday("어린이날", year: "2025")!] { #expect(NamedPeriod(name: named.name) == named, "\(named.name)") }
        #expect(NamedPeriod(name: "2024-07") == nil && NamedPeriod(name: "2020-2024") == nil)
    }
}
