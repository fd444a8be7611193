import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficeServices
import Foundation

/// What the fuzzer feeds: the first byte of an input picks the parser, the rest is its input.
///
/// Each parser may refuse its input with its own error; anything else (a trap, a hang, a result
/// that breaks the parser's promises) is a defect. Promises are checked after every success and
/// break with `fatalError`, so libFuzzer keeps the input as a crash. The same entry point replays
/// every kept input in the unit tests (`Tests/UnitTestSupport/Fixtures/fuzz/`).
package enum FuzzTarget: UInt8, CaseIterable, Sendable {
    case dailyChart, movieInfo, tmdbPage, tmdbDetails, dateRange, templates

    /// The parser an input is for, and the input itself.
    package static func split(_ data: Data) -> (FuzzTarget, Data)? {
        guard let first = data.first else { return nil }
        return (FuzzTarget(rawValue: first % UInt8(allCases.count))!, data.dropFirst())
    }

    /// An input for `target`: its selector byte, then `body`.
    package static func input(_ target: FuzzTarget, _ body: Data) -> Data {
        Data([target.rawValue]) + body
    }

    /// How an input ended, for tests that replay the kept inputs.
    package enum Outcome: Equatable, Sendable {
        case empty
        case accepted(FuzzTarget)
        case refused(FuzzTarget)
    }

    /// A fixed "today" so ranges are reproducible: 2026-11-22 in Seoul.
    static let calendar = SeoulCalendar(pinnedToday: Day(year: 2026, month: 11, day: 22)!)

    @discardableResult
    package static func run(_ data: Data) -> Outcome {
        guard let (target, body) = split(data) else { return .empty }
        return target.run(Data(body)) ? .accepted(target) : .refused(target)
    }

    /// True when the parser accepted `body` (and its result kept every promise).
    func run(_ body: Data) -> Bool {
        switch self {
        case .dailyChart:
            let date = Day(year: 2024, month: 3, day: 15)!
            Self.agree(
                Self.outcome { try KOBISDecoding.dailyChart(body, date: date, scanning: true) },
                Self.outcome { try KOBISDecoding.dailyChart(body, date: date, scanning: false) })
            guard case .value(let chart)? = try? KOBISDecoding.dailyChart(body, date: date) else {
                return false
            }
            Self.check(chart)
            return true
        case .movieInfo:
            Self.agree(
                Self.outcome { try KOBISDecoding.movieInfo(body, code: "20124079", scanning: true) },
                Self.outcome { try KOBISDecoding.movieInfo(body, code: "20124079", scanning: false) })
            return (try? KOBISDecoding.movieInfo(body, code: "20124079")) != nil
        case .tmdbPage:
            guard let page = try? TMDBDecoding.page(body) else { return false }
            Self.promise(page.results.count <= 100_000, "a page decoded more results than its body could hold")
            return true
        case .tmdbDetails:
            return (try? TMDBDecoding.details(body, id: 550)) != nil
        case .dateRange:
            guard let text = String(data: body, encoding: .utf8), let range = try? DateRange.parse(text, calendar: Self.calendar) else {
                return false
            }
            Self.promise(range.start >= DateRange.earliest, "a range before 2003-11-11: \(range.start.iso)")
            Self.promise(range.end < Self.calendar.today, "a range reaching today: \(range.end.iso)")
            Self.promise(range.start <= range.end, "a reversed range")
            return true
        case .templates:
            return Self.loadAndRender(body)
        }
    }

    /// The chart promises the report relies on: at most ten rows, every number within its bound.
    static func check(_ chart: DailyChart) {
        promise(chart.entries.count <= 10, "\(chart.entries.count) rows accepted")
        for entry in chart.entries {
            Self.promise(ChartBounds.rank.contains(Int64(entry.rank)), "rank \(entry.rank) accepted")
            Self.promise(ChartBounds.audience.contains(entry.audience), "audience \(entry.audience) accepted")
            Self.promise(ChartBounds.audienceCumulative.contains(entry.audienceCumulative), "cumulative audience accepted")
            Self.promise(ChartBounds.sales.contains(entry.sales), "sales \(entry.sales) accepted")
            Self.promise(ChartBounds.screens.contains(entry.screens), "screens \(entry.screens) accepted")
            Self.promise(entry.salesShare.isFinite && entry.audienceChangePercent.isFinite, "a non-finite rate accepted")
        }
    }

    /// Up to three templates, separated by NUL, replace `report.md`, `html-chart` and
    /// `html-style` (so partials can include each other); whatever loads is rendered against a
    /// small view model with nested lists.
    static func loadAndRender(_ body: Data) -> Bool {
        let parts = body.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let names = ["report.md", "html-chart", "html-style"]
        let texts = Dictionary(uniqueKeysWithValues: zip(names, parts))
        guard let templates = try? ReportTemplates.load(replacing: texts, origin: "fuzz") else { return false }
        for name in names.prefix(parts.count) {
            _ = try? templates.render(name, sampleContext)
        }
        return true
    }

    /// Lists inside lists, text with markup, numbers: enough for a template to recurse into.
    nonisolated(unsafe) static let sampleContext: [String: Any] = {
        let row: [String: Any] = ["rank": 1, "title": "<기생충> & \"Parasite\"", "audience": "1,234", "isNew": true]
        let film: [String: Any] = ["rank": 1, "title": "괴물", "days": [row, row, row], "genres": ["드라마", "스릴러"]]
        return [
            "title": "Box office", "films": [film, film, film, film], "days": [["date": "2024-03-15", "entries": [row, row]]],
            "summary": ["days": 2, "films": 4], "provisional": false,
        ]
    }()

    /// A decoder's answer (its value, fault or error), as text to compare.
    static func outcome<Value>(_ decode: () throws -> KOBISDecoding.Outcome<Value>) -> String {
        do {
            return "\(try decode())"
        } catch let error as MalformedBody {
            return "malformed \(error.reason) \(error.answersAnotherRequest)"
        } catch {
            return "\(error)"
        }
    }

    /// The scanner reads a body as the reader does, or leaves it to the reader.
    static func agree(_ scanned: String, _ read: String) {
        promise(scanned == read, "the scanner and the reader disagree: \(scanned) / \(read)")
    }

    static func promise(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz: broken promise: \(message())") }
    }
}
