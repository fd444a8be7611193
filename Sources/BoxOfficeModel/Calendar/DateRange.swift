import Foundation

/// An inclusive range of Seoul dates that satisfies the calendar rule.
///
/// The rule: no date before ``DateRange/earliest`` (2003-11-11), and nothing from today in Seoul on,
/// since today's figures do not exist yet.
package struct DateRange: Hashable, Sendable, Sequence {
    /// The first date KOBIS daily charts can be asked for.
    package static let earliest = Day(year: 2003, month: 11, day: 11)!

    /// The forms `parse(_:calendar:)` accepts, as one line for error messages and help.
    package static let acceptedForms =
        "YYYY-MM-DD, YYYYMMDD, YYYY-MM, yesterday, last-N-days, or FROM..TO made of those"

    /// The forms and the calendar rule, for a command's `--help`.
    package static var helpText: String {
        "YYYY-MM-DD, YYYYMMDD, YYYY-MM, yesterday, last-N-days or FROM..TO, \(earliest.iso) to yesterday"
    }

    package let start: Day
    package let end: Day

    /// A range checked only for order; use `parse(_:calendar:)` for user input.
    package init(start: Day, end: Day) {
        precondition(start <= end, "DateRange start after end")
        self.start = start
        self.end = end
    }

    package var dayCount: Int { start.distance(to: end) + 1 }
    package var days: [Day] { Array(start...end) }
    package func makeIterator() -> ClosedRange<Day>.Iterator { (start...end).makeIterator() }
    package func contains(_ day: Day) -> Bool { start <= day && day <= end }

    /// From 1 January to a day of the same year: a calendar year, or its days so far.
    package var isYearToDate: Bool { start.month == 1 && start.day == 1 && end.year == start.year }
    /// From 1 January to 31 December of one year.
    package var isCalendarYear: Bool { isYearToDate && end.month == 12 && end.day == 31 }

    /// `2022-01-01_2022-01-31`, or `2022-01-05` for a single day: the stem of report file names.
    package var fileStem: String { start == end ? start.iso : "\(start.iso)_\(end.iso)" }

    /// `2022-01-01 – 2022-01-31`, or the single date, for people.
    package var displayText: String { start == end ? start.iso : "\(start.iso) – \(end.iso)" }

    /// Parses a user's range and applies the calendar rule relative to `calendar.today`: nothing
    /// after `latest`, yesterday unless said otherwise (`boxoffice calendar` looks ahead).
    ///
    /// A month (`2022-01`) is clipped to the allowed window; an explicit date outside it is an error.
    package static func parse(_ text: String, calendar: SeoulCalendar, latest: Day? = nil) throws(DateRangeError) -> DateRange {
        let yesterday = calendar.today - 1
        let ahead = (latest ?? yesterday) > yesterday
        let latest = latest ?? yesterday
        let input = text.trimmingCharacters(in: .whitespaces)
        let range: DateRange
        if let separator = input.range(of: "..") {
            let left = String(input[..<separator.lowerBound])
            let right = String(input[separator.upperBound...])
            let from = try endpoint(left, whole: input, yesterday: yesterday)
            let to = try endpoint(right, whole: input, yesterday: yesterday)
            let start = from.clipped ? Swift.max(from.start, earliest) : from.start
            let end = to.clipped ? Swift.min(to.end, latest) : to.end
            guard start <= end else { throw .reversed(input) }
            range = DateRange(start: start, end: end)
        } else if let n = lastNDays(input) {
            guard n >= 1 else { throw .unrecognized(input) }
            guard n <= yesterday.ordinal - earliest.ordinal + 1 else {
                throw .outOfBounds(input: input, day: nil, earliest: earliest, latest: latest, ahead: ahead)
            }
            range = DateRange(start: yesterday - (n - 1), end: yesterday)
        } else {
            let single = try endpoint(input, whole: input, yesterday: yesterday)
            let start = single.clipped ? Swift.max(single.start, earliest) : single.start
            let end = single.clipped ? Swift.min(single.end, latest) : single.end
            guard start <= end else {
                throw .outOfBounds(input: input, day: nil, earliest: earliest, latest: latest, ahead: ahead)
            }
            range = DateRange(start: start, end: end)
        }
        for day in [range.start, range.end] where day < earliest || day > latest {
            throw .outOfBounds(input: input, day: day, earliest: earliest, latest: latest, ahead: ahead)
        }
        return range
    }

    /// One side of a range: a day, a month (clipped later), or a keyword.
    private static func endpoint(_ text: String, whole: String, yesterday: Day) throws(DateRangeError) -> (start: Day, end: Day, clipped: Bool) {
        let token = text.trimmingCharacters(in: .whitespaces).lowercased()
        if token == "yesterday" { return (yesterday, yesterday, false) }
        // Only a range that may look ahead (`calendar`) takes it: for a chart it is past the latest day.
        if token == "today" { return (yesterday + 1, yesterday + 1, false) }
        if let day = Day(iso: token) ?? Day(compact: token) { return (day, day, false) }
        if let month = month(token) { return (month.monthStart, month.monthEnd, true) }
        if looksLikeDate(token) { throw .impossibleDate(text.trimmingCharacters(in: .whitespaces)) }
        throw .unrecognized(whole)
    }

    /// `YYYY-MM` as its first day.
    private static func month(_ token: String) -> Day? {
        let parts = token.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigitCharacter) }),
            let y = Int(parts[0]), let m = Int(parts[1])
        else { return nil }
        return Day(year: y, month: m, day: 1)
    }

    /// True for text shaped like a date whose fields are out of range (`2023-02-30`, `20231301`, `2023-13`).
    private static func looksLikeDate(_ token: String) -> Bool {
        let shape = String(token.map { $0.isASCIIDigitCharacter ? "9" : $0 })
        return ["9999-99-99", "99999999", "9999-99"].contains(shape)
    }

    /// N from `last-N-days`.
    private static func lastNDays(_ token: String) -> Int? {
        let lower = token.lowercased()
        guard lower.hasPrefix("last-"), lower.hasSuffix("-days") else { return nil }
        let middle = lower.dropFirst("last-".count).dropLast("-days".count)
        guard !middle.isEmpty, middle.count <= 6, middle.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        return Int(middle)
    }
}

extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
