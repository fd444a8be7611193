import Testing
import UnitTestSupport

@testable import BoxOfficeModel

@Suite struct CacheKeysTests {
    @Test func codesKeepTheirLettersAndDigitsOnly() {
        #expect(CacheKeys.safe("20112207") == "20112207")
        #expect(CacheKeys.safe("../../etc/passwd") == "etcpasswd")
        #expect(CacheKeys.safe("A-b_C 9") == "AbC9")
        #expect(CacheKeys.safe("\r\n") == "_")
        #expect(CacheKeys.safe("") == "_")
        #expect(CacheKeys.safe(String(repeating: "7", count: 60)) == String(repeating: "7", count: 40))
        // A letter joined to a combining mark is not ASCII, and goes with its mark.
        #expect(CacheKeys.safe("a\u{301}b") == "b")
        #expect(CacheKeys.safe("영화2024") == "2024")
    }

    /// The byte-wise path for ASCII text keeps exactly what the Character-wise rule keeps.
    @Test func asciiTextIsFilteredAsCharactersWouldBe() {
        var generator = SplitMix(state: 25)
        let samples = ["", " ", "\r\n\r\n", "ab\r\ncd", "@[`{/:", String(repeating: "x-", count: 50)]
        var texts = samples
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 70)
            texts.append(String(decoding: (0..<length).map { _ in UInt8(generator.next() % 128) }, as: UTF8.self))
        }
        for text in texts {
            #expect(CacheKeys.safe(text) == CacheKeys.characterWise(text), "\(Array(text.utf8))")
        }
    }
}
