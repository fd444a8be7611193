import Foundation

/// Reads a KOBIS chart body or movie-info body of the usual shape straight into what the decoder
/// keeps of it, without building the ``JSONValue`` tree ``JSONReader`` builds for any JSON.
///
/// Measured (callgrind, a year's warm report, 730 cached charts): decoding the charts was a fifth
/// of the run's instructions, about 560,000 a chart, most of it making a String of every key and
/// an enum case, array and tuple of every value, only for the chart's rows to pick 17 fields out.
/// A movie-info body of 800 bytes cost 146,000 instructions through the tree: 11% of a twenty-year
/// weekly report's instructions went on its 2,849 films.
///
/// It reads a strict subset of JSON: objects whose values are strings without escapes, control
/// characters or invalid UTF-8, except the lists it expects (a chart's rows; a film's nations,
/// genres, cast and the rest, each a list of such objects). Anything else (a fault, a number,
/// `null`, an escape, a trailing comma, a byte-order mark, nesting it does not expect) makes it
/// give up, returning nil, and the body is read by ``JSONReader``, whose answer (a value or the
/// error a malformed body deserves) is the one that counts. What it does read, it reads as
/// ``JSONReader`` would: the same strings, the last of a repeated key winning.
struct KOBISBodyScanner {
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
        let list = Array(list.utf8)
        return scanning(body, result: "boxOfficeResult") { $0.result(list: list) }
    }

    /// `body`'s top-level object read with `read` reading its `result` member, the only one that
    /// may hold more than text; nil when the body is not of the usual shape.
    private static func scanning<Result>(_ body: Data, result: StaticString, _ read: (inout KOBISBodyScanner) -> Result?) -> Result? {
        body.withUnsafeBytes { raw in
            var scanner = KOBISBodyScanner(raw.bindMemory(to: UInt8.self))
            guard scanner.take(UInt8(ascii: "{")) else { return nil }
            let name = UnsafeBufferPointer(start: result.utf8Start, count: result.utf8CodeUnitCount)
            var found: Result?
            guard
                scanner.members({ scanner, key in
                    // A fault (whatever its value), a second result, or anything else holding more
                    // than text is JSONReader's to judge.
                    guard !key.elementsEqual("faultInfo".utf8) else { return false }
                    guard key.elementsEqual(name) else { return scanner.string() != nil }
                    guard found == nil else { return false }
                    found = read(&scanner)
                    return found != nil
                })
            else { return nil }
            scanner.skipWhitespace()
            return scanner.index == scanner.bytes.count ? found : nil
        }
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
            guard
                members({ scanner, key in
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

    /// What a movie-info body holds: no film (`movieInfoResult` without `movieInfo`), or the film's
    /// text fields and lists that `shape` names, each list entry's named fields.
    enum MovieInfoBody: Equatable {
        case absent
        case info(scalars: [String: String], lists: [String: [[String: String]]])
    }

    /// The fields of a film the decoder reads: only these are made into Strings and kept (a film's
    /// body has some forty names and values, most of them cast, staff and codes nothing reads).
    struct MovieInfoShape {
        let scalars: NameTable
        let lists: NameTable
        /// Each list's entry fields, in the order of `lists`.
        let listFields: [NameTable]

        init(scalars: [String], lists: KeyValuePairs<String, [String]>) {
            self.scalars = NameTable(scalars)
            self.lists = NameTable(lists.map(\.key))
            listFields = lists.map { NameTable($0.value) }
        }
    }

    /// Names matched by their UTF-8 bytes, without a String made of the key (a chart row's fields,
    /// a film's): a key is compared only with the names as long as it.
    final class NameTable: Sendable {
        let names: [String]
        /// Each name's bytes and index, by the names' lengths in bytes.
        private let byLength: [[(bytes: [UInt8], index: Int)]]

        init(_ names: [String]) {
            self.names = names
            var table = [[(bytes: [UInt8], index: Int)]](repeating: [], count: (names.map(\.utf8.count).max() ?? 0) + 1)
            for (index, name) in names.enumerated() { table[name.utf8.count].append((Array(name.utf8), index)) }
            byLength = table
        }

        /// The index of the name `key` spells, if it is one of them.
        func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
            guard let base = key.baseAddress, key.count < byLength.count else { return nil }
            for candidate in byLength[key.count] where candidate.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, base, key.count) == 0 }) {
                return candidate.index
            }
            return nil
        }
    }

    /// The film in a `searchMovieInfo` body, what `shape` names of it (the rest is read, to know the
    /// body is valid, and dropped); nil when the body is not of the usual shape.
    static func movieInfo(_ body: Data, shape: MovieInfoShape) -> MovieInfoBody? {
        scanning(body, result: "movieInfoResult") { $0.movieInfoResult(shape) }
    }

    private mutating func movieInfoResult(_ shape: MovieInfoShape) -> MovieInfoBody? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var found = MovieInfoBody.absent
        var seen = false
        let read = members { scanner, key in
            guard key.elementsEqual("movieInfo".utf8) else { return scanner.string() != nil }
            guard !seen, let film = scanner.movieInfoObject(shape) else { return false }
            seen = true
            found = .info(scalars: film.scalars, lists: film.lists)
            return true
        }
        return read ? found : nil
    }

    /// The film's object: its text fields and lists that `shape` names (the last of a repeated name
    /// winning, as the reader's `RawMovieInfo` keeps it); every other member read and dropped.
    private mutating func movieInfoObject(_ shape: MovieInfoShape) -> (scalars: [String: String], lists: [String: [[String: String]]])? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var scalars: [String: String] = [:]
        var lists: [String: [[String: String]]] = [:]
        let read = members { scanner, key in
            if scanner.next(is: UInt8(ascii: "[")) {
                let list = shape.lists.index(of: key)
                guard let entries = scanner.objectList(keeping: list.map { shape.listFields[$0] }) else { return false }
                if let list { lists[shape.lists.names[list]] = entries }
                return true
            }
            let field = shape.scalars.index(of: key)
            guard let raw = scanner.rawString(), let text = Self.text(raw, making: field != nil) else { return false }
            if let field { scalars[shape.scalars.names[field]] = text }
            return true
        }
        return read ? (scalars, lists) : nil
    }

    /// A list of objects holding text only: each entry's fields among `fields`, or, without
    /// `fields`, nothing (the list is only read).
    private mutating func objectList(keeping fields: NameTable?) -> [[String: String]]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var list: [[String: String]] = []
        if take(UInt8(ascii: "]")) { return list }
        while true {
            guard take(UInt8(ascii: "{")) else { return nil }
            var entry: [String: String] = [:]
            guard
                members({ scanner, key in
                    let field = fields?.index(of: key)
                    guard let raw = scanner.rawString(), let text = Self.text(raw, making: field != nil) else { return false }
                    if let fields, let field { entry[fields.names[field]] = text }
                    return true
                })
            else { return nil }
            if fields != nil { list.append(entry) }
            if take(UInt8(ascii: "]")) { return list }
            guard take(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// Whether `byte` comes next, after white space, without taking it.
    private mutating func next(is byte: UInt8) -> Bool {
        skipWhitespace()
        return index < bytes.count && bytes[index] == byte
    }

    /// An object's members after its `{`, through its `}`: `member` reads each value after its key
    /// and colon, and says whether it could.
    private mutating func members(_ member: (inout KOBISBodyScanner, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
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
        // Decoding repairs invalid UTF-8, which changes the bytes: such a body is JSONReader's.
        // Checked on the bytes, so a value only read (a film's cast, its staff) makes no String.
        guard isWellFormedUTF8(raw) else { return nil }
        return making ? Scalar.trimmed(String(decoding: raw, as: UTF8.self)) : ""
    }

    /// Whether `bytes` are well-formed UTF-8 (the Unicode Standard's table 3-7: no overlong form,
    /// no surrogate, nothing past U+10FFFF, no sequence cut short): exactly the bytes that
    /// `String(decoding:as:)` keeps as they are; a test holds the two together.
    static func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        func continuation(_ offset: Int) -> UInt8? {
            guard index + offset < count else { return nil }
            let byte = bytes[index + offset]
            return byte & 0xC0 == 0x80 ? byte : nil
        }
        while index < count {
            let lead = bytes[index]
            switch lead {
            case 0x00..<0x80:
                index += 1
            case 0xC2..<0xE0:
                guard continuation(1) != nil else { return false }
                index += 2
            case 0xE0..<0xF0:
                guard let second = continuation(1), continuation(2) != nil else { return false }
                if lead == 0xE0, second < 0xA0 { return false }  // overlong
                if lead == 0xED, second >= 0xA0 { return false }  // a surrogate
                index += 3
            case 0xF0..<0xF5:
                guard let second = continuation(1), continuation(2) != nil, continuation(3) != nil else { return false }
                if lead == 0xF0, second < 0x90 { return false }  // overlong
                if lead == 0xF4, second >= 0x90 { return false }  // past U+10FFFF
                index += 4
            default:
                return false
            }
        }
        return true
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
