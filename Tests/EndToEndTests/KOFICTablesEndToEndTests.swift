import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation
import TestSupport
import Testing

/// `rank`'s tables that complete KOFIC's 결산 (issue 63), each checked against sums this test takes
/// from the simulation's own charts and movie list.
@Suite("rank's KOFIC tables, end to end", .serialized)
struct KOFICTablesEndToEndTests {
    func run(_ arguments: [String], _ server: FakeKOBISServer, _ folder: TemporaryFolder, today: String) async throws -> BoxOfficeProcess.Result {
        try await BoxOfficeProcess.run(arguments, kobis: server, folder: folder, today: today)
    }

    func table(_ folder: TemporaryFolder, _ name: String) throws -> [[String: String]] {
        try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/\(name)")))
    }

    func json(_ folder: TemporaryFolder, _ name: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/\(name)"))) as? [String: Any])
    }

    /// A chart body's rows.
    static func rows(_ body: [String: Any], _ list: String) -> [[String: String]] {
        (body["boxOfficeResult"] as? [String: Any])?[list] as? [[String: String]] ?? []
    }

    /// Every page of the movie list of `year`'s releases.
    static func listed(_ kobis: SimulatedKOBIS, _ year: Int) -> [[String: Any]] {
        let first = kobis.releaseListBody(years: year...year, page: 1, perPage: 100)["movieListResult"] as! [String: Any]
        let pages = ((first["totCnt"] as! Int) + 99) / 100
        return (1...max(1, pages)).flatMap { page in
            (kobis.releaseListBody(years: year...year, page: page, perPage: 100)["movieListResult"] as! [String: Any])["movieList"]
                as! [[String: Any]]
        }
    }

    static let year = DateRange(start: Day(iso: "2024-01-01")!, end: Day(iso: "2024-12-31")!)

    @Test(
        "rank 2024: quarters and halves sum the months, the months by nation add up to the year's Korean and foreign admissions, the diversity films equal the weekly multiMovieYn=Y charts, the releases the movie list, and the leagues split by side"
    )
    func yearTables() async throws {
        let films = SyntheticCatalogue.films(covering: Self.year)
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let result = try await run(["rank", "2024", "--no-look-back", "-f", "csv,json,md", "--quiet"], server, folder, today: "2025-01-05")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let kobis = SimulatedKOBIS(films: films)
        let byCode = Dictionary(uniqueKeysWithValues: films.map { ($0.code, $0) })

        // Quarters and halves: the months' sums.
        let months = try table(folder, "rank-2024-months.csv")
        let quarters = try table(folder, "rank-2024-quarters.csv")
        func summed(_ numbers: ClosedRange<Int>) -> Int64 {
            months.filter { numbers.contains(Int($0["month"]!.suffix(2))!) }.reduce(0) { $0 + Int64($1["audience"]!)! }
        }
        #expect(quarters.map { $0["period"]! } == ["2024-Q1", "2024-Q2", "2024-Q3", "2024-Q4", "2024-H1", "2024-H2"])
        let parts: [ClosedRange<Int>] = [1...3, 4...6, 7...9, 10...12, 1...6, 7...12]
        #expect(quarters.map { Int64($0["audience"]!)! } == parts.map(summed))

        // Months by nation: each month's rows add up to the month; 한국 to its Korean admissions, the rest to its foreign.
        let byNation = try table(folder, "rank-2024-month_nations.csv")
        for month in months {
            let own = byNation.filter { $0["month"] == month["month"] }
            #expect(own.reduce(0) { $0 + Int64($1["audience"]!)! } == Int64(month["audience"]!)!)
            #expect(own.filter { $0["nation"] == "한국" }.reduce(0) { $0 + Int64($1["audience"]!)! } == Int64(month["korean_audience"]!)!)
            let foreign = own.filter { $0["nation"] != "한국" && $0["nation"] != "" }.reduce(Int64(0)) { $0 + Int64($1["audience"]!)! }
            #expect(foreign == Int64(month["foreign_audience"]!)!)
        }

        // Diversity films: the weekly multiMovieYn=Y charts of 2024's ISO weeks, summed.
        let weeks = ChartPeriod.weeks(thursdaysIn: Self.year, endingBy: Day(iso: "2025-01-04")!)
        #expect(weeks.count == 52 && weeks.first?.start.iso == "2024-01-01" && weeks.last?.end.iso == "2024-12-29")
        var truth: [String: Int64] = [:]
        for week in weeks {
            for row in Self.rows(kobis.weeklyChartBody(week, filters: KOBISFilters(films: .diversity)), "weeklyBoxOfficeList") {
                truth[row["movieCd"]!, default: 0] += Int64(row["audiCnt"]!)!
            }
        }
        let diversity = try table(folder, "rank-2024-diversity_films.csv")
        #expect(!truth.isEmpty && Dictionary(uniqueKeysWithValues: diversity.map { ($0["movie_cd"]!, Int64($0["audience"]!)!) }) == truth)
        for row in diversity { #expect(row["korean"] == String(byCode[row["movie_cd"]!]!.nations.first == "한국")) }
        let ranking = try json(folder, "rank-2024.json")
        let block = try #require(ranking["diversity_films"] as? [String: Any])
        #expect(block["basis"] as? String == "weekly" && block["charts"] as? Int == 52)

        // Releases: the movie list's 개봉 films opening in 2024, each charted when the year's charts name it.
        var charted = Set<String>()
        for day in Self.year { for row in Self.rows(kobis.dailyChartBody(on: day), "dailyBoxOfficeList") { charted.insert(row["movieCd"]!) } }
        let released = Self.listed(kobis, 2024).filter { $0["prdtStatNm"] as? String == "개봉" && ($0["openDt"] as! String).hasPrefix("2024") }
        let releases = try table(folder, "rank-2024-releases.csv")
        #expect(Set(releases.map { $0["movie_cd"]! }) == Set(released.map { $0["movieCd"] as! String }) && releases.count == released.count)
        for row in releases { #expect(row["charted"] == String(charted.contains(row["movie_cd"]!))) }
        let markdown = try String(contentsOf: folder.url.appendingPathComponent("Reports/rank-2024.md"), encoding: .utf8)
        let korean = released.filter { ($0["nationAlt"] as! String).hasPrefix("한국") }.count
        #expect(markdown.contains("has \(released.count) films opening in the period (\(korean) Korean, \(released.count - korean) foreign)"))
        #expect(markdown.contains("## Quarters and halves") || markdown.contains("## By quarter and half"))
        #expect(markdown.contains("## Diversity films") && markdown.contains("## Months by nation") && markdown.contains("## Releases"))

        // The leagues by side: Korean and foreign films, sales and sales shares add up.
        for name in ["distributors", "grades"] {
            let rows = try table(folder, "rank-2024-\(name).csv")
            for row in rows where name == "grades" { #expect(Int(row["korean_films"]!)! + Int(row["foreign_films"]!)! == Int(row["films"]!)!) }
            let salesShares = rows.reduce(0.0) { $0 + Double($1["sales_share_pct"]!)! }
            if name == "grades" { #expect(abs(salesShares - 100) < 0.1, "\(name): the sales shares make 100 %") }
            let koreanRanks = rows.compactMap { Int($0["korean_rank"]!) }.sorted()
            #expect(koreanRanks == Array(1...max(1, koreanRanks.count)).prefix(koreanRanks.count).map { $0 })
        }
    }

    @Test(
        "rank 2024 with 2017–2019 and 2023 cached: the ten years are each year's charts, with the change on the year before, the price, per person over that year's population, releases and peak screens; the years not cached are named; offline with 2024 alone, it says what it could not compare and sends nothing"
    )
    func tenYears() async throws {
        let films = SyntheticCatalogue.films(covering: DateRange(start: Day(iso: "2017-01-01")!, end: Day(iso: "2024-12-31")!))
        let server = try FakeKOBISServer(films: films)
        let alone = try TemporaryFolder()
        let fetched = try await run(["fetch", "2024-01-01..2024-12-31", "--quiet"], server, alone, today: "2025-01-05")
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let calls = server.server.requests.count
        let offline = try await run(["rank", "2024", "--offline", "--no-look-back", "-f", "json,md"], server, alone, today: "2025-01-05")
        #expect(offline.status == 0 && server.server.requests.count == calls, "offline sends nothing: \(offline.stderr)")
        let notes = try #require(try json(alone, "rank-2024.json")["notes"] as? [String])
        #expect(
            notes.contains("The ten years could not compare 2015–2023: not cached (boxoffice fetch fills them); nor could the 2017–2019 average."))
        #expect(notes.contains { $0.hasPrefix("Releases: KOBIS's movie list of 2024 could not be had") })

        let folder = try TemporaryFolder()
        // A year's charts and films a day: four years in one day would spend more than KOBIS's 3,000 calls.
        for (index, year) in ["2017", "2018", "2019", "2023"].enumerated() {
            let fetched = try await run(["fetch", "\(year)-01-01..\(year)-12-31", "--quiet"], server, folder, today: "2024-12-2\(index + 5)")
            #expect(fetched.status == 0, "\(fetched.stderr)")
        }
        // The movie list of 2019 cached: its releases are counted in its row.
        _ = try await run(["rank", "2019", "--no-look-back", "-f", "json", "--quiet"], server, folder, today: "2025-01-05")
        let result = try await run(["rank", "2024", "--no-look-back", "-f", "csv,json,md", "--quiet"], server, folder, today: "2025-01-05")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let kobis = SimulatedKOBIS(films: films)
        let rows = try table(folder, "rank-2024-same_span.csv")
        #expect(rows.map { Int($0["year"]!)! } == [2017, 2018, 2019, 2023, 2024])
        var totals: [Int: (audience: Int64, sales: Int64, screens: Int64)] = [:]
        for year in [2017, 2018, 2019, 2023, 2024] {
            var sum: (audience: Int64, sales: Int64, screens: Int64) = (0, 0, 0)
            for day in DateRange(start: Day(year: year, month: 1, day: 1)!, end: Day(year: year, month: 12, day: 31)!) {
                for row in Self.rows(kobis.dailyChartBody(on: day), "dailyBoxOfficeList") {
                    sum = (sum.audience + Int64(row["audiCnt"]!)!, sum.sales + Int64(row["salesAmt"]!)!, max(sum.screens, Int64(row["scrnCnt"]!)!))
                }
            }
            totals[year] = sum
        }
        for row in rows {
            let year = Int(row["year"]!)!
            let truth = totals[year]!
            #expect(Int64(row["audience"]!) == truth.audience && Int64(row["peak_screens"]!) == truth.screens, "\(year)")
            #expect(Int64(row["average_ticket_price"]!) == Int64((Double(truth.sales) / Double(truth.audience)).rounded()))
            let population = Population.population(in: year)!
            #expect(row["population_year"] == String(min(year, 2020)) && population.year == min(year, 2020))
            #expect(
                row["audience_per_person"] == String(format: "%.4f", (Double(truth.audience) / Double(population.people) * 10_000).rounded() / 10_000)
            )
            let before = totals[year - 1]
            #expect(
                row["change_pct"] == before.map {
                    String(format: "%.1f", (Double(truth.audience) / Double($0.audience) * 1_000 - 1_000).rounded() / 10)
                } ?? "")
        }
        let released2019 = Self.listed(kobis, 2019).filter { $0["prdtStatNm"] as? String == "개봉" }.count
        #expect(rows.first { $0["year"] == "2019" }?["releases"] == String(released2019) && rows.first { $0["year"] == "2018" }?["releases"] == "")
        // The period's own year counts the list this very run fetched.
        let released2024 = Self.listed(kobis, 2024).filter { $0["prdtStatNm"] as? String == "개봉" && ($0["openDt"] as! String).hasPrefix("2024") }
            .count
        let notes2024 = try json(folder, "rank-2024.json")["notes"] ?? ""
        #expect(rows.last?["releases"] == String(released2024), "\(notes2024)")
        // 2019's population is the bundled table's own: Seoul's and the others' at the end of 2019.
        #expect(Population.population(in: 2019)?.people == 51_849_861 && Population.population(of: "0105001", in: 2019)?.people == 9_729_107)
        let compared = try #require(try json(folder, "rank-2024.json")["notes"] as? [String])
        #expect(compared.contains("The ten years could not compare 2015–2016, 2020–2022: not cached (boxoffice fetch fills them)."))
        let markdown = try String(contentsOf: folder.url.appendingPathComponent("Reports/rank-2024.md"), encoding: .utf8)
        #expect(markdown.contains("## Ten years") && markdown.contains("of the 2017–2019 average"), "the baseline sentence")

        // One fact, one answer: a year's row in the ten years is its row in a multi-year rank's years table.
        let span = try await run(["rank", "2023..2024", "--offline", "--no-look-back", "-f", "csv", "--quiet"], server, folder, today: "2025-01-05")
        #expect(span.status == 0, "\(span.stderr)")
        let years = try table(folder, "rank-2023-2024-years.csv")
        for year in years {
            let ten = try #require(rows.first { $0["year"] == year["year"] })
            for column in ["audience", "sales", "average_ticket_price", "korean_share_pct"] {
                #expect(ten[column] == year[column], "\(year["year"]!) \(column): the ten years and the years table")
            }
        }
    }

    @Test(
        "rank 2019-07 --regions: each region's figures are its weekly charts' sums, per person over its 2019 population; with a budget for three regions, the other fourteen are named and the ranking is still written"
    )
    func regions() async throws {
        let range = DateRange(start: Day(iso: "2019-07-01")!, end: Day(iso: "2019-07-31")!)
        let films = SyntheticCatalogue.films(covering: range)
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let warm = try await run(["rank", "2019-07", "--no-look-back", "-f", "json", "--quiet"], server, folder, today: "2025-01-05")
        #expect(warm.status == 0, "\(warm.stderr)")
        // The regions' list once (it is cached long), then 3 regions × 4 weeks (the Thursdays 4, 11, 18 and 25 July).
        let budgeted = try await run(
            ["rank", "2019-07", "--no-look-back", "--regions", "--budget", "13", "-f", "csv,json,md", "--quiet"], server, folder, today: "2025-01-05")
        #expect(budgeted.status == 0, "a short budget still writes: \(budgeted.stderr)")
        let kobis = SimulatedKOBIS(films: films)
        let weeks = ChartPeriod.weeks(thursdaysIn: range, endingBy: Day(iso: "2025-01-04")!)
        #expect(weeks.map(\.start.iso) == ["2019-07-01", "2019-07-08", "2019-07-15", "2019-07-22"])
        let regions = try table(folder, "rank-2019-07-region_totals.csv")
        #expect(regions.map { $0["region_cd"]! } == ["0105001", "0105002", "0105003"], "the first three regions of the code list, whole")
        let ranking = try json(folder, "rank-2019-07.json")
        let missing = try #require((ranking["regions"] as? [String: Any])?["regions_missing"] as? [String])
        #expect(missing.count == 14)
        #expect(
            (ranking["notes"] as? [String])?.contains {
                $0.hasPrefix("Regions: 14 of the 17 regions are left out") && $0.contains(missing.joined(separator: ", "))
            } == true)

        let whole = try await run(
            ["rank", "2019-07", "--no-look-back", "--regions", "-f", "csv,json,xlsx", "--quiet"], server, folder, today: "2025-01-05")
        #expect(whole.status == 0 && whole.stderr.isEmpty, "\(whole.stderr)")
        let all = try table(folder, "rank-2019-07-region_totals.csv")
        #expect(all.count == 17)
        // A spreadsheet reads the CSV's 0105001 as 105001 (docs/tables.md); the workbook keeps the code as text.
        let workbook = try XLSXReader(Data(contentsOf: folder.url.appendingPathComponent("Reports/rank-2019-07.xlsx")))
        let sheet = try #require(workbook.sheetNames.firstIndex(of: "region_totals"))
        let codes = try workbook.rows(ofSheet: sheet + 1).dropFirst().compactMap { $0.first ?? nil }
        #expect(codes.map(\.value) == all.map { $0["region_cd"]! } && codes.allSatisfy { $0.type == "inlineStr" })
        var total: Int64 = 0
        for row in all {
            let code = row["region_cd"]!
            let sums = weeks.flatMap { Self.rows(kobis.weeklyChartBody($0, filters: KOBISFilters(area: code)), "weeklyBoxOfficeList") }
            let audience = sums.reduce(Int64(0)) { $0 + Int64($1["audiCnt"]!)! }
            total += audience
            #expect(Int64(row["charted_audience"]!) == audience && Int64(row["charted_sales"]!) == sums.reduce(0) { $0 + Int64($1["salesAmt"]!)! })
            let people = Population.population(of: code, in: 2019)!.people
            #expect(row["population"] == String(people) && row["population_year"] == "2019")
            #expect(row["audience_per_person"] == String(format: "%.4f", (Double(audience) / Double(people) * 10_000).rounded() / 10_000))
        }
        let shares = all.reduce(0.0) { $0 + Double($1["share_of_regions_pct"]!)! }
        #expect(abs(shares - 100) < 0.2 && total > 0)
        // Every region's and diversity chart was a call of the ledger's, as every call is: its count is what KOBIS received.
        let regional = server.periodRequests.filter { $0.query["wideAreaCd"] != nil }.count
        let diverse = server.chartRequests.filter { $0.query["multiMovieYn"] == "Y" }.count
        #expect(regional == 17 * 4 && diverse == 31, "each region's four weeks once, each day's diversity chart once")
        let quota = try await run(["quota", "-f", "json"], server, folder, today: "2025-01-05")
        let ledger = try #require(try JSONSerialization.jsonObject(with: Data(quota.stdout.utf8)) as? [String: Any])
        #expect((ledger["rows"] as? [[String: Any]])?.first?["spent"] as? Int == server.server.requests.count)

        // A period with no week whose Thursday is in it has no region, and says why.
        let weekend = try await run(
            ["rank", "2019-07-05..2019-07-07", "--no-look-back", "--regions", "-f", "json"], server, folder, today: "2025-01-05")
        #expect(weekend.status == 0 && !weekend.stdoutLines.contains { $0.contains("region_totals") }, "\(weekend.stderr)")
        let notes = try #require(try json(folder, "rank-2019-07-05_2019-07-07.json")["notes"] as? [String])
        #expect(notes.contains { $0.hasPrefix("Regions: KOBIS's regional charts are weekly, and the period holds no ended week") })
    }

    @Test("rank 2019 --regions, a whole year: each region's 52 weeks summed are its weekly charts', per person over its population of 2019")
    func regionsOfAYear() async throws {
        let year = DateRange(start: Day(iso: "2019-01-01")!, end: Day(iso: "2019-12-31")!)
        let films = SyntheticCatalogue.films(covering: year)
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let result = try await run(["rank", "2019", "--no-look-back", "--regions", "-f", "csv", "--quiet"], server, folder, today: "2025-01-05")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let kobis = SimulatedKOBIS(films: films)
        let weeks = ChartPeriod.weeks(thursdaysIn: year, endingBy: Day(iso: "2025-01-04")!)
        #expect(weeks.count == 52 && weeks.first?.start.iso == "2018-12-31" && weeks.last?.end.iso == "2019-12-29")
        let rows = try table(folder, "rank-2019-region_totals.csv")
        #expect(rows.count == 17)
        for row in rows {
            let code = row["region_cd"]!
            let audience = weeks.flatMap { Self.rows(kobis.weeklyChartBody($0, filters: KOBISFilters(area: code)), "weeklyBoxOfficeList") }
                .reduce(Int64(0)) { $0 + Int64($1["audiCnt"]!)! }
            #expect(Int64(row["charted_audience"]!) == audience && row["weeks"] == "52", "\(code)")
            let people = Population.population(of: code, in: 2019)!.people
            #expect(row["audience_per_person"] == String(format: "%.4f", (Double(audience) / Double(people) * 10_000).rounded() / 10_000))
        }
    }
}
