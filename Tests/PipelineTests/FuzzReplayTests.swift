import BoxOfficeFuzz
import Foundation
import Testing
import UnitTestSupport

/// The fuzz target's entry point (`scripts/fuzz`), replayed on the inputs that once broke
/// `boxoffice` and on every input the fuzzer has kept. A regression here is a crash of the test
/// process, or an outcome that changed.
@Suite("Fuzz replay")
struct FuzzReplayTests {
    static let kept = TestData.ownFixtures.appendingPathComponent("fuzz")

    static func input(_ target: FuzzTarget, _ text: String) -> Data {
        FuzzTarget.input(target, Data(text.utf8))
    }

    static func chart(_ row: String) -> String {
        #"{"boxOfficeResult":{"showRange":"20240315~20240315","dailyBoxOfficeList":[{"rnum":"1","rank":"1","rankInten":"0","rankOldAndNew":"OLD","movieCd":"20240001","movieNm":"A","openDt":"2024-03-01","salesAmt":"1","salesShare":"1.0","salesInten":"0","salesChange":"0","salesAcc":"1","audiCnt":"1","audiInten":"0","audiChange":"0","audiAcc":"1","scrnCnt":"1","showCnt":"1",\#(row)}]}}"#
    }

    /// What the issue found, and what the parsers must say now.
    static let regressions: [(String, Data, FuzzTarget.Outcome)] = [
        ("a plain chart", input(.dailyChart, chart(#""x":"0""#)), .accepted(.dailyChart)),
        (
            "rows that do not say their date",
            input(.dailyChart, chart(#""x":"0""#).replacingOccurrences(of: #""showRange":"20240315~20240315","#, with: "")), .refused(.dailyChart)
        ),
        (
            "one film on two rows", input(.dailyChart, chart(#""x":"0"}, {"rank":"2","movieCd":"20240001","movieNm":"A","audiCnt":"5""#)),
            .refused(.dailyChart)
        ),
        (
            "a movieCd of 100,000 characters", input(.dailyChart, chart(#""movieCd":"\#(String(repeating: "1", count: 100_000))""#)),
            .refused(.dailyChart)
        ),
        ("audiCnt 5e18", input(.dailyChart, chart(#""audiCnt":"5000000000000000000""#)), .refused(.dailyChart)),
        ("scrnCnt Int64.max", input(.dailyChart, chart(#""scrnCnt":"9223372036854775807""#)), .refused(.dailyChart)),
        ("rankInten Int64.min", input(.dailyChart, chart(#""rankInten":"-9223372036854775808""#)), .refused(.dailyChart)),
        ("salesAmt past Int64", input(.dailyChart, chart(#""salesAmt":"99999999999999999999999""#)), .refused(.dailyChart)),
        ("20,000 nested arrays", input(.dailyChart, String(repeating: "[", count: 20_000)), .refused(.dailyChart)),
        ("20,000 nested objects in TMDB details", input(.tmdbDetails, String(repeating: #"{"a":"#, count: 20_000)), .refused(.tmdbDetails)),
        ("a month", input(.dateRange, "2024-03"), .accepted(.dateRange)),
        ("the day before KOBIS began", input(.dateRange, "2003-11-10"), .refused(.dateRange)),
        ("today in Seoul", input(.dateRange, "2026-11-22"), .refused(.dateRange)),
        ("a huge last-N", input(.dateRange, "last-99999999999999999999"), .refused(.dateRange)),
        ("a partial including itself", input(.templates, "{{> report.md}}"), .refused(.templates)),
        ("two partials including each other", input(.templates, "{{> html-chart}}\u{0}{{> report.md}}"), .refused(.templates)),
        ("20,000 nested sections", input(.templates, String(repeating: "{{#films}}", count: 20_000)), .refused(.templates)),
        (
            "a list nested in itself, rendered",
            input(.templates, "{{#films}}{{#films}}{{#films}}{{#days}}{{title}}{{/days}}{{/films}}{{/films}}{{/films}}"),
            .accepted(.templates)
        ),
        ("changed delimiters", input(.templates, "{{=<% %>=}}<% title %>"), .refused(.templates)),
    ]

    @Test("inputs that once crashed or hung are refused or handled", arguments: regressions.indices)
    func regression(index: Int) {
        let (name, data, expected) = Self.regressions[index]
        #expect(FuzzTarget.run(data) == expected, "\(name)")
    }

    /// What libFuzzer wrote there: `crash-…`, `timeout-…`, `oom-…`, `slow-unit-…`, `leak-…`.
    static let keptFiles: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: kept.path)) ?? []).filter { name in
        ["crash-", "timeout-", "oom-", "slow-unit-", "leak-"].contains { name.hasPrefix($0) }
    }.sorted()

    @Test("every input the fuzzer kept runs to an outcome", .enabled(if: !keptFiles.isEmpty, "no input kept by scripts/fuzz yet"))
    func kept() throws {
        for file in Self.keptFiles {
            let data = try Data(contentsOf: Self.kept.appendingPathComponent(file))
            #expect(FuzzTarget.run(data) != .empty || data.isEmpty, "\(file)")
        }
    }
}
