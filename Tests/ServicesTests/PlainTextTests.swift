import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeServices

@Suite("Plain text from services")
struct PlainTextTests {
    @Test("NUL, escapes, C1 and bidirectional controls go; tab, newline, Korean and emoji stay")
    func clean() {
        #expect(PlainText.clean("범죄도시 4") == "범죄도시 4")
        #expect(PlainText.clean("a\u{0}b\u{1B}[31mc\u{7F}d\u{85}e") == "ab[31mcde")
        #expect(PlainText.clean("evil\u{202E}gnp.exe") == "evilgnp.exe")
        #expect(PlainText.clean("\u{2066}x\u{2069}\u{200F}y\u{061C}") == "xy")
        #expect(PlainText.clean("tab\there\nline 🎬 — ‘quoted’ …") == "tab\there\nline 🎬 — ‘quoted’ …")
        #expect(PlainText.clean("\u{2028}\u{00A0}é") == "\u{2028}\u{00A0}é", "other characters are not controls")
    }

    @Test("a KOBIS title with NUL and U+202E arrives clean in the model, and so in every format")
    func decoded() throws {
        let body =
            #"{"boxOfficeResult":{"showRange":"20240101~20240101","dailyBoxOfficeList":[{"rank":"1","movieCd":"20240001","movieNm":"A\u0000B\u202eC","audiCnt":"1"}]}}"#
        guard case .value(let chart) = try KOBISDecoding.dailyChart(Data(body.utf8), date: Day("2024-01-01")) else {
            Issue.record("not a chart")
            return
        }
        #expect(chart.entries.first?.title == "ABC")
    }

    @Test("a title of a thousand characters is taken, one more is malformed, counted in Characters: Korean and combining marks too")
    func longestTitle() throws {
        func chart(_ title: String) throws -> String? {
            let body =
                #"{"boxOfficeResult":{"showRange":"20240101~20240101","dailyBoxOfficeList":[{"rank":"1","movieCd":"20240001","movieNm":"\#(title)","audiCnt":"1"}]}}"#
            do {
                guard case .value(let chart) = try KOBISDecoding.dailyChart(Data(body.utf8), date: Day("2024-01-01")) else { return nil }
                return chart.entries.first?.title
            } catch {
                return "malformed: \(error)"
            }
        }
        for unit in ["a", "한", "e\u{301}", "🎬"] {
            let longest = String(repeating: unit, count: KOBISDecoding.longestTitle)
            #expect(try chart(longest) == longest, "\(unit)")
            let over = try chart(longest + unit) ?? ""
            #expect(over.hasPrefix("malformed") && over.contains("1001 characters"), "\(unit): \(over.prefix(80))")
        }
    }
}
