import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeServices

/// The KOBIS bodies' JSON reader, checked against Foundation's `JSONSerialization` on the same bytes:
/// both must accept and reject the same texts, and read the same values from what they accept.
@Suite("JSON reader")
struct JSONReaderTests {
    /// Does `value` hold what Foundation read from the same text?
    static func matches(_ value: JSONValue, _ foundation: Any) -> Bool {
        switch value {
        case .object(let fields):
            guard let object = foundation as? [String: Any] else { return false }
            // Repeated keys: the last one is the value, as for Foundation.
            var last: [String: JSONValue] = [:]
            for (key, value) in fields { last[key] = value }
            return last.count == object.count && last.allSatisfy { key, value in object[key].map { matches(value, $0) } ?? false }
        case .array(let elements):
            guard let array = foundation as? [Any], array.count == elements.count else { return false }
            return zip(elements, array).allSatisfy { matches($0, $1) }
        case .string(let text):
            return (foundation as? String) == text
        case .number(let raw):
            guard let number = foundation as? NSNumber else { return false }
            if let whole = Int64(raw) { return number.int64Value == whole && number.doubleValue == Double(whole) }
            return number.doubleValue == Double(raw)
        case .bool(let flag):
            return (foundation as? Bool) == flag
        case .null:
            return foundation is NSNull
        }
    }

    /// Reads `bytes` both ways and records any disagreement.
    static func agree(_ bytes: [UInt8], _ comment: Comment? = nil) {
        let foundation = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        let ours = try? JSONReader.read(bytes)
        switch (ours, foundation) {
        case (nil, nil): break
        case let (ours?, foundation?): #expect(matches(ours, foundation), comment ?? "\(String(decoding: bytes.prefix(200), as: UTF8.self))")
        default:
            let what = comment.map { "\($0)" } ?? String(reflecting: String(decoding: bytes.prefix(2_000), as: UTF8.self))
            Issue.record("ours \(ours == nil ? "rejects" : "accepts"), Foundation \(foundation == nil ? "rejects" : "accepts"): \(what)")
        }
    }

    static func fixtures() throws -> [(name: String, bytes: [UInt8])] {
        var files: [URL] = []
        for folder in ["kobis", "tmdb"] {
            let own = TestData.ownFixtures.appendingPathComponent(folder)
            files += ((try? FileManager.default.contentsOfDirectory(atPath: own.path)) ?? []).map { own.appendingPathComponent($0) }
            if TestData.sharedFixturesAvailable { files += try TestData.sharedFiles(folder, prefix: "") }
        }
        return try files.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
            .map { ($0.lastPathComponent, Array(try Data(contentsOf: $0))) }
    }

    @Test("recorded and hand-made bodies read as Foundation reads them, and so does every truncation of them")
    func fixturesAndTruncations() throws {
        let fixtures = try Self.fixtures()
        #expect(fixtures.count >= 8)
        for (name, bytes) in fixtures {
            Self.agree(bytes, "\(name)")
            for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 400)) {
                Self.agree(Array(bytes.prefix(length)), "\(name) cut at \(length)")
            }
        }
        if !TestData.sharedFixturesAvailable { print("JSON reader: \(TestData.sharedSkipReason); checked the hand-made fixtures only") }
    }

    @Test(
        "escapes, surrogates, numbers, nesting and malformed texts",
        arguments: [
            #"{"a":"\"\\\/\b\f\n\r\t\u00e9\uD83C\uDFAC\u0000"}"#, #"["\uD83C"]"#, #"["\uDFAC"]"#, #"["\uD83Cx"]"#, #"["\u12"]"#, #"["\x"]"#,
            "[0, -0, 12, -1.5, 1e3, 1E-2, 2.5e+10, 9223372036854775807, 123456789012345678901234567890]", "[1e400]", "[-1e400]", "[1e-400]",
            "[01]", "[1.]", "[.5]", "[-]", "[1e]", "[+1]", "[0x10]", "[NaN]", "[Infinity]", "{\"a\" 1}", "{a:1}",
            // Foundation forgives a trailing comma, and so did JSONDecoder before this reader: kept.
            "[1,]", "{\"a\":1,}", "[1, ]", "[,]", "{,}", "[1,,]",
            "['a']", "[\"tab\there\"]", "[\"line\nbreak\"]", "[true, false, null]", "[tru]", "[nul]", "[truex]", "  {}  ", "{} {}", "",
            " ", "\u{FEFF}{}", "{\"a\":1,\"a\":2}", "[[[[[[[[[[]]]]]]]]]]", "[1 2]", "{\"k\":\"한국 영화\"}", "\"fragment\"", "42", "/* c */ {}",
        ])
    func cases(text: String) {
        Self.agree(Array(text.utf8))
    }

    @Test("invalid UTF-8 is rejected; a byte-order mark is not")
    func utf8() throws {
        for bytes: [UInt8] in [[0x22, 0xC3, 0x28, 0x22], [0x22, 0xFF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22]] {
            #expect(throws: JSONReader.Invalid.self) { try JSONReader.read(bytes) }
        }
        #expect(try JSONReader.read([0xEF, 0xBB, 0xBF] + Array("{\"a\":\"b\"}".utf8)) == .object([("a", .string("b"))]))
    }

    @Test("nesting beyond the limit is refused, not a stack overflow")
    func depth() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONReader.Invalid.self) { try JSONReader.read(Array(deep.utf8)) }
        let allowed = String(repeating: "[", count: JSONReader.maximumDepth) + String(repeating: "]", count: JSONReader.maximumDepth)
        #expect(throws: Never.self) { try JSONReader.read(Array(allowed.utf8)) }
    }

    @Test("randomly damaged bodies are read as Foundation reads them")
    func mutations() throws {
        var random = SplitMix(state: 11)
        let fixtures = try Self.fixtures()
        let alphabet = Array("{}[]\",:\\0123456789-+.eEtrufalsn \n\tu".utf8) + [0x00, 0x80, 0xC3, 0xFF]
        for _ in 0..<3_000 {
            var bytes = fixtures.randomElement(using: &random)!.bytes
            for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet.randomElement(using: &random)!, at: index)
                }
            }
            Self.agree(bytes)
        }
    }
}
