import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeServices

@Suite("The daily totals index beside the cache")
struct DailyTotalsIndexTests {
    /// A day's two totals, compared apart from its films (which each chart's rows give).
    struct Sums: Equatable {
        var audience: Int64
        var sales: Int64
        init(_ audience: Int64, _ sales: Int64) { (self.audience, self.sales) = (audience, sales) }
    }

    static let day = Day("2025-03-03")

    func chart(_ audiences: [Int64]) -> DailyChart {
        DailyChart(
            date: Self.day,
            entries: audiences.enumerated().map { index, audience in
                ChartEntry(rank: index + 1, movieCode: "2025000\(index)", title: "F\(index)", sales: audience * 10, audience: audience)
            })
    }

    @Test("a chart is read once: later runs take its totals from the index until the chart is written again")
    func readOnceUntilRewritten() throws {
        let folder = try ScratchFolder()
        let cache = ResponseCache(directory: folder.url)
        let key = KOBISCacheKeys.chart(Self.day, filters: .init())
        var reads = 0
        func totals(_ index: DailyTotalsIndex, _ chart: DailyChart) -> DailyTotalsIndex.Totals? {
            index.totals(on: Self.day) {
                reads += 1
                return chart
            }
        }

        // Not cached: nothing to index, whatever is at hand.
        #expect(totals(DailyTotalsIndex(cache: cache, filters: .init()), chart([1])) == nil && reads == 0)

        try cache.write(key, body: Data("first".utf8), fetchedAt: Date())
        let first = DailyTotalsIndex(cache: cache, filters: .init())
        #expect(totals(first, chart([100, 20]))?.sums == Sums(120, 1_200) && reads == 1)
        first.save()
        let second = DailyTotalsIndex(cache: cache, filters: .init())
        #expect(totals(second, chart([999]))?.sums == Sums(120, 1_200) && reads == 1, "from the index, the chart not read")

        // A re-fetched chart (a provisional day, --refresh) has a new stamp: read afresh.
        try cache.write(key, body: Data("second, longer".utf8), fetchedAt: Date())
        let third = DailyTotalsIndex(cache: cache, filters: .init())
        #expect(totals(third, chart([50]))?.sums == Sums(50, 500) && reads == 2)
        third.save()
        #expect(totals(DailyTotalsIndex(cache: cache, filters: .init()), chart([7]))?.sums == Sums(50, 500) && reads == 2)

        // Another filter has an index of its own.
        let korean = KOBISFilters(nation: .korean)
        try cache.write(KOBISCacheKeys.chart(Self.day, filters: korean), body: Data("k".utf8), fetchedAt: Date())
        #expect(DailyTotalsIndex(cache: cache, filters: korean).totals(on: Self.day) { chart([3]) }?.sums == Sums(3, 30))
    }

    @Test("a damaged index file is read as empty and rebuilt; the chart is read again")
    func damagedIndex() throws {
        let folder = try ScratchFolder()
        let cache = ResponseCache(directory: folder.url)
        try cache.write(KOBISCacheKeys.chart(Self.day, filters: .init()), body: Data("c".utf8), fetchedAt: Date())
        let index = DailyTotalsIndex(cache: cache, filters: .init())
        _ = index.totals(on: Self.day) { chart([10]) }
        index.save()
        let file = folder.file(DailyTotalsIndex.key(year: 2025, filters: .init()))
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 3] ^= 0x01
        try bytes.write(to: file)
        var read = false
        let again = DailyTotalsIndex(cache: cache, filters: .init()).totals(on: Self.day) {
            read = true
            return chart([10])
        }
        #expect(again?.sums == Sums(10, 100) && read)
    }

    @Test("the films at 1,000만 or more that day are kept with their cumulatives and read back; an older line without them is read again")
    func hits() throws {
        let folder = try ScratchFolder()
        let cache = ResponseCache(directory: folder.url)
        try cache.write(KOBISCacheKeys.chart(Self.day, filters: .init()), body: Data("c".utf8), fetchedAt: Date())
        var chart = chart([500_000, 300_000, 100_000])
        chart.entries[0].audienceCumulative = 12_345_678
        chart.entries[1].audienceCumulative = 9_999_999
        chart.entries[2].audienceCumulative = 10_000_000
        let index = DailyTotalsIndex(cache: cache, filters: .init())
        let expected = [
            DailyTotalsIndex.Hit(movieCode: "20250000", cumulative: 12_345_678, audience: 500_000),
            .init(movieCode: "20250002", cumulative: 10_000_000, audience: 100_000),
        ]
        #expect(index.totals(on: Self.day) { chart }?.hits == expected)
        index.save()
        var read = false
        let again = DailyTotalsIndex(cache: cache, filters: .init()).totals(on: Self.day) {
            read = true
            return chart
        }
        #expect(again?.hits == expected && !read, "from the index")

        // An index written before the hits were kept (six fields a line): the chart is read again.
        let key = DailyTotalsIndex.key(year: 2025, filters: .init())
        let stamp = try #require(cache.stamp(KOBISCacheKeys.chart(Self.day, filters: .init())))
        try cache.write(key, body: Data("\(Self.day.compact) \(stamp) 900000 9000000 - 0\n".utf8), fetchedAt: Date())
        let older = DailyTotalsIndex(cache: cache, filters: .init()).totals(on: Self.day) {
            read = true
            return chart
        }
        #expect(older?.hits == expected && read)
    }

    @Test("every charted film is kept with its cumulative and its admissions that day, and read back from the index")
    func films() throws {
        let folder = try ScratchFolder()
        let cache = ResponseCache(directory: folder.url)
        try cache.write(KOBISCacheKeys.chart(Self.day, filters: .init()), body: Data("c".utf8), fetchedAt: Date())
        var day = chart([500, 300])
        day.entries[0].audienceCumulative = 4_321
        day.entries[1].audienceCumulative = 300
        let index = DailyTotalsIndex(cache: cache, filters: .init())
        let expected = [
            DailyTotalsIndex.Hit(movieCode: "20250000", cumulative: 4_321, audience: 500),
            .init(movieCode: "20250001", cumulative: 300, audience: 300),
        ]
        #expect(index.totals(on: Self.day) { day }?.films == expected)
        index.save()
        let again = DailyTotalsIndex(cache: cache, filters: .init()).totals(on: Self.day) { nil }
        #expect(again?.films == expected && again?.hits == [], "from the index; none at 1,000만")
    }
}

extension DailyTotalsIndex.Totals {
    var sums: DailyTotalsIndexTests.Sums { .init(audience, sales) }
}
