import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeOutput

/// `JSONWriter` must write exactly what `JSONEncoder` writes with the report's options: its own
/// scalars, and a value `JSONEncoder` wrote spliced in at any depth.
@Suite("JSON writer")
struct JSONWriterTests {
    static func reference<T: Encodable>(_ value: T) throws -> String { try DirectJSONTests.reference(value) }

    /// What `write` writes as the one element of a list, as `JSONEncoder` writes that list.
    static func asElement(_ write: (inout JSONWriter) throws -> Void) rethrows -> String {
        var writer = JSONWriter(level: 0)
        try writer.writeElements(of: [0]) { writer, _ in try write(&writer) }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test("strings (control characters, quotes, back and forward slashes, Hangul, emoji) and integers at their limits")
    func scalars() throws {
        let strings = [
            "", "plain", "\"quoted\" \\ back/slash", "\u{0}\u{1}\u{8}\u{9}\u{a}\u{c}\u{d}\u{1f}\u{7f}", "한국어 🎬 \u{2028}\u{2029}", "</script>",
        ]
        for string in strings {
            #expect(Self.asElement { $0.writeString(string) } == (try Self.reference([string])), "\(string.debugDescription)")
        }
        for integer in [Int64.min, -10, -1, 0, 9, 10, 1_234_567, .max] {
            #expect(Self.asElement { $0.writeInteger(integer) } == (try Self.reference([integer])))
        }
        for unsigned in [UInt64.zero, 9, 10, .max] {
            #expect(Self.asElement { $0.writeUnsigned(unsigned) } == (try Self.reference([unsigned])))
        }
    }

    struct Nested: Encodable {
        var name = "가"
        var empty: [Int] = []
        var emptyObject: [String: Int] = [:]
        var list = [[1], []]
        var url = URL(string: "https://www.themoviedb.org/movie/1?a=b&c=/d")!
    }

    @Test("a value JSONEncoder writes is indented from the writer's depth, its blank lines left blank")
    func spliced() throws {
        let value = Nested()
        // Two levels down, as a list inside a list: the reference is JSONEncoder's own nesting.
        var writer = JSONWriter(level: 0)
        try writer.writeElements(of: [0]) { writer, _ in try writer.writeElements(of: [value]) { try $0.writeEncoded($1) } }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == (try Self.reference([[value]])))
        #expect(!String(decoding: writer.bytes, as: UTF8.self).contains(" \n"), "no line ends in spaces")
    }

    /// An object of one double, written from its fields.
    struct Probe: DirectJSONObject {
        var value: Double
        enum JSONField: String, CaseIterable, Sendable { case value }
        static let jsonTable = JSONWriter.FieldTable<JSONField>()
        func jsonValue(_ field: JSONField) -> JSONWriter.FieldValue { .double(value) }
    }

    @Test("NaN and infinities are refused as JSONEncoder refuses them, naming the field")
    func nonFinite() throws {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try JSONWriter.encode(["list": [1, value]]) }
            #expect(throws: EncodingError.self) { try Self.reference(Probe(value: value)) }
            var writer = JSONWriter(level: 0)
            do {
                try writer.writeFields(Probe(value: value))
                Issue.record("\(value) was written")
            } catch EncodingError.invalidValue(_, let context) {
                #expect(context.codingPath.map(\.stringValue) == ["value"])
            }
        }
        var writer = JSONWriter(level: 0)
        try writer.writeFields(Probe(value: 2.5))
        #expect(String(decoding: writer.bytes, as: UTF8.self) == (try Self.reference(Probe(value: 2.5))))
    }
}
