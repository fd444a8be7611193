import Foundation

/// A calendar date with no time or zone: the unit KOBIS charts are published in.
///
/// Arithmetic is on a day count (days since 1970-01-01), so ranges of thousands of days stay cheap.
package struct Day: Hashable, Comparable, Sendable, Strideable {
    /// Days since 1970-01-01.
    package let ordinal: Int

    package init(ordinal: Int) { self.ordinal = ordinal }

    /// Nil when the date does not exist (`2023-02-30`) or is out of the years 1..9999.
    package init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Day.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        ordinal = Day.ordinalFromCivil(year: year, month: month, day: day)
    }

    /// Parses `yyyy-MM-dd`.
    package init?(iso text: some StringProtocol) {
        let parts = Day.reading(text) { bytes -> (Int, Int, Int)? in
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                let y = Day.digits(bytes[0..<4]), let m = Day.digits(bytes[5..<7]), let d = Day.digits(bytes[8..<10])
            else { return nil }
            return (y, m, d)
        }
        guard let (y, m, d) = parts else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Parses `yyyyMMdd`.
    package init?(compact text: some StringProtocol) {
        let parts = Day.reading(text) { bytes -> (Int, Int, Int)? in
            guard bytes.count == 8, let y = Day.digits(bytes[0..<4]), let m = Day.digits(bytes[4..<6]), let d = Day.digits(bytes[6..<8])
            else { return nil }
            return (y, m, d)
        }
        guard let (y, m, d) = parts else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// `text`'s UTF-8 bytes read in place when they are contiguous (a native string's always
    /// are), without the array a copy makes: a twenty-year report reads 73,000 open dates.
    private static func reading<Result>(_ text: some StringProtocol, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Parses either `yyyy-MM-dd` or `yyyyMMdd`, after trimming white space; nil for blank or malformed text.
    package init?(lenient text: String) {
        if let day = Day(iso: text) ?? Day(compact: text) {
            self = day
            return
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed != text, let day = Day(iso: trimmed) ?? Day(compact: trimmed) else { return nil }
        self = day
    }

    package var year: Int { civil.year }
    package var month: Int { civil.month }
    package var day: Int { civil.day }

    /// `yyyy-MM-dd`.
    package var iso: String {
        let (y, m, d) = civil
        guard (0...9999).contains(y) else { return Day.pad(y, 4) + "-" + Day.pad(m, 2) + "-" + Day.pad(d, 2) }
        // Ten ASCII bytes, a String without a heap buffer, made without five concatenations: a
        // twenty-year daily CSV asks for 84,000 open dates.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { text in
            let zero = UInt8(ascii: "0")
            text[0] = zero + UInt8(y / 1000)
            text[1] = zero + UInt8(y / 100 % 10)
            text[2] = zero + UInt8(y / 10 % 10)
            text[3] = zero + UInt8(y % 10)
            text[4] = UInt8(ascii: "-")
            text[5] = zero + UInt8(m / 10)
            text[6] = zero + UInt8(m % 10)
            text[7] = UInt8(ascii: "-")
            text[8] = zero + UInt8(d / 10)
            text[9] = zero + UInt8(d % 10)
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// Appends ``iso``'s bytes to `bytes` without making a String: the JSON writes 90,000 dates over
    /// twenty years.
    package func appendISO(to bytes: inout [UInt8]) {
        let (y, m, d) = civil
        guard (0...9999).contains(y) else {
            bytes.append(contentsOf: iso.utf8)
            return
        }
        let zero = UInt8(ascii: "0")
        bytes.append(zero + UInt8(y / 1000))
        bytes.append(zero + UInt8(y / 100 % 10))
        bytes.append(zero + UInt8(y / 10 % 10))
        bytes.append(zero + UInt8(y % 10))
        bytes.append(UInt8(ascii: "-"))
        bytes.append(zero + UInt8(m / 10))
        bytes.append(zero + UInt8(m % 10))
        bytes.append(UInt8(ascii: "-"))
        bytes.append(zero + UInt8(d / 10))
        bytes.append(zero + UInt8(d % 10))
    }

    /// `yyyyMMdd`, the form KOBIS takes as `targetDt`.
    package var compact: String {
        let (y, m, d) = civil
        return Day.pad(y, 4) + Day.pad(m, 2) + Day.pad(d, 2)
    }

    /// 1 = Monday … 7 = Sunday.
    package var isoWeekday: Int { ((ordinal % 7 + 7) % 7 + 3) % 7 + 1 }

    /// The Monday of this day's week.
    package var weekStart: Day { self - (isoWeekday - 1) }

    /// The first day of this day's month.
    package var monthStart: Day { Day(ordinal: ordinal - (day - 1)) }

    /// The last day of this day's month.
    package var monthEnd: Day {
        let (y, m, _) = civil
        return Day(year: y, month: m, day: Day.daysIn(month: m, year: y))!
    }

    package static func < (lhs: Day, rhs: Day) -> Bool { lhs.ordinal < rhs.ordinal }
    package func distance(to other: Day) -> Int { other.ordinal - ordinal }
    package func advanced(by n: Int) -> Day { Day(ordinal: ordinal + n) }
    package static func + (lhs: Day, rhs: Int) -> Day { lhs.advanced(by: rhs) }
    package static func - (lhs: Day, rhs: Int) -> Day { lhs.advanced(by: -rhs) }

    // MARK: - Civil calendar (proleptic Gregorian), after Howard Hinnant's algorithms.

    private static func ordinalFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private var civil: (year: Int, month: Int, day: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func digits(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

extension Day: CustomStringConvertible {
    package var description: String { iso }
}

extension Day: Codable {
    package init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = Day(iso: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected yyyy-MM-dd, got \(text.debugDescription)")
        }
        self = day
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}
