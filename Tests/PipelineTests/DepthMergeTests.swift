import BoxOfficePipeline
import BoxOfficeServices
import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput

/// Issue 13, item 3: deeper daily charts merged from filtered charts.
@Suite("Depth: merging partitions into one chart")
struct DepthMergeTests {
    static let day = Day("2024-05-01")

    static func row(_ rank: Int, _ code: String, _ audience: Int64, sales: Int64? = nil, new: Bool = false, change: Int = 0) -> ChartEntry {
        ChartEntry(
            rank: rank, rankChange: change, isNew: new, movieCode: code, title: "Film \(code)", sales: sales ?? audience * 10,
            salesShare: 1, audience: audience)
    }

    /// Korean: 10 rows, 1,000 down to 100. Foreign: 4 rows (its whole market).
    static let korean = DailyChart(date: day, entries: (1...10).map { row($0, "K\($0)", Int64(1_100 - 100 * $0), change: 3) })
    static let foreign = DailyChart(
        date: day, entries: [row(1, "F1", 950), row(2, "F2", 400), row(3, "F3", 100, sales: 2_000), row(4, "F4", 50)])

    @Test("ranks come from audience, never from the partitions; R stops above the fuller partition's 10th place")
    func mergeKnownAnswer() {
        let merged = ChartDepth.merge([(.korean, Self.korean), (.foreign, Self.foreign)], on: Self.day, depth: .top20)
        #expect(merged.entries.count == 14)
        #expect(merged.depth == .top20)
        // 1,000 K1, 950 F1, 900 K2, 800 K3, 700 K4, 600 K5, 500 K6, 400 K7 and F2 (tie: more sales first,
        // equal sales: the lower code), 300 K8, 200 K9, 100 F3 (₩2,000) before K10 (₩1,000), 50 F4.
        #expect(
            merged.entries.map(\.movieCode) == ["K1", "F1", "K2", "K3", "K4", "K5", "K6", "F2", "K7", "K8", "K9", "F3", "K10", "F4"])
        #expect(merged.entries.map(\.rank) == Array(1...14))
        #expect(merged.entries.allSatisfy { $0.rankChange == 0 }, "the partitions' rank changes are not carried over")
        #expect(merged.entries.first { $0.movieCode == "F2" }?.partition == .foreign)
        #expect(merged.entries.first { $0.movieCode == "K9" }?.partition == .korean)
        // The Korean top 10 is full: a Korean film outside it sold at most 100 (K10's audience), so
        // every row above 100 is certain: 11 rows. F3 and K10 (100) could tie an unseen film.
        #expect(merged.exactThroughRank == 11)
    }

    @Test("no partition full: nothing is missing, every row is exact; a film in two partitions counts once")
    func shortPartitions() {
        let a = DailyChart(date: Self.day, entries: [Self.row(1, "X", 500), Self.row(2, "Y", 300)])
        let b = DailyChart(date: Self.day, entries: [Self.row(1, "Z", 400), Self.row(2, "Y", 300)])
        let merged = ChartDepth.merge([(.koreanDiversity, a), (.koreanCommercial, b)], on: Self.day, depth: .top40)
        #expect(merged.entries.map(\.movieCode) == ["X", "Z", "Y"])
        #expect(merged.exactThroughRank == 3)
    }

    @Test("both partitions full: R is set by the larger 10th place")
    func twoFullPartitions() {
        let foreign = DailyChart(date: Self.day, entries: (1...10).map { Self.row($0, "F\($0)", Int64(1_450 - 100 * $0)) })  // 1,350 … 450
        let merged = ChartDepth.merge([(.korean, Self.korean), (.foreign, foreign)], on: Self.day, depth: .top20)
        #expect(merged.entries.count == 20)
        // Rows above 450 (the foreign 10th): 1,350 … 550 (9 foreign) and 1,000 … 500 (6 Korean) = 15.
        #expect(merged.exactThroughRank == 15)
        #expect(merged.entries[14].audience == 500)
        #expect(merged.entries[15].audience == 450)
    }

    @Test("rows past the rank a merged day is exact through are marked: rank_exact in the model and CSV, 16* in the tables; none at depth 10")
    func rowsPastRAreMarked() throws {
        let foreign = DailyChart(date: Self.day, entries: (1...10).map { Self.row($0, "F\($0)", Int64(1_450 - 100 * $0)) })
        let merged = ChartDepth.merge([(.korean, Self.korean), (.foreign, foreign)], on: Self.day, depth: .top20)
        let report = ReportBuilder.build(range: DateRange(start: Self.day, end: Self.day), charts: [merged], movies: [:], options: .init())
        let day = try #require(report.days.first)
        #expect(day.entries.map(\.rankExact) == (1...20).map { $0 <= 15 })
        let rows = try #require(ReportView.day(day, words: .english)["rows"] as? [ViewRow])
        #expect(rows.map { $0["rank"] as? String } == (1...20).map { $0 <= 15 ? "\($0)" : "\($0)*" })
        #expect(ReportTables.table(.daily, of: report).cells(of: "rank_exact") == (1...20).map { $0 <= 15 ? "true" : "false" })
        // KOBIS's own top 10: every rank is KOBIS's, nothing marked.
        let plain = ReportBuilder.build(range: DateRange(start: Self.day, end: Self.day), charts: [Self.korean], movies: [:], options: .init())
        #expect(plain.days[0].entries.allSatisfy { $0.rankExact == nil })
        let exact = ReportTables.table(.daily, of: plain).cells(of: "rank_exact")
        #expect(exact.count == 10 && exact.allSatisfy(\.isEmpty))
    }

    @Test("rank changes of merged days compare merged charts; the first day's are unknown")
    func mergedRankChanges() {
        let first = ChartDepth.merge([(.korean, Self.korean), (.foreign, Self.foreign)], on: Self.day, depth: .top20)
        var secondKorean = Self.korean
        secondKorean.date = Self.day + 1
        let secondForeign = DailyChart(date: Self.day + 1, entries: [Self.row(1, "F2", 2_000), Self.row(2, "F1", 10)])
        let second = ChartDepth.merge([(.korean, secondKorean), (.foreign, secondForeign)], on: Self.day + 1, depth: .top20)
        let days = JoinStage.days(charts: [first, second])
        #expect(days[0].entries.allSatisfy { $0.rankChange == nil })
        let f2 = days[1].entries.first { $0.movieCode == "F2" }!
        #expect(f2.rank == 1 && f2.rankChange == 7)  // 8th the day before
        let k1 = days[1].entries.first { $0.movieCode == "K1" }!
        #expect(k1.rank == 2 && k1.rankChange == -1)
        #expect(days[1].depth == .top20 && days[1].exactThroughRank == second.exactThroughRank)
    }

    @Test("depth 20 costs exactly two chart calls a date, depth 40 four, and nothing twice")
    func callCounts() async throws {
        for (depth, perDay) in [(ChartDepth.top10, 1), (.top20, 2), (.top40, 4)] {
            let counter = RequestCounter()
            let sample = SampleData.transport()
            let transport = ClosureTransport { request in
                counter.add(request.url)
                return try await sample.send(request)
            }
            let stage = FetchStage(client: KOBISClient(transport: transport, key: "k"), width: 8)
            let output = try await stage.fetch(FetchStage.Plan(days: SampleData.week.days, depth: depth))
            let charts = counter.urls.filter { $0.path.hasSuffix("searchDailyBoxOfficeList.json") }
            #expect(charts.count == 7 * perDay, "depth \(depth.rawValue)")
            #expect(Set(charts.map(\.absoluteString)).count == charts.count, "no chart asked twice")
            #expect(output.charts.count == 7 && output.charts.allSatisfy { $0.depth == depth })
            if depth != .top10 {
                #expect(charts.allSatisfy { $0.query?.contains("repNationCd=") == true })
                #expect(!charts.contains { $0.query?.contains("repNationCd=") == false }, "the unfiltered chart is not needed")
            }
            // Depth 20 holds every film of the top 10, at the same place.
            if depth == .top20 {
                let top10 = try await FetchStage(client: KOBISClient(transport: SampleData.transport(), key: "k"), width: 8)
                    .fetch(FetchStage.Plan(days: SampleData.week.days))
                for (deep, plain) in zip(output.charts, top10.charts) {
                    #expect(deep.entries.prefix(10).map(\.movieCode) == plain.entries.map(\.movieCode))
                    #expect(deep.exactThroughRank >= 10)
                }
            }
        }
    }
}

/// Request URLs seen by a closure transport, from any task.
final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [URL] = []

    func add(_ url: URL) { lock.withLock { seen.append(url) } }
    var urls: [URL] { lock.withLock { seen } }
}
