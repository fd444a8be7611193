import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeOutput

/// `PrettyJSONEncoder` must write exactly what `JSONEncoder` writes with the report's options, for
/// any value, not only the report's shapes.
@Suite("Pretty JSON encoder")
struct PrettyJSONEncoderTests {
    static func reference<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func ours<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try PrettyJSONEncoder.encode(value), as: UTF8.self)
    }

    struct Scalars: Encodable {
        var int: Int
        var int8: Int8
        var int64: Int64
        var uint: UInt
        var uint64: UInt64
        var double: Double
        var float: Float
        var bool: Bool
        var string: String
        var optional: Int?
        var explicitNull: String?

        enum CodingKeys: String, CodingKey {
            case int = "z_int", int8 = "int8", int64 = "Int64", uint = "uint", uint64 = "_u64", double = "double"
            case float = "float", bool = "b", string = "문자열", optional = "optional", explicitNull = "explicit_null"
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(int, forKey: .int)
            try container.encode(int8, forKey: .int8)
            try container.encode(int64, forKey: .int64)
            try container.encode(uint, forKey: .uint)
            try container.encode(uint64, forKey: .uint64)
            try container.encode(double, forKey: .double)
            try container.encode(float, forKey: .float)
            try container.encode(bool, forKey: .bool)
            try container.encode(string, forKey: .string)
            try container.encodeIfPresent(optional, forKey: .optional)
            try container.encode(explicitNull, forKey: .explicitNull)
        }
    }

    /// Keys encoded twice, nested containers asked for twice, and a super encoder.
    struct Unusual: Encodable {
        enum Keys: String, CodingKey { case a, b, nested, list }
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .b)
            try container.encode("first", forKey: .a)
            try container.encode("second", forKey: .a)
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
            try nested.encode(true, forKey: .b)
            var again = container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
            try again.encode(false, forKey: .a)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1.5)
            try list.encodeNil()
            var inner = list.nestedUnkeyedContainer()
            try inner.encode("x")
            _ = list.nestedContainer(keyedBy: Keys.self)
            try list.encode([String]())
            let superEncoder = container.superEncoder()
            var superContainer = superEncoder.singleValueContainer()
            try superContainer.encode("from super")
        }
    }

    struct Special: Encodable {
        var date = Date(timeIntervalSinceReferenceDate: 12_345.678)
        var url = URL(string: "https://www.themoviedb.org/movie/1?a=b&c=/d")!
        var data = Data([0, 1, 2, 250, 255])
        var decimal = Decimal(string: "12.3400")!
        var dictionary: [String: Int] = ["b": 2, "a": 1, "가": 3, "A": 4, "aa": 5, "": 6]
        var intKeyed: [Int: String] = [10: "ten", 2: "two"]
        var empty: [String: Int] = [:]
        var nestedEmpty: [[Int]] = [[], [1]]
        var optionals: [Int?] = [1, nil, 3]
    }

    @Test("scalars at their limits and hostile strings are written as JSONEncoder writes them")
    func scalars() throws {
        let strings = [
            "", "plain", "\"quoted\" \\ back/slash", "\u{0}\u{1}\u{8}\u{9}\u{a}\u{c}\u{d}\u{1f}\u{7f}", "한국어 🎬 \u{2028}\u{2029}", "</script>",
        ]
        let doubles: [Double] = [
            0, -0.0, 1, -1, 0.1, 12.5, 100, 1e15 - 1, 1e15, 1e16, 2.5e15, 9_007_199_254_740_993, 1e-7, 5e-324,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 33.333333333333336, 0.30000000000000004, 123_456.7,
        ]
        var generator = SystemRandomNumberGenerator()
        let randomDoubles =
            (0..<300).map { _ in
                Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF | (Bool.random() ? 0x8000_0000_0000_0000 : 0))
            } + (0..<300).map { _ in (Double.random(in: -1e7...1e7) * 10).rounded() / 10 }
        for (index, double) in (doubles + randomDoubles).enumerated() {
            let value = Scalars(
                int: index.isMultiple(of: 2) ? .min : .max, int8: .min, int64: Int64.random(in: .min ... .max), uint: .max,
                uint64: UInt64.random(in: 0 ... .max), double: double, float: Float(double.isFinite ? 1.5 : 0), bool: index.isMultiple(of: 3),
                string: strings[index % strings.count], optional: index.isMultiple(of: 2) ? nil : index, explicitNull: nil)
            #expect(try Self.ours(value) == Self.reference(value), "\(double)")
        }
    }

    @Test("repeated keys, reused and nested containers, super encoders and empty containers")
    func unusual() throws {
        #expect(try Self.ours(Unusual()) == Self.reference(Unusual()))
        #expect(try Self.ours([Unusual(), Unusual()]) == Self.reference([Unusual(), Unusual()]))
        #expect(try Self.ours([String: Int]()) == Self.reference([String: Int]()))
        #expect(try Self.ours([Int]()) == Self.reference([Int]()))
        #expect(try Self.ours("top level") == Self.reference("top level"))
        #expect(try Self.ours(42) == Self.reference(42))
    }

    @Test("dates, URLs, data, decimals and dictionaries as JSONEncoder's defaults write them")
    func special() throws {
        #expect(try Self.ours(Special()) == Self.reference(Special()))
    }

    @Test("a value nested at a level is indented from it")
    func level() throws {
        let nested = String(decoding: try PrettyJSONEncoder.encode(["a": [1, 2]], level: 2), as: UTF8.self)
        #expect(nested == "{\n      \"a\" : [\n        1,\n        2\n      ]\n    }")
    }

    @Test("NaN and infinities are refused, with the path to them")
    func nonFinite() throws {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try PrettyJSONEncoder.encode(["list": [1, value]]) }
            #expect(throws: EncodingError.self) { try Self.reference(["list": [1, value]]) }
        }
        do {
            _ = try PrettyJSONEncoder.encode(["list": [1, Double.nan]])
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["list", "Index 1"])
        }
    }
}
