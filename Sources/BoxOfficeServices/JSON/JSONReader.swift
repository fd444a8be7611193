import Foundation

/// Reads JSON text (RFC 8259) into ``JSONValue``s, strictly: anything that is not valid JSON,
/// including invalid UTF-8 and lone surrogate escapes, is rejected. Like Foundation's readers, it
/// forgives a trailing comma and a leading byte-order mark.
///
/// KOBIS bodies are read with this rather than `JSONDecoder`: a twenty-year report reads 8,400
/// cached charts, and the general decoder's per-field bookkeeping was most of that run's time.
package enum JSONReader {
    /// True when `body` is, at a glance, a JSON object (what both services always send); anything
    /// else (an HTML page from a proxy, a cut-off body) is a damaged answer.
    package static func looksLikeObject(_ body: Data) -> Bool {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        guard let first = body.first(where: { !isSpace($0) }), let last = body.last(where: { !isSpace($0) }) else { return false }
        return first == UInt8(ascii: "{") && last == UInt8(ascii: "}")
    }

    struct Invalid: Error, Equatable {
        /// Byte offset where reading failed.
        let offset: Int
    }

    /// Nesting deeper than this is refused rather than risking the stack.
    static let maximumDepth = 256

    static func read(_ bytes: some Collection<UInt8>) throws(Invalid) -> JSONValue {
        let result: Result<JSONValue, Invalid>? = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(Invalid) in try read(buffer) }
        }
        if let result { return try result.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBufferPointer { buffer throws(Invalid) in try read(buffer) }
    }

    static func read(_ buffer: UnsafeBufferPointer<UInt8>) throws(Invalid) -> JSONValue {
        var parser = Parser(bytes: buffer)
        // A UTF-8 byte-order mark is tolerated, as Foundation's readers do.
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { parser.index = 3 }
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == buffer.count else { throw Invalid(offset: parser.index) }
        return value
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        func fail() -> Invalid { Invalid(offset: index) }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(Invalid) -> JSONValue {
            skipWhitespace()
            guard index < bytes.count else { throw fail() }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return .number(try number())
            }
        }

        mutating func literal(_ word: StaticString) throws(Invalid) {
            let count = word.utf8CodeUnitCount
            guard bytes.count - index >= count else { throw fail() }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw fail() }
            index += count
        }

        mutating func object(depth: Int) throws(Invalid) -> JSONValue {
            guard depth <= JSONReader.maximumDepth else { throw fail() }
            index += 1
            var fields: [(key: String, value: JSONValue)] = []
            if closes(UInt8(ascii: "}")) { return .object(fields) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail() }
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail() }
                index += 1
                fields.append((key, try value(depth: depth)))
                if try endOfMember(UInt8(ascii: "}")) { return .object(fields) }
            }
        }

        mutating func array(depth: Int) throws(Invalid) -> JSONValue {
            guard depth <= JSONReader.maximumDepth else { throw fail() }
            index += 1
            var elements: [JSONValue] = []
            if closes(UInt8(ascii: "]")) { return .array(elements) }
            while true {
                elements.append(try value(depth: depth))
                if try endOfMember(UInt8(ascii: "]")) { return .array(elements) }
            }
        }

        /// Skips white space, then takes `close` when it comes next.
        mutating func closes(_ close: UInt8) -> Bool {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == close else { return false }
            index += 1
            return true
        }

        /// After an object's field or an array's element: true when `close` ends the container
        /// (a trailing comma before it is forgiven, as Foundation's readers forgive it), false after
        /// a comma with more to come.
        mutating func endOfMember(_ close: UInt8) throws(Invalid) -> Bool {
            if closes(close) { return true }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { throw fail() }
            index += 1
            return closes(close)
        }

        /// A string starting at the opening quote; the index ends after the closing one.
        mutating func string() throws(Invalid) -> String {
            index += 1
            let start = index
            var ascii = true
            // Most strings have no escapes: take their bytes as they are.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    let text = ascii ? String(decoding: raw, as: UTF8.self) : try utf8(raw)
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                guard byte >= 0x20 else { throw fail() }
                ascii = ascii && byte < 0x80
                index += 1
            }
            var unescaped = Array(bytes[start..<index])
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return try unescaped.withUnsafeBufferPointer { buffer throws(Invalid) in try utf8(buffer) }
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { throw fail() }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escape)
                    case UInt8(ascii: "b"): unescaped.append(0x08)
                    case UInt8(ascii: "f"): unescaped.append(0x0C)
                    case UInt8(ascii: "n"): unescaped.append(0x0A)
                    case UInt8(ascii: "r"): unescaped.append(0x0D)
                    case UInt8(ascii: "t"): unescaped.append(0x09)
                    case UInt8(ascii: "u"): unescaped.append(contentsOf: try unicodeEscape())
                    default: throw fail()
                    }
                default:
                    guard byte >= 0x20 else { throw fail() }
                    unescaped.append(byte)
                    index += 1
                }
            }
            throw fail()
        }

        /// The text of UTF-8 bytes, refusing invalid ones. Decoding repairs an invalid sequence with
        /// U+FFFD, which changes the bytes, so valid input is exactly input that survives unchanged
        /// (cheaper than the generic `String(validating:as:)`).
        func utf8(_ buffer: UnsafeBufferPointer<UInt8>) throws(Invalid) -> String {
            let text = String(decoding: buffer, as: UTF8.self)
            guard text.utf8.elementsEqual(buffer) else { throw fail() }
            return text
        }

        /// The UTF-8 bytes of a `\uXXXX` escape (its `\u` already read), or of a surrogate pair.
        mutating func unicodeEscape() throws(Invalid) -> [UInt8] {
            let first = try hex4()
            var scalarValue = UInt32(first)
            if (0xD800...0xDBFF).contains(first) {
                guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { throw fail() }
                index += 2
                let second = try hex4()
                guard (0xDC00...0xDFFF).contains(second) else { throw fail() }
                scalarValue = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw fail() }
            return Array(String(Character(scalar)).utf8)
        }

        mutating func hex4() throws(Invalid) -> UInt16 {
            guard bytes.count - index >= 4 else { throw fail() }
            var value: UInt16 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw fail()
                }
                value = value << 4 | UInt16(digit)
                index += 1
            }
            return value
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` within a double's range, kept as text.
        mutating func number() throws(Invalid) -> String {
            let start = index
            func digits(_ parser: inout Parser) -> Int {
                let begin = parser.index
                while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) {
                    parser.index += 1
                }
                return parser.index - begin
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count else { throw fail() }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                guard digits(&self) > 0 else { throw fail() }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits(&self) > 0 else { throw fail() }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits(&self) > 0 else { throw fail() }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            // A number too large for any reader to hold (1e400) is refused, as Foundation refuses it.
            guard Double(text)?.isFinite == true else { throw Invalid(offset: start) }
            return text
        }
    }
}
