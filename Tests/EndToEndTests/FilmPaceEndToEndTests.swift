import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation
import TestSupport
import Testing

/// Issue 29, item 3: a film's pace against the films that went on to 1,000만, on its `film` page,
/// against a loopback KOBIS whose charts the test reads itself.
@Suite("A film's pace against past hits, end to end", .serialized)
struct FilmPaceEndToEndTests {
    static let range = DateRange(start: Day(iso: "2024-01-01")!, end: Day(iso: "2024-04-30")!)

    static func blockbuster(_ code: String, _ title: String, opens: String, opening: Double, retention: Double) -> SimulatedFilm {
        SimulatedFilm(
            code: code, title: title, titleEnglish: title, nations: ["한국"], genres: ["액션"], director: ("감독", "Director"), distributor: "배급사 1",
            watchGrade: "15세이상관람가", runtimeMinutes: 130, productionYear: 2023, releaseDate: Day(iso: opens)!, openingAudience: opening,
            weeklyRetention: retention, ticketPrice: 11_000, screensAtOpening: 2_200)
    }

    /// Three films that go on to 1,000만 early in the range, and the film followed, opening late in it.
    static let films =
        SyntheticCatalogue.films(covering: range) + [
            blockbuster("20249001", "천만 하나", opens: "2024-01-03", opening: 900_000, retention: 0.82),
            blockbuster("20249002", "천만 둘", opens: "2024-01-24", opening: 650_000, retention: 0.86),
            blockbuster("20249003", "천만 셋", opens: "2024-02-07", opening: 1_100_000, retention: 0.78),
            blockbuster("20249004", "따라가는 영화", opens: "2024-03-27", opening: 800_000, retention: 0.8),
        ]

    /// Each film's chart rows by day, from the simulation itself.
    struct Truth {
        var rows: [String: [Day: [String: String]]] = [:]

        init() {
            let kobis = SimulatedKOBIS(films: FilmPaceEndToEndTests.films)
            for day in FilmPaceEndToEndTests.range.days {
                let body = kobis.dailyChartBody(on: day)["boxOfficeResult"] as! [String: Any]
                for row in body["dailyBoxOfficeList"] as! [[String: String]] { rows[row["movieCd"]!, default: [:]][day] = row }
            }
        }

        func cumulative(_ code: String, _ day: Day) -> Int64? { rows[code]?[day].map { Int64($0["audiAcc"]!)! } }
        func openDate(_ code: String) -> Day? { rows[code]?.values.compactMap { Day(iso: $0["openDt"] ?? "") }.first }
        var hits: [String] { rows.keys.filter { code in rows[code]!.values.contains { Int64($0["audiAcc"]!)! >= 10_000_000 } }.sorted() }
    }

    @Test(
        "day N's cumulative against each film the cached charts show at 1,000만, at its own day N: the charts' figures, in JSON, Markdown and Korean")
    func pace() async throws {
        let truth = Truth()
        let followed = "20249004"
        let hits = truth.hits.filter { $0 != followed }
        try #require(hits.count >= 3, "the simulation makes its blockbusters hits: \(hits)")

        let server = try FakeKOBISServer(films: Self.films)
        let folder = try TemporaryFolder()
        // A user's cache after following the season: the range's charts.
        let warm = try await BoxOfficeProcess.run(
            ["rank", "2024-01..2024-04", "--no-look-back", "-f", "json", "-q"], kobis: server, folder: folder, today: "2024-05-01")
        #expect(warm.status == 0, "\(warm.stderr)")
        let result = try await BoxOfficeProcess.run(["film", followed, "-f", "json,md", "-q"], kobis: server, folder: folder, today: "2024-05-01")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let run = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/film-\(followed).json"))) as? [String: Any]
        )
        let pace = try #require(run["pace"] as? [String: Any])

        let open = try #require(truth.openDate(followed))
        let lastDay = try #require(truth.rows[followed]?.keys.max())
        let n = open.distance(to: lastDay) + 1
        let mine = try #require(truth.cumulative(followed, lastDay))
        #expect(pace["day"] as? Int == n && pace["date"] as? String == lastDay.iso)
        #expect((pace["audience_cumulative"] as? NSNumber)?.int64Value == mine)

        let listed = try #require(pace["hits"] as? [[String: Any]])
        #expect(Set(listed.compactMap { $0["movie_cd"] as? String }) == Set(hits), "every hit in the cache, the film itself left out")
        var expectedAhead = 0
        for hit in listed {
            let code = try #require(hit["movie_cd"] as? String)
            let hitOpen = try #require(truth.openDate(code))
            var day = hitOpen + (n - 1)
            while truth.cumulative(code, day) == nil && day > hitOpen { day = day - 1 }
            let expected = try #require(truth.cumulative(code, day))
            #expect((hit["audience_cumulative"] as? NSNumber)?.int64Value == expected, "\(code) at day \(n)")
            #expect(hit["at_day"] as? Int == hitOpen.distance(to: day) + 1)
            let reached = try #require(truth.rows[code]?.filter { Int64($0.value["audiAcc"]!)! >= 10_000_000 }.keys.min())
            #expect(hit["reached_10m_day"] as? Int == hitOpen.distance(to: reached) + 1, "\(code)")
            let highest = truth.rows[code]!.values.map { Int64($0["audiAcc"]!)! }.max()!
            #expect((hit["highest_cumulative"] as? NSNumber)?.int64Value == highest)
            if expected < mine { expectedAhead += 1 }
        }
        let figures = listed.compactMap { ($0["audience_cumulative"] as? NSNumber)?.int64Value }
        #expect(figures == figures.sorted(by: >), "most admissions first")
        #expect(pace["ahead"] as? Int == expectedAhead)
        #expect(pace["charts_from"] as? String == "2024-01-01" && pace["reaches_before_2011"] as? Bool == false)

        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/film-\(followed).md"), encoding: .utf8)
        #expect(md.contains("## Pace against the films that went on to 1,000만"))
        #expect(
            md.contains(
                "On day \(n) of its release (\(lastDay.iso)), 따라가는 영화 had \(PeopleFormat.grouped(mine)) admissions: more than \(expectedAhead) of the \(hits.count) films"
            ), "\(md)")
        #expect(md.contains("| **따라가는 영화** | \(open.iso) | **\(PeopleFormat.grouped(mine))** |"))
        #expect(!md.contains("Before 2011"))

        // Korean, and from the cache alone: the same comparison, nothing sent.
        server.server.resetLog()
        let korean = try await BoxOfficeProcess.run(
            ["film", followed, "-f", "md", "--lang", "ko", "--offline", "-q"], kobis: server, folder: folder, today: "2024-05-01")
        #expect(korean.status == 0 && server.server.requests.isEmpty, "\(korean.stderr)")
        let ko = try String(contentsOf: folder.url.appendingPathComponent("Reports/film-\(followed).ko.md"), encoding: .utf8)
        #expect(ko.contains("## 1,000만 영화와 비교한 흥행 속도") && ko.contains("개봉 \(n)일째"))
    }

    @Test("the ladder: its place among the cached lifetimes, the next film to pass and the gap, as the charts hold them; a hit's 천만 count")
    func ladder() async throws {
        let truth = Truth()
        let lifetimes = truth.rows.mapValues { $0.values.map { Int64($0["audiAcc"]!)! }.max()! }
        let server = try FakeKOBISServer(films: Self.films)
        let folder = try TemporaryFolder()
        let warm = try await BoxOfficeProcess.run(
            ["rank", "2024-01..2024-04", "--no-look-back", "-f", "json", "-q"], kobis: server, folder: folder, today: "2024-05-01")
        #expect(warm.status == 0, "\(warm.stderr)")
        for code in ["20249004", "20249003"] {
            let result = try await BoxOfficeProcess.run(["film", code, "-f", "json,md", "-q"], kobis: server, folder: folder, today: "2024-05-01")
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
            let run = try #require(
                JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/film-\(code).json"))) as? [String: Any]
            )
            let ladder = try #require(run["ladder"] as? [String: Any], "\(code)")
            let mine = try #require(truth.rows[code]?.max { $0.key < $1.key }.map { Int64($0.value["audiAcc"]!)! })
            let others = lifetimes.filter { $0.key != code }
            let above = others.filter { $0.value > mine }
            #expect((ladder["audience_cumulative"] as? NSNumber)?.int64Value == mine)
            #expect(ladder["place"] as? Int == above.count + 1 && ladder["films"] as? Int == lifetimes.count, "\(ladder)")
            if let next = above.min(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
                let listed = try #require(ladder["next"] as? [String: Any])
                #expect(listed["movie_cd"] as? String == next.key && (listed["highest_cumulative"] as? NSNumber)?.int64Value == next.value)
                #expect((ladder["gap"] as? NSNumber)?.int64Value == next.value - mine)
                let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/film-\(code).md"), encoding: .utf8)
                #expect(md.contains("## On the ladder") && md.contains("Next to pass: "), "\(md)")
                #expect(md.contains("\(PeopleFormat.grouped(next.value - mine)) more."), "\(md)")
            } else {
                #expect(ladder["next"] == nil)
            }
        }
        // 천만 셋 went on to 1,000만: which one it was, by the day each was first at 1,000만 in the charts.
        let reached = Dictionary(
            uniqueKeysWithValues: truth.hits.map { code in (code, truth.rows[code]!.filter { Int64($0.value["audiAcc"]!)! >= 10_000_000 }.keys.min()!)
            })
        let order = reached.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
        let run = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/film-20249003.json"))) as? [String: Any])
        let count = try #require((run["ladder"] as? [String: Any])?["ten_million"] as? [String: Any])
        let nth = try #require(order.firstIndex(of: "20249003")) + 1
        #expect(count["nth"] as? Int == nth && count["reached"] as? String == reached["20249003"]?.iso, "\(count) \(order)")
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/film-20249003.md"), encoding: .utf8)
        #expect(md.contains("It is the \(nth)"), "\(md)")
    }

    @Test("a cache with no film at 1,000만 says there is nothing to compare with; the bundled sample has no pace")
    func noHits() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let result = try await BoxOfficeProcess.run(["film", "20259001", "-f", "md,json", "-q"], kobis: server, folder: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/film-20259001.md"), encoding: .utf8)
        #expect(md.contains("No film went on to 1,000만 in the cached charts (2025-02-19 – 2025-03-09): nothing to compare its pace with."), "\(md)")
        let sample = try await BoxOfficeProcess.run(["film", "--sample", "20259001", "-f", "json", "-o", "-"], in: folder.url)
        let json = try #require(JSONSerialization.jsonObject(with: Data(sample.stdout.utf8)) as? [String: Any])
        #expect(json["pace"] == nil)
    }
}
