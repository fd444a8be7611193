import Foundation

/// Numbers and dates formatted for people reading a report, the same in every locale.
package enum PeopleFormat {
    /// `1,234,567`.
    package static func grouped(_ value: Int64) -> String {
        // The digits and commas written backwards into one small buffer: walking the digits'
        // Characters and counting them again at each one cost 4,000 instructions a number, 1.7% of
        // a twenty-year weekly report.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { text in
            var rest = value.magnitude
            var start = text.count
            var written = 0
            repeat {
                if written > 0, written % 3 == 0 {
                    start -= 1
                    text[start] = UInt8(ascii: ",")
                }
                start -= 1
                text[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                written += 1
            } while rest > 0
            let digits = String(decoding: UnsafeBufferPointer(rebasing: text[start...]), as: UTF8.self)
            return value < 0 ? "−" + digits : digits
        }
    }

    /// `+1,234`, `−567`, `0`.
    package static func signed(_ value: Int64) -> String {
        value > 0 ? "+" + grouped(value) : grouped(value)
    }

    /// Won in the units Korean readers use: `₩1.23조` (10¹²), `₩58.5억` (10⁸), `₩2,514만` (10⁴, from
    /// ₩1,000,000 on, where rounding to 만 loses little), `₩44,500`.
    package static func won(_ value: Int64) -> String {
        let magnitude = Double(value.magnitude)
        let sign = value < 0 ? "−" : ""
        // One format a unit, so a column never reads ₩1억 above ₩1.6억: 억 with one decimal below
        // 100억, whole from it; 조 with two decimals.
        if magnitude >= 1e12 { return sign + "₩" + printf(magnitude / 1e12, places: 2) + "조" }
        if magnitude >= 1e10 { return sign + "₩" + grouped(Int64((magnitude / 1e8).rounded())) + "억" }
        if magnitude >= 1e8 { return sign + "₩" + printf(magnitude / 1e8, places: 1) + "억" }
        if magnitude >= 1e6 { return sign + "₩" + grouped(Int64((magnitude / 1e4).rounded())) + "만" }
        return sign + "₩" + grouped(Int64(magnitude))
    }

    /// Admissions as Korean news counts them: `100만`, `1,000만`, `1,050만`; below 10,000 as is.
    package static func manwon(_ value: Int64) -> String {
        guard value >= 10_000 else { return grouped(value) }
        let man = value / 10_000
        let rest = value % 10_000
        return grouped(man) + "만" + (rest == 0 ? "" : " " + grouped(rest))
    }

    /// `34.2%`.
    package static func percent(_ value: Double, places: Int = 1) -> String {
        printf(value, places: places) + "%"
    }

    /// `+12.5%`, `−3.0%`.
    package static func signedPercent(_ value: Double) -> String {
        let text = printf(abs(value), places: 1) + "%"
        return value > 0 ? "+" + text : value < 0 ? "−" + text : text
    }

    /// `NEW`, `▲2`, `▼1`, or `–` for no change.
    package static func rankMarker(isNew: Bool, change: Int) -> String {
        if isNew { return "NEW" }
        if change > 0 { return "▲\(change)" }
        if change < 0 { return "▼\(-change)" }
        return "–"
    }

    /// `Mon`…`Sun`.
    package static func weekday(_ day: Day) -> String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][day.isoWeekday - 1]
    }

    /// `123.4`, one decimal.
    package static func decimal(_ value: Double, places: Int = 1) -> String {
        fixed(value, places: places)
    }

    /// `value` rounded half away from zero to `places` decimals (0…6), with a `.` point in every
    /// locale; the same text `%.Nf` gives for the values reports hold, without its cost per call.
    package static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite, abs(value) < 1e15, (0...6).contains(places) else { return String(format: "%.\(places)f", locale: nil, value) }
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let magnitude = (abs(value) * Double(scale)).rounded()
        // Beyond what Int64 holds (a 10¹³ value at six places), printf's text.
        guard magnitude < 9e18 else { return String(format: "%.\(places)f", locale: nil, value) }
        // The digits written backwards into one small buffer: a String of at most 22 bytes, made
        // without the four a concatenation made (a twenty-year daily CSV has 250,000 such cells).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { text in
            var rest = Int64(magnitude)
            var start = text.count
            func put(_ byte: UInt8) {
                start -= 1
                text[start] = byte
            }
            if places > 0 {
                for _ in 0..<places {
                    put(UInt8(ascii: "0") + UInt8(rest % 10))
                    rest /= 10
                }
                put(UInt8(ascii: "."))
            }
            repeat {
                put(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            } while rest > 0
            if value < 0, magnitude != 0 { put(UInt8(ascii: "-")) }
            return String(decoding: UnsafeBufferPointer(rebasing: text[start...]), as: UTF8.self)
        }
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// A number with at most `places` decimals and no trailing zeros: `58.5`, `12`.
    package static func trimmed(_ value: Double, places: Int) -> String {
        var text = printf(value, places: places)
        if text.utf8.contains(UInt8(ascii: ".")) {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// `value` as `String(format: "%.Nf", locale: nil, value)` writes it, `places` being N:
    /// Foundation hands a floating-point conversion to the C library's `snprintf`, which this calls
    /// straight, without the format string parsed into a CFString and the result bridged back on
    /// every call (3.6% of a month's warm report's CPU went on that, for a few hundred numbers).
    /// Text other than a `-`, digits and a `.` (an infinity, a locale's decimal comma) and longer
    /// text are left to `String(format:)`; a test holds the two to the same text.
    static func printf(_ value: Double, places: Int) -> String {
        // Where the scaled value is not within a millionth of a half, rounding it (``fixed(_:places:)``)
        // gives printf's correctly rounded text, without the va_list, whose building cast each
        // argument at run time: 3,300 instructions a call, 18,000 calls in a twenty-year weekly
        // report. Near a half (2.675 is 2.67499… in binary), a negative value (printf writes
        // "-0.0"), large or odd values: printf.
        if value.isFinite, value.sign == .plus, (0...6).contains(places) {
            let scaled = value * Self.powersOfTen[places]
            if scaled < 1e9, abs(scaled - scaled.rounded(.down) - 0.5) > 1e-6 { return fixed(value, places: places) }
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 48) { buffer -> String in
            let base = buffer.baseAddress!
            let written = withVaList([Int32(places), value]) { vsnprintf(base, buffer.count, "%.*f", $0) }
            guard written > 0, written < buffer.count else { return String(format: "%.\(places)f", locale: nil, value) }
            let bytes = UnsafeRawBufferPointer(start: base, count: Int(written))
            for byte in bytes
            where !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) && byte != UInt8(ascii: ".") && byte != UInt8(ascii: "-") {
                return String(format: "%.\(places)f", locale: nil, value)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
