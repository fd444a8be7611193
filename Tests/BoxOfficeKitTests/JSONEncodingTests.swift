@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline
@testable import BoxOfficeServices
import Foundation
import Testing

/// The report's JSON encoder must write exactly what `JSONEncoder` writes with the report's options.
@Suite("Streaming JSON encoder")
struct JSONEncodingTests {
    static func foundation<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func streaming<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try StreamingJSONEncoder.encode(value), as: UTF8.self)
    }

    /// Records the first line where the two encoders differ.
    static func same<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let ours = try streaming(value).split(separator: "\n", omittingEmptySubsequences: false)
        let theirs = try foundation(value).split(separator: "\n", omittingEmptySubsequences: false)
        if let line = zip(ours, theirs).enumerated().first(where: { $1.0 != $1.1 })?.offset ?? (ours.count == theirs.count ? nil : min(ours.count, theirs.count)) {
            Issue.record("line \(line + 1): ours \(String(reflecting: line < ours.count ? String(ours[line]) : "(end)")), JSONEncoder's \(String(reflecting: line < theirs.count ? String(theirs[line]) : "(end)"))",
                         sourceLocation: sourceLocation)
        }
    }

    /// Every kind of value and container, including nested containers filled out of order.
    struct Everything: Encodable {
        struct Inner: Encodable {
            var b = 2
            var a: String? = "x"
            var none: Int? = nil
        }

        enum Keys: String, CodingKey {
            case text, controls, numbers, doubles, floats, flags, empty, emptyArray, inner, list, nested, nestedList, dictionary, zeta, alpha, nothing, parent
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("한국 \"영화\" \\ / 🎬 \u{2028} <b>&</b>", forKey: .text)
            try container.encode(String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) }) + "\u{7F}", forKey: .controls)
            var numbers = container.nestedUnkeyedContainer(forKey: .numbers)
            try numbers.encode(Int8(-8))
            try numbers.encode(UInt64.max)
            try numbers.encode(Int64.min)
            try numbers.encode(Int.max)
            try numbers.encode(Int16(300))
            try numbers.encode(UInt8(255))
            try container.encode([0.1, 1.5, -0.0, 100, 1e14, 999_999_999_999_999.0, 1e15, 9.5e15, 1e16, 1e20, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 123.456, -2.5e-8, Double(Float(0.3))], forKey: .doubles)
            try container.encode([Float(0.3), Float(1e20), Float(-0.0)], forKey: .floats)
            try container.encode([true, false], forKey: .flags)
            try container.encode([String: Int](), forKey: .empty)
            try container.encode([Int](), forKey: .emptyArray)
            // A nested container filled after the fields that follow it.
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
            try container.encode(Inner(), forKey: .inner)
            try container.encode([[1, 2], [], [3]], forKey: .list)
            try nested.encode("late", forKey: .zeta)
            try nested.encode(Inner(), forKey: .alpha)
            var nestedList = container.nestedUnkeyedContainer(forKey: .nestedList)
            var deeper = nestedList.nestedContainer(keyedBy: Keys.self)
            try nestedList.encode("after")
            try deeper.encodeNil(forKey: .nothing)
            try container.encode(["b": 1, "a": 2, "B": 3, "aa": 4, "_": 5], forKey: .dictionary)
            try Inner().encode(to: container.superEncoder(forKey: .parent))
            try container.encodeNil(forKey: .nothing)
        }
    }

    @Test("every kind of value is written as JSONEncoder writes it")
    func everything() throws {
        try Self.same(Everything())
        try Self.same([Everything(), Everything()])
        try Self.same("top-level")
        try Self.same([Int]())
    }

    @Test("values too large to copy into their parents are written in their place")
    func largeValues() throws {
        struct Large: Encodable {
            var zebra = "first field encoded, last written"
            var days = Array(repeating: Everything(), count: 300)
            var nested = [Array(repeating: Everything(), count: 200), []]
            var alpha = 1
        }
        let large = Large()
        #expect(try StreamingJSONEncoder.encode(large.days).count > StreamingJSONEncoder.largeValue)
        #expect(try StreamingJSONEncoder.encode(large.nested[0]).count > StreamingJSONEncoder.largeValue)
        try Self.same(large)
        try Self.same([large, large])
    }

    struct Day: ConcurrentlyEncodable {
        var index: Int
        var title: String
        var values: [Double]
        var empty: [Int] = []
    }

    @Test("long arrays encoded on every core are written as JSONEncoder writes them, errors included")
    func concurrentArrays() throws {
        let count = StreamingJSONEncoder.concurrentElements + 1_001
        let days = (0..<count).map { Day(index: $0, title: "날 \($0) \"\n", values: $0 % 3 == 0 ? [] : [Double($0) / 7, -0.0]) }
        struct Wrapper: Encodable {
            var days: [Day]
            var nested: [[Day]]
            var tail = "after"
        }
        let wrapper = Wrapper(days: days, nested: [Array(days.prefix(StreamingJSONEncoder.concurrentElements)), [], Array(days.prefix(3))])
        try Self.same(wrapper)
        try Self.same(["only": days])

        var broken = days
        broken[count - 5].values = [.nan]
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder.encode(["days": broken]) }
    }

    @Test("the sample report is written as JSONEncoder writes it")
    func sampleReport() async throws {
        let report = try await SampleTests.sampleReport()
        try Self.same(report)
    }

    @Test("a value JSON cannot hold is an error, as with JSONEncoder")
    func invalid() {
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder.encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try StreamingJSONEncoder.encode(["x": Double.infinity]) }
    }
}
