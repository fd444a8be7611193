import Foundation

/// Answers "what day is it in Seoul", the calendar KOBIS publishes on.
///
/// Korea has kept UTC+9 without daylight saving since 1988, so a fixed offset is exact for every
/// date the tool accepts and needs no time-zone database on the machine.
package struct SeoulCalendar: Sendable {
    package static let utcOffsetSeconds = 9 * 3600

    /// Reads the current instant; injected so tests control time.
    package var now: @Sendable () -> Date
    /// A pinned "today" (from `BOXOFFICE_TODAY`), which wins over `now`.
    package var pinnedToday: Day?

    package init(now: @escaping @Sendable () -> Date = { Date() }, pinnedToday: Day? = nil) {
        self.now = now
        self.pinnedToday = pinnedToday
    }

    /// Today's date in Asia/Seoul.
    package var today: Day {
        if let pinnedToday { return pinnedToday }
        return Self.day(containing: now())
    }

    /// Yesterday in Asia/Seoul: the latest date KOBIS can have figures for.
    package var yesterday: Day { today - 1 }

    /// The Seoul date of an instant.
    package static func day(containing instant: Date) -> Day {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + utcOffsetSeconds
        return Day(ordinal: Int((Double(seconds) / 86_400).rounded(.down)))
    }

    /// The instant `day`'s charts stop being provisional: midnight in Seoul at the start of the
    /// second day after it. KOBIS corrects a day's figures until late morning of the next day
    /// (`../shared/docs/api-notes.md`, "Corrections after the fact"); two days back they are final.
    package static func finalFrom(_ day: Day) -> Date {
        Date(timeIntervalSince1970: TimeInterval((day + 2).ordinal) * 86_400 - TimeInterval(utcOffsetSeconds))
    }

    /// Builds the calendar from the environment: `BOXOFFICE_TODAY=yyyy-MM-dd` pins today, for
    /// reproducing a past run, and the clock with it (that date at the current time of day), so
    /// that what the run stores is dated as if fetched then and a later pinned run judges it alike.
    /// It may not lie ahead of the real date in Seoul by more than a day (clocks disagree by hours, not years: a far future "today" would mark every final chart
    /// provisional and ask KOBIS for days that have not happened), nor leave no day to report.
    package static func fromEnvironment(_ environment: [String: String], now: Date = Date()) throws -> SeoulCalendar {
        guard let pinned = environment["BOXOFFICE_TODAY"], !pinned.isEmpty else { return SeoulCalendar() }
        let earliest = DateRange.earliest + 1
        let latest = day(containing: now) + 1
        guard let day = Day(iso: pinned), earliest <= day, day <= latest else {
            throw ConfigurationError.invalidValue(
                name: "BOXOFFICE_TODAY", expected: "a date as YYYY-MM-DD from \(earliest.iso) to \(latest.iso) (tomorrow in Seoul)")
        }
        let shift = TimeInterval(day.ordinal - Self.day(containing: now).ordinal) * 86_400
        return SeoulCalendar(now: { Date().addingTimeInterval(shift) }, pinnedToday: day)
    }
}
