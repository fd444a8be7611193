/// A Korean public holiday: its official Korean name and an English one.
package struct KoreanHoliday: Codable, Sendable, Equatable {
    package var ko: String
    package var en: String

    package init(ko: String, en: String) {
        self.ko = ko
        self.en = en
    }
}

/// Korea's public holidays from 2003 (KOBIS's first chart year) to 2030: 설날 and 추석 with the days
/// around them, 부처님오신날, substitute days, election days and one-off temporary holidays, so a
/// report can say that a date was one. The lunar holidays move every year and no service here
/// publishes them: the table is generated (scripts/holidays-table) and committed as data.
package enum KoreanHolidays {
    /// The holiday on `day`, if it is one; nil outside ``firstYear``…``lastYear`` too.
    package static func holiday(on day: Day) -> KoreanHoliday? { byDay[day] }

    /// Whether the table covers `day`'s year (outside it, "no holiday" means "not known").
    package static func covers(_ day: Day) -> Bool { (firstYear...lastYear).contains(day.year) }

    /// The same holiday a year earlier: the day last year that bears the holiday's name (설날 on
    /// 설날, a lunar date that moves; 광복절 on 15 August). A day that is two holidays at once is
    /// compared by the first the table names; substitute, temporary and election days have none.
    package static func sameHolidayLastYear(_ day: Day) -> Day? {
        guard let holiday = holiday(on: day),
            let name = holiday.ko.components(separatedBy: "; ").first(where: { name in
                !["대체", "임시", "선거"].contains { name.contains($0) }
            })
        else { return nil }
        return byName[day.year - 1]?[name]
    }

    /// Each year's days by holiday name (a day named twice is found under both).
    private static let byName: [Int: [String: Day]] = {
        var years: [Int: [String: Day]] = [:]
        for (day, holiday) in byDay {
            for name in holiday.ko.components(separatedBy: "; ") { years[day.year, default: [:]][name] = day }
        }
        return years
    }()

    private static let byDay: [Day: KoreanHoliday] = {
        var days: [Day: KoreanHoliday] = [:]
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, let day = Day(iso: String(fields[0])) else { continue }
            days[day] = KoreanHoliday(ko: String(fields[1]), en: String(fields[2]))
        }
        return days
    }()
}
