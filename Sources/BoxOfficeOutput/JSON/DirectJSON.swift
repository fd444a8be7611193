import BoxOfficeModel
import Foundation

/// A type whose JSON ``JSONWriter`` writes straight from its fields, in the order
/// of a table made once, without asking `encode(to:)` for a tree first: the same bytes, for the
/// report's most numerous objects (days, periods, their chart rows, and films).
///
/// Why: a twenty-year report has 84,000 chart rows (`DayEntry`) of 20-odd fields in 8,400 days.
/// Through `Codable` each field became a `Node` (a class per object, an array of keys and one of
/// values, a `Path` per nested value), and the tree was then walked and its keys' order looked up:
/// 0.55 s of the run's 3.1 s CPU and the data lane's last 0.5 s (`perf` on the release binary).
///
/// The keys are the model's own `CodingKeys` (`JSONField`), and each model type says beside them
/// what each holds (`jsonValue(_:)`, a switch the compiler holds to the keys), so a key is named
/// once, in the model's file; only nested objects are written here. `DirectJSONTests` holds every
/// such type to `JSONEncoder`'s bytes with every optional field set and with none, and counts its
/// stored properties, so a field added to the model without a key fails a test.
protocol DirectJSONObject: Encodable {
    associatedtype JSONField: RawRepresentable<String>, CaseIterable, Sendable
    /// The keys in JSONEncoder's order, made once.
    static var jsonTable: JSONWriter.FieldTable<JSONField> { get }
    /// A field's value; `.nested` for one ``writeNested(_:to:)`` writes.
    func jsonValue(_ field: JSONField) -> JSONWriter.FieldValue
    /// Writes a field `jsonValue(_:)` called `.nested`, at the writer's level.
    func writeNested(_ field: JSONField, to writer: inout JSONWriter) throws
}

extension DirectJSONObject {
    /// An object with no nested fields writes none.
    func writeNested(_ field: JSONField, to writer: inout JSONWriter) throws {}
}

extension JSONWriter {
    /// One field's value, as a ``DirectJSONObject`` reads it (the model says it, beside its keys).
    typealias FieldValue = JSONFieldValue

    /// A type's fields in JSONEncoder's key order (by UTF-8 bytes), and each key as written
    /// (`"key" : `), all in one buffer.
    struct FieldTable<Field: RawRepresentable<String> & CaseIterable & Sendable>: Sendable {
        let order: [Field]
        let prefixes: [UInt8]
        let prefixEnds: [Int]

        init() {
            order = Field.allCases.sorted { JSONWriter.precedes($0.rawValue, $1.rawValue) }
            var key = JSONWriter(level: 0)
            var ends: [Int] = []
            for field in order {
                key.writeString(field.rawValue)
                key.bytes += [0x20, UInt8(ascii: ":"), 0x20]
                ends.append(key.bytes.count)
            }
            prefixes = key.bytes
            prefixEnds = ends
        }
    }
}

extension JSONWriter {
    /// Writes `value` from its fields, as ``writeObject(_:)`` writes the tree `encode(to:)` builds.
    mutating func writeFields<Value: DirectJSONObject>(_ value: Value) throws {
        let table = Value.jsonTable
        bytes.append(UInt8(ascii: "{"))
        bytes.append(UInt8(ascii: "\n"))
        level += 1
        try table.prefixes.withUnsafeBufferPointer { prefixes in
            var first = true
            var start = 0
            for (position, field) in table.order.enumerated() {
                let end = table.prefixEnds[position]
                defer { start = end }
                let fieldValue = value.jsonValue(field)
                if case .absent = fieldValue { continue }
                if !first { bytes.append(UInt8(ascii: ",")); bytes.append(UInt8(ascii: "\n")) }
                first = false
                indent()
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: prefixes[start..<end]))
                switch fieldValue {
                case .absent: break
                case .integer(let number): writeInteger(number)
                case .double(let number):
                    guard number.isFinite else {
                        // As JSONEncoder refuses one.
                        let context = EncodingError.Context(
                            codingPath: [JSONWriter.NamedKey(field.rawValue)], debugDescription: "Unable to encode Double.\(number) directly in JSON."
                        )
                        throw EncodingError.invalidValue(number, context)
                    }
                    writeDouble(number)
                case .string(let text): writeString(text)
                case .day(let day):
                    bytes.append(UInt8(ascii: "\""))
                    day.appendISO(to: &bytes)
                    bytes.append(UInt8(ascii: "\""))
                case .bool(let flag): bytes.append(contentsOf: flag ? Self.trueBytes : Self.falseBytes)
                case .nested: try value.writeNested(field, to: &self)
                }
            }
        }
        bytes.append(UInt8(ascii: "\n"))
        level -= 1
        indent()
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes a list of such objects, as ``writeArray(_:)`` writes a list.
    mutating func writeList<Element: DirectJSONObject>(_ list: [Element]) throws {
        try writeElements(of: list) { writer, element in try writer.writeFields(element) }
    }
}

extension JSONWriter {
    /// A key named by its string, for the coding path of a value JSON cannot hold.
    struct NamedKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension DayEntry: DirectJSONObject {
    typealias JSONField = CodingKeys

    static let jsonTable = JSONWriter.FieldTable<JSONField>()

}

extension DayReport: DirectJSONObject {
    typealias JSONField = CodingKeys

    static let jsonTable = JSONWriter.FieldTable<JSONField>()

    func writeNested(_ field: JSONField, to writer: inout JSONWriter) throws {
        switch field {
        case .entries: try writer.writeList(entries)
        case .holiday: if let holiday { try writer.writeEncoded(holiday) }
        case .lastYear: if let lastYear { try writer.writeFields(lastYear) }
        case .holidayLastYear: if let holidayLastYear { try writer.writeFields(holidayLastYear) }
        case .yearToDate: if let yearToDate { try writer.writeFields(yearToDate) }
        default: break
        }
    }
}

extension FilmRanking: DirectJSONObject {
    typealias JSONField = CodingKeys

    static let jsonTable = JSONWriter.FieldTable<JSONField>()

    func writeNested(_ field: JSONField, to writer: inout JSONWriter) throws {
        switch field {
        // All but TMDB's entry from their fields: 3,700 films' lists and run figures through
        // `encode(to:)` were a tenth of a twenty-year JSON's CPU.
        case .nations: writer.writeElements(of: nations) { writer, text in writer.writeString(text) }
        case .genres: writer.writeElements(of: genres) { writer, text in writer.writeString(text) }
        case .directors: writer.writeElements(of: directors) { writer, text in writer.writeString(text) }
        case .distributors: writer.writeElements(of: distributors) { writer, text in writer.writeString(text) }
        case .milestones: try writer.writeList(milestones)
        case .tmdb: if let tmdb { try writer.writeEncoded(tmdb) }
        case .numberOneStreak: if let numberOneStreak { try writer.writeFields(numberOneStreak) }
        case .openingDay: if let openingDay { try writer.writeFields(openingDay) }
        case .openingWeekend: if let openingWeekend { try writer.writeFields(openingWeekend) }
        case .bestDay: if let bestDay { try writer.writeFields(bestDay) }
        default: break
        }
    }
}

extension PeriodReport: DirectJSONObject {
    typealias JSONField = CodingKeys

    static let jsonTable = JSONWriter.FieldTable<JSONField>()

    func writeNested(_ field: JSONField, to writer: inout JSONWriter) throws {
        switch field {
        case .entries: try writer.writeList(entries)
        case .lastYear: if let lastYear { try writer.writeFields(lastYear) }
        case .regions: if let regions { try writer.writeEncoded(regions) }
        case .regionsMissing: if let regionsMissing { try writer.writeEncoded(regionsMissing) }
        default: break
        }
    }
}

// A twenty-year report's days hold 7,300 of each: through `encode(to:)` and a tree of nodes they
// were a quarter of the JSON's CPU.
extension YearEarlier: DirectJSONObject {
    typealias JSONField = CodingKeys

    static let jsonTable = JSONWriter.FieldTable<JSONField>()

}

extension YearToDate: DirectJSONObject {
    typealias JSONField = CodingKeys

    static let jsonTable = JSONWriter.FieldTable<JSONField>()

    func writeNested(_ field: JSONField, to writer: inout JSONWriter) throws {
        if field == .lastYear { try writer.writeFields(lastYear) }
    }
}

extension Milestone: DirectJSONObject {
    typealias JSONField = CodingKeys

    static let jsonTable = JSONWriter.FieldTable<JSONField>()

}

extension RunFigure: DirectJSONObject {
    enum JSONField: String, CaseIterable, Sendable {
        case start, end, audience, sales, rank
    }

    static let jsonTable = JSONWriter.FieldTable<JSONField>()

    func jsonValue(_ field: JSONField) -> JSONWriter.FieldValue {
        switch field {
        case .start: .day(start)
        case .end: .day(end)
        case .audience: .integer(audience)
        case .sales: .integer(sales)
        case .rank: .maybe(rank)
        }
    }
}

extension Streak: DirectJSONObject {
    typealias JSONField = CodingKeys

    static let jsonTable = JSONWriter.FieldTable<JSONField>()

}
