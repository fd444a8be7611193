import Foundation

/// Reads a KOBIS chart body of the usual shape straight into its rows, without building the
/// ``JSONValue`` tree ``JSONReader`` builds for any JSON.
///
/// Measured (callgrind, a year's warm report, 730 cached charts): decoding the charts was a fifth
/// of the run's instructions, about 560,000 a chart, most of it making a String of every key and
/// an enum case, array and tuple of every value, only for the chart's rows to pick 17 fields out.
///
/// It reads a strict subset of JSON: objects whose values are strings without escapes, control
/// characters or invalid UTF-8, except the one list of row objects. Anything else (a fault, a
/// number, `null`, an escape, a trailing comma, a byte-order mark, nesting it does not expect)
/// makes it give up, returning nil, and the body is read by ``JSONReader``, whose answer (a value
/// or the error a malformed body deserves) is the one that counts. What it does read, it reads as
/// ``JSONReader`` would: the same strings, the last of a repeated key winning.
struct ChartBodyScanner {
    /// The result object's text fields (`showRange`, `yearWeekTime`, …) and the list's rows.
    struct Chart {
        var fields: [String: String] = [:]
        var rows: [RawChartRow]?
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The chart in `body`, whose rows are under `list`; nil when the body is not of the usual shape.
    static func scan(_ body: Data, list: String) -> Chart? {
        body.withUnsafeBytes { raw in
            var scanner = ChartBodyScanner(raw.bindMemory(to: UInt8.self))
            return scanner.envelope(list: Array(list.utf8))
        }
    }

    private mutating func envelope(list: [UInt8]) -> Chart? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var chart: Chart?
        guard
            members({ scanner, key in
                // Only the result: a fault, or anything else holding more than text, is JSONReader's.
                guard key.elementsEqual("boxOfficeResult".utf8) else { return scanner.string() != nil }
                chart = scanner.result(list: list)
                return chart != nil
            })
        else { return nil }
        skipWhitespace()
        return index == bytes.count ? chart : nil
    }

    private mutating func result(list: [UInt8]) -> Chart? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var chart = Chart()
        let read = members { scanner, key in
            if key.elementsEqual(list) {
                chart.rows = scanner.rows()
                return chart.rows != nil
            }
            guard let text = scanner.string() else { return false }
            chart.fields[String(decoding: key, as: UTF8.self)] = text
            return true
        }
        return read ? chart : nil
    }

    private mutating func rows() -> [RawChartRow]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var rows: [RawChartRow] = []
        if take(UInt8(ascii: "]")) { return rows }
        while true {
            guard take(UInt8(ascii: "{")) else { return nil }
            var row = RawChartRow()
            guard members({ scanner, key in
                let field = RawChartRow.field(key)
                // A field the row does not keep is read all the same: the body must be valid.
                guard let raw = scanner.rawString(), let text = Self.text(raw, making: field != nil) else { return false }
                if let field { row.set(field, text) }
                return true
            })
            else { return nil }
            rows.append(row)
            if take(UInt8(ascii: "]")) { return rows }
            guard take(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// An object's members after its `{`, through its `}`: `member` reads each value after its key
    /// and colon, and says whether it could.
    private mutating func members(_ member: (inout ChartBodyScanner, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        if take(UInt8(ascii: "}")) { return true }
        while true {
            // KOBIS's names are ASCII; any other is JSONReader's to judge.
            guard let key = rawString(), key.allSatisfy({ $0 < 0x80 }), take(UInt8(ascii: ":")), member(&self, key) else { return false }
            if take(UInt8(ascii: "}")) { return true }
            guard take(UInt8(ascii: ",")) else { return false }
        }
    }

    /// A string value, as ``JSONReader`` would read it, with ``Scalar``'s trimming.
    private mutating func string() -> String? {
        rawString().flatMap { Self.text($0, making: true) }
    }

    /// The text of a string's bytes as ``JSONReader`` and ``Scalar`` would make it; nil for
    /// invalid UTF-8. Without `making`, only checked ("" when valid).
    private static func text(_ raw: UnsafeBufferPointer<UInt8>, making: Bool) -> String? {
        var ascii = true
        for byte in raw where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii {
            guard making else { return "" }
            // Most values neither start nor end with white space: nothing to trim.
            if let first = raw.first, let last = raw.last, first > 0x20, last > 0x20 { return String(decoding: raw, as: UTF8.self) }
            return Scalar.trimmed(String(decoding: raw, as: UTF8.self))
        }
        let text = String(decoding: raw, as: UTF8.self)
        // Decoding repairs invalid UTF-8, which changes the bytes: such a body is JSONReader's.
        guard text.utf8.elementsEqual(raw) else { return nil }
        return making ? Scalar.trimmed(text) : ""
    }

    /// A string's bytes between its quotes, when it has no escape and no control character.
    private mutating func rawString() -> UnsafeBufferPointer<UInt8>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return UnsafeBufferPointer(rebasing: bytes[start..<index - 1])
            }
            guard byte != UInt8(ascii: "\\"), byte >= 0x20 else { return nil }
            index += 1
        }
        return nil
    }

    /// Skips white space, then takes `byte` when it comes next.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }
}
