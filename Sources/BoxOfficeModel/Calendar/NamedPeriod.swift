import Foundation

/// A holiday or a season as a period (`--holiday 추석 2024`, `--season summer 2024`), as Korean
/// box-office news counts them: a holiday is its official days in the bundled holiday table plus
/// the weekend days and other holidays they join (2023's 추석 ran from Thursday 28 September to
/// Tuesday 3 October: six days); a season is the months of KOFIC's 성수기.
package enum NamedPeriod: Sendable, Equatable, Hashable {
    case holiday(Holiday, year: Int)
    case season(Season, year: Int)

    package enum Holiday: String, Sendable, CaseIterable {
        case seollal, chuseok, childrensDay = "childrens-day", liberationDay = "liberation-day", christmas, yearEnd = "year-end"

        /// The holiday table's name its official days carry (`설날 전날`, `설날`, `설날 다음날`).
        var tableName: String? {
            switch self {
            case .seollal: "설날"
            case .chuseok: "추석"
            case .childrensDay: "어린이날"
            case .liberationDay: "광복절"
            case .christmas: "기독탄신일"
            case .yearEnd: nil
            }
        }

        /// Its Korean and English names.
        package var names: (ko: String, en: String) {
            switch self {
            case .seollal: ("설날", "Seollal")
            case .chuseok: ("추석", "Chuseok")
            case .childrensDay: ("어린이날", "Children's Day")
            case .liberationDay: ("광복절", "Liberation Day")
            case .christmas: ("크리스마스", "Christmas")
            case .yearEnd: ("연말연시", "the year's end")
            }
        }

        /// What `--holiday` takes: its Korean name, its English one, or its code.
        static let spellings: [String: Holiday] = {
            var all: [String: Holiday] = ["설": .seollal, "성탄절": .christmas, "기독탄신일": .christmas, "새해": .yearEnd]
            for holiday in allCases {
                all[holiday.rawValue] = holiday
                all[holiday.names.ko] = holiday
                all[holiday.names.en.lowercased()] = holiday
            }
            return all
        }()
    }

    /// KOFIC's peak seasons: summer is July and August; winter is December and the January and
    /// February after it (`winter 2024`: 2024-12-01 to 2025-02-28).
    package enum Season: String, Sendable, CaseIterable {
        case summer, winter

        package var names: (ko: String, en: String) {
            switch self {
            case .summer: ("여름 성수기", "summer")
            case .winter: ("겨울 성수기", "winter")
            }
        }
    }

    /// `--holiday 추석 2024`'s two words, or nil (the error says which are known).
    package static func holiday(_ name: String, year: String) -> NamedPeriod? {
        guard let holiday = Holiday.spellings[name.trimmingCharacters(in: .whitespaces).lowercased()], let year = Self.year(year) else { return nil }
        return .holiday(holiday, year: year)
    }

    /// `--season summer 2024`'s two words, or nil.
    package static func season(_ name: String, year: String) -> NamedPeriod? {
        guard
            let season = Season(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased())
                ?? Season.allCases.first(where: { $0.names.ko == name }),
            let year = Self.year(year)
        else { return nil }
        return .season(season, year: year)
    }

    /// `--holiday NAME YEAR` or `--season NAME YEAR` as the command line gave them: nil for neither.
    package static func parse(holiday: [String], season: [String]) -> NamedPeriod? {
        if holiday.count == 2 { return Self.holiday(holiday[0], year: holiday[1]) }
        if season.count == 2 { return Self.season(season[0], year: season[1]) }
        return nil
    }

    /// What is wrong with `--holiday` and `--season` as given, in one line.
    package static func validate(holiday: [String], season: [String]) throws(NamedPeriodError) {
        if !holiday.isEmpty, !season.isEmpty { throw .both }
        if !holiday.isEmpty, holiday.count != 2 || Self.holiday(holiday[0], year: holiday[1]) == nil {
            throw .holiday(holiday.joined(separator: " "))
        }
        if !season.isEmpty, season.count != 2 || Self.season(season[0], year: season[1]) == nil { throw .season(season.joined(separator: " ")) }
        if let named = parse(holiday: holiday, season: season), named.range == nil { throw .notInHolidayTable(named) }
    }

    static func year(_ text: String) -> Int? { text.count == 4 && text.allSatisfy(\.isASCIIDigitCharacter) ? Int(text) : nil }

    /// The names `--holiday` takes, for its help and its error.
    package static let holidayNames = "설날 (seollal), 추석 (chuseok), 어린이날 (childrens-day), 광복절 (liberation-day), 크리스마스 (christmas), 연말연시 (year-end)"

    package var year: Int {
        switch self {
        case .holiday(_, let year), .season(_, let year): year
        }
    }

    /// The same holiday or season in another year.
    package func inYear(_ year: Int) -> NamedPeriod {
        switch self {
        case .holiday(let holiday, _): .holiday(holiday, year: year)
        case .season(let season, _): .season(season, year: year)
        }
    }

    /// `chuseok-2024`, `summer-2024`: the files' name for it.
    package var name: String {
        switch self {
        case .holiday(let holiday, let year): "\(holiday.rawValue)-\(year)"
        case .season(let season, let year): "\(season.rawValue)-\(year)"
        }
    }

    /// The period a file name gives (``name``), or nil.
    package init?(name: String) {
        let parts = name.split(separator: "-")
        guard parts.count >= 2, let year = Self.year(String(parts.last!)) else { return nil }
        let key = parts.dropLast().joined(separator: "-")
        if let holiday = Holiday(rawValue: key) {
            self = .holiday(holiday, year: year)
        } else if let season = Season(rawValue: key) {
            self = .season(season, year: year)
        } else {
            return nil
        }
    }

    /// Its names in Korean and English: `2024년 추석`, `Chuseok 2024`.
    package var names: (ko: String, en: String) {
        switch self {
        case .holiday(let holiday, let year): ("\(year)년 \(holiday.names.ko)", "\(holiday.names.en) \(year)")
        case .season(let season, let year): ("\(year)년 \(season.names.ko)", "The \(season.names.en) of \(year)")
        }
    }

    /// What it is in any year: `추석`, `Chuseok holidays`; `여름 성수기`, `summer seasons`.
    package var kindNames: (ko: String, en: String) {
        switch self {
        case .holiday(let holiday, _): (holiday.names.ko, holiday.names.en.replacingOccurrences(of: "the ", with: "") + " holidays")
        case .season(let season, _): (season.names.ko, season.names.en + " seasons")
        }
    }

    /// Its days: a season's months; a holiday's official days and the weekend days and holidays
    /// around them. Nil for a holiday the table does not have that year.
    package var range: DateRange? {
        switch self {
        case .season(.summer, let year): return DateRange(start: Day(year: year, month: 7, day: 1)!, end: Day(year: year, month: 8, day: 31)!)
        case .season(.winter, let year):
            return DateRange(start: Day(year: year, month: 12, day: 1)!, end: Day(year: year + 1, month: 3, day: 1)! - 1)
        case .holiday(let holiday, let year):
            let seeds: [Day]
            if let name = holiday.tableName {
                seeds = (0..<366).compactMap { offset in
                    let day = Day(year: year, month: 1, day: 1)! + offset
                    guard day.year == year, let found = KoreanHolidays.holiday(on: day) else { return nil }
                    return found.ko.components(separatedBy: "; ").contains { $0.contains(name) && !$0.contains("대체") } ? day : nil
                }
            } else {
                seeds = [Day(year: year, month: 12, day: 31)!, Day(year: year + 1, month: 1, day: 1)!]
            }
            guard var start = seeds.min(), var end = seeds.max(), KoreanHolidays.covers(start), KoreanHolidays.covers(end) else { return nil }
            func joins(_ day: Day) -> Bool { day.isoWeekday >= 6 || KoreanHolidays.holiday(on: day) != nil }
            while joins(start - 1) { start = start - 1 }
            while joins(end + 1) { end = end + 1 }
            return DateRange(start: start, end: end)
        }
    }
}

/// `--holiday` or `--season` given wrong.
package enum NamedPeriodError: Error, Equatable, LocalizedError {
    case both
    case holiday(String)
    case season(String)
    /// A holiday the bundled table does not have that year.
    case notInHolidayTable(NamedPeriod)

    package var errorDescription: String? {
        switch self {
        case .both: "give --holiday or --season, not both"
        case .holiday(let given): "--holiday takes a holiday and a year (추석 2024), not '\(given)'; the holidays: \(NamedPeriod.holidayNames)"
        case .season(let given): "--season takes summer or winter and a year (summer 2024), not '\(given)'"
        case .notInHolidayTable(let named):
            "the bundled holiday table has no \(named.names.en) (it covers \(KoreanHolidays.firstYear) to \(KoreanHolidays.lastYear))"
        }
    }
}
