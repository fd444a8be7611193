import Foundation

/// The project's one JSON writer: bytes as `JSONEncoder` writes them with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (two spaces a level, `" : "` after a
/// key, `",\n"` between elements, an empty container as its brackets around a blank line), for the
/// values written from their fields: a report's days, periods, chart rows and films
/// (``DirectJSONObject``) and a table's rows (``TableJSON``). Anything else is Foundation's
/// `JSONEncoder`'s (``encode(_:)``, ``writeEncoded(_:)``), spliced in at its depth.
///
/// Why not `JSONEncoder` for everything: a twenty-year report's 84,000 chart rows, 8,400 days and
/// 3,700 films through it were a third of the run's CPU (1.0 s of 3.0 s, `perf` on the release
/// binary): its tree keeps every object in a `Dictionary` and asks the runtime of every value
/// whether it is a `Date`, `URL`, `Data` or `Dictionary`. `DirectJSONTests` holds these bytes to
/// `JSONEncoder`'s.
struct JSONWriter {
    var bytes: [UInt8] = []
    var level: Int

    init(level: Int) { self.level = level }

    /// Foundation's encoder, set as the report's JSON is written.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `value` as `JSONEncoder` writes it (NaN and infinities refused with its `EncodingError`).
    static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        [UInt8](try encoder.encode(value))
    }

    /// Appends `value` as `JSONEncoder` writes it, its lines indented from this writer's level
    /// (the first is not: the caller wrote what comes before it; a blank line stays blank).
    mutating func writeEncoded<T: Encodable>(_ value: T) throws {
        let encoded = try Self.encoder.encode(value)
        var newline = false
        for byte in encoded {
            if newline && byte != 0x0A { indent() }
            bytes.append(byte)
            newline = byte == 0x0A
        }
    }

    static let trueBytes = Swift.Array("true".utf8)
    static let falseBytes = Swift.Array("false".utf8)
    static let nullBytes = Swift.Array("null".utf8)

    mutating func indent() {
        for _ in 0..<level { bytes.append(0x20); bytes.append(0x20) }
    }

    /// A list as JSONEncoder's pretty printer writes one, each element written by `write` at
    /// the level inside the brackets.
    mutating func writeElements<Element>(of elements: [Element], _ write: (inout JSONWriter, Element) throws -> Void) rethrows {
        bytes.append(UInt8(ascii: "["))
        bytes.append(UInt8(ascii: "\n"))
        level += 1
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")); bytes.append(UInt8(ascii: "\n")) }
            indent()
            try write(&self, element)
        }
        bytes.append(UInt8(ascii: "\n"))
        level -= 1
        indent()
        bytes.append(UInt8(ascii: "]"))
    }

    /// JSONEncoder's key order: UTF-8 bytes, lexicographically.
    static func precedes(_ left: String, _ right: String) -> Bool {
        var left = left, right = right
        return left.withUTF8 { l in
            right.withUTF8 { r in
                let common = min(l.count, r.count)
                if common > 0, let lb = l.baseAddress, let rb = r.baseAddress {
                    let order = memcmp(lb, rb, common)
                    if order != 0 { return order < 0 }
                }
                return l.count < r.count
            }
        }
    }

    mutating func writeString(_ string: String) {
        var string = string
        bytes.append(UInt8(ascii: "\""))
        string.withUTF8 { utf8 in
            var mark = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                if index > mark { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark..<index])) }
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    let hex = Swift.Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
                mark = index + 1
            }
            if utf8.count > mark { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func writeInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        writeUnsigned(value.magnitude)
    }

    mutating func writeUnsigned(_ value: UInt64) {
        if value < 10 {
            bytes.append(UInt8(truncatingIfNeeded: value) + UInt8(ascii: "0"))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value
            var start = 20
            while rest > 0 {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: rest % 10) + UInt8(ascii: "0")
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    /// As JSONEncoder: the shortest digits that read back as the value (`description`), without
    /// a trailing ".0".
    mutating func writeDouble(_ value: Double) {
        if value == value.rounded(.towardZero), value.magnitude < 1e15, value != 0 || value.sign == .plus {
            writeInteger(Int64(value))
            return
        }
        // Most of a report's doubles are percentages to one decimal. When `tenths / 10` is the
        // double nearest a number of tenths, no shorter digits read back as it (it is not
        // whole), so its description is those tenths; written without making a String (a
        // fifth of the chart rows' JSON was `description`).
        let tenths = (value * 10).rounded()
        if value.magnitude < 1e14, value != 0, tenths / 10 == value {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            let magnitude = UInt64(tenths.magnitude)
            writeUnsigned(magnitude / 10)
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(truncatingIfNeeded: magnitude % 10) + UInt8(ascii: "0"))
            return
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }
}
