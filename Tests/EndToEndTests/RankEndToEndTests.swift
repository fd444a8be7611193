import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation
import TestSupport
import Testing

/// `boxoffice rank` against a loopback KOBIS, each figure checked against sums this test takes from
/// the simulation's own charts (issue 29: rankings by totals, the 결산 summary, records, caveats).
@Suite("boxoffice rank, end to end", .serialized)
struct RankEndToEndTests {
    /// The truth: every daily chart row of `range`, straight from the simulation KOBIS answers from.
    struct Truth {
        var rows: [(day: Day, code: String, audience: Int64, cumulative: Int64, openDate: Day?)] = []

        init(_ kobis: SimulatedKOBIS, _ range: DateRange) {
            for day in range {
                let result = kobis.dailyChartBody(on: day)["boxOfficeResult"] as? [String: Any]
                for row in result?["dailyBoxOfficeList"] as? [[String: String]] ?? [] {
                    rows.append(
                        (day, row["movieCd"]!, Int64(row["audiCnt"]!)!, Int64(row["audiAcc"]!)!, Day(iso: row["openDt"] ?? "")))
                }
            }
        }

        var audienceByFilm: [String: Int64] { rows.reduce(into: [:]) { $0[$1.code, default: 0] += $1.audience } }
        var total: Int64 { rows.reduce(0) { $0 + $1.audience } }

        /// The most admissions a film drew on its open date, among films opening in the range.
        func bestOpeningDay(in range: DateRange) -> (code: String, audience: Int64)? {
            rows.filter { $0.openDate == $0.day && range.contains($0.day) }.max { ($0.audience, $1.day) < ($1.audience, $0.day) }
                .map { ($0.code, $0.audience) }
        }

        /// For each 100만 step crossed in the range, the fewest days of release it took.
        func fastest() -> [Int64: (code: String, days: Int)] {
            var best: [Int64: (code: String, days: Int, day: Day)] = [:]
            for row in rows {
                guard let open = row.openDate else { continue }
                var threshold: Int64 = 1_000_000
                while threshold <= row.cumulative {
                    if row.cumulative - row.audience < threshold {
                        let days = open.distance(to: row.day) + 1
                        if days >= 1, best[threshold].map({ (days, row.day) < ($0.days, $0.day) }) ?? true {
                            best[threshold] = (row.code, days, row.day)
                        }
                    }
                    threshold += 1_000_000
                }
            }
            return best.mapValues { ($0.code, $0.days) }
        }
    }

    func run(_ arguments: [String], _ server: FakeKOBISServer, _ folder: TemporaryFolder, today: String) async throws -> BoxOfficeProcess.Result {
        try await BoxOfficeProcess.run(arguments, kobis: server, folder: folder, today: today)
    }

    func json(_ folder: TemporaryFolder, _ name: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/\(name)"))) as? [String: Any])
    }

    static let year = DateRange(start: Day(iso: "2024-01-01")!, end: Day(iso: "2024-12-31")!)

    @Test("rank 2024: every film's admissions, the order, the totals, the best opening day and the fastest to each 100만 are the charts' own")
    func year() async throws {
        let films = SyntheticCatalogue.films(covering: Self.year)
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let result = try await run(["rank", "2024", "--no-look-back", "--top", "0"], server, folder, today: "2025-01-05")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let tables = [
            "distributors", "nations", "grades", "genres", "months", "quarters", "month_nations", "releases", "diversity_films", "weekend_totals",
        ]
        .map { "Reports/rank-2024-\($0).csv" }
        #expect(result.stdoutLines == ["md", "html", "txt", "csv"].map { "Reports/rank-2024.\($0)" } + tables + ["Reports/rank-2024.json"])
        let truth = Truth(SimulatedKOBIS(films: films), Self.year)

        let rows = try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/rank-2024.csv")))
        #expect(rows.count == truth.audienceByFilm.count, "every charted film, with --top 0")
        #expect(Dictionary(uniqueKeysWithValues: rows.map { ($0["movie_cd"]!, Int64($0["audience"]!)!) }) == truth.audienceByFilm)
        let audiences = rows.map { Int64($0["audience"]!)! }
        #expect(audiences == audiences.sorted(by: >), "ranked by admissions")
        #expect(rows.map { $0["rank"]! } == (1...rows.count).map(String.init))

        let ranking = try json(folder, "rank-2024.json")
        #expect((ranking["charted_audience"] as? NSNumber)?.int64Value == truth.total)
        #expect(ranking["start"] as? String == "2024-01-01" && ranking["end"] as? String == "2024-12-31" && ranking["asked_end"] == nil)
        let records = try #require(ranking["records"] as? [[String: Any]])
        let opening = try #require(records.first { $0["kind"] as? String == "opening_day" })
        let best = try #require(truth.bestOpeningDay(in: Self.year))
        #expect(opening["movie_cd"] as? String == best.code && (opening["value"] as? NSNumber)?.int64Value == best.audience)
        let fastest = truth.fastest()
        let milestones = records.filter { $0["kind"] as? String == "fastest_to_milestone" }
        #expect(!fastest.isEmpty && milestones.count == fastest.count, "a record for every 100만 step a film crossed")
        for record in milestones {
            let threshold = try #require((record["value"] as? NSNumber)?.int64Value)
            #expect(record["movie_cd"] as? String == fastest[threshold]?.code && record["days"] as? Int == fastest[threshold]?.days, "\(threshold)")
        }
        #expect(
            ranking["caveats"] as? [String] == [
                "charted_days_only", "co_distributed_counts_for_each", "first_listed_nation_genre", "market_audience_estimated",
                "showings_upper_bound", "records_within_span", "weekend_chart_top10",
            ])

        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/rank-2024.md"), encoding: .utf8)
        #expect(md.hasPrefix("# Box office ranking: 2024\n"))
        #expect(md.contains("| Charted audience | \(PeopleFormat.grouped(truth.total)) |"))
        #expect(md.contains("Admissions are summed over the days a film was in the daily top 10 (charted days only)"))
        #expect(md.contains("Records are the best in these charts (2024-01-01 to 2024-12-31), not of all time."))
        #expect(!md.contains("Before 2011"))
        // The HTML draws the distributor league as bars and the months as a line: one point a month, in each layout.
        let html = try String(contentsOf: folder.url.appendingPathComponent("Reports/rank-2024.html"), encoding: .utf8)
        let bars = try #require(html.firstRange(of: "<ol class=\"bars\" aria-label=\"Distributors\">").map { html[$0.upperBound...] })
        let league = try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/rank-2024-distributors.csv")))
        #expect(league.count == 9, "the catalogue's nine distributors, each under one company code")
        #expect(String(bars).components(separatedBy: "</ol>")[0].components(separatedBy: "<li>").count - 1 == min(10, league.count))
        let lines = html.components(separatedBy: "<polyline points=\"").dropFirst().map { $0.prefix { $0 != "\"" }.split(separator: " ").count }
        #expect(lines == [12, 12, 12], "a month chart in three layouts: \(lines)")

        // Everything the run fetched is cached: again, offline, nothing is sent; --all ranks that span.
        server.server.resetLog()
        let again = try await run(["rank", "--all", "--offline", "--no-look-back", "-f", "json"], server, folder, today: "2025-01-05")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(server.server.requests.isEmpty)
        #expect(again.stdoutLines == ["Reports/rank-all-2024-01-01_2024-12-31.json"])
        #expect((try json(folder, "rank-all-2024-01-01_2024-12-31.json")["charted_audience"] as? NSNumber)?.int64Value == truth.total)
    }

    /// The synthetic year, varied as KOBIS's movie infos are: every seventh film co-distributed, four
    /// genres and grades, some films from Japan with the United States second.
    static func variedFilms() -> [SimulatedFilm] {
        SyntheticCatalogue.films(covering: year).enumerated().map { index, film in
            var film = film
            if index % 7 == 3 { film.coDistributor = "배급사 \((index + 4) % 9 + 1)" }
            film.genres = [["드라마"], ["액션", "드라마"], ["코미디"], ["애니메이션", "가족"]][index % 4]
            film.watchGrade = ["전체관람가", "12세이상관람가", "15세이상관람가", "청소년관람불가"][(index / 3) % 4]
            if index % 5 == 0 { film.nations = ["일본", "미국"] }
            return film
        }
    }

    @Test(
        "rank 2024's market tables: distributors by company code (co-distributed films in full for each), nations, grades, genres and months equal the charts' and movie infos' own"
    )
    func marketTables() async throws {
        let films = Self.variedFilms()
        let byCode = Dictionary(uniqueKeysWithValues: films.map { ($0.code, $0) })
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let result = try await run(["rank", "2024", "--no-look-back", "-f", "csv,json,md", "--quiet"], server, folder, today: "2025-01-05")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")

        // The truth, from the simulation's own daily charts.
        let kobis = SimulatedKOBIS(films: films)
        var audience: [String: Int64] = [:]
        var sales: [String: Int64] = [:]
        var months: [String: (audience: Int64, sales: Int64, films: Set<String>)] = [:]
        var over40 = 0
        var over50 = 0
        for day in Self.year {
            let rows = (kobis.dailyChartBody(on: day)["boxOfficeResult"] as! [String: Any])["dailyBoxOfficeList"] as! [[String: String]]
            let showings = rows.reduce(Int64(0)) { $0 + Int64($1["showCnt"]!)! }
            if let first = rows.first, showings > 0 {
                let share = Double(Int64(first["showCnt"]!)!) / Double(showings) * 100
                if share > 40 { over40 += 1 }
                if share > 50 { over50 += 1 }
            }
            for row in rows {
                let (code, people, won) = (row["movieCd"]!, Int64(row["audiCnt"]!)!, Int64(row["salesAmt"]!)!)
                audience[code, default: 0] += people
                sales[code, default: 0] += won
                let month = String(day.iso.prefix(7))
                months[month, default: (0, 0, [])].audience += people
                months[month, default: (0, 0, [])].sales += won
                months[month, default: (0, 0, [])].films.insert(code)
            }
        }
        let total = audience.values.reduce(0, +)
        func grouped(_ key: (SimulatedFilm) -> [String]) -> [String: (films: Int, audience: Int64, sales: Int64, shared: Int)] {
            var groups: [String: (films: Int, audience: Int64, sales: Int64, shared: Int)] = [:]
            for (code, people) in audience {
                let keys = key(byCode[code]!)
                for group in keys {
                    groups[group, default: (0, 0, 0, 0)].films += 1
                    groups[group, default: (0, 0, 0, 0)].audience += people
                    groups[group, default: (0, 0, 0, 0)].sales += sales[code]!
                    if keys.count > 1 { groups[group, default: (0, 0, 0, 0)].shared += 1 }
                }
            }
            return groups
        }
        func table(_ name: String) throws -> [[String: String]] {
            try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/rank-2024-\(name).csv")))
        }
        func figures(_ rows: [[String: String]], key: String) -> [String: (films: Int, audience: Int64, sales: Int64, shared: Int)] {
            Dictionary(
                uniqueKeysWithValues: rows.map {
                    ($0[key]!, (Int($0["films"]!)!, Int64($0["audience"]!)!, Int64($0["sales"]!)!, Int($0["shared_films"] ?? "0")!))
                })
        }
        func same(
            _ lhs: [String: (films: Int, audience: Int64, sales: Int64, shared: Int)],
            _ rhs: [String: (films: Int, audience: Int64, sales: Int64, shared: Int)]
        ) -> Bool {
            lhs.count == rhs.count && lhs.allSatisfy { key, value in rhs[key].map { $0 == value } ?? false }
        }

        let distributors = try table("distributors")
        let expected = grouped { film in ([film.distributor] + (film.coDistributor.map { [$0] } ?? [])).map(SimulatedKOBIS.companyCode) }
        #expect(same(figures(distributors, key: "company_cd"), expected), "\(distributors.prefix(3))")
        #expect(expected.values.contains { $0.shared > 0 }, "the year has co-distributed films")
        #expect(
            distributors.allSatisfy { row in
                films.contains { SimulatedKOBIS.companyCode($0.distributor) == row["company_cd"] && $0.distributor == row["distributor"] }
                    || films.contains { $0.coDistributor == row["distributor"] }
            })
        #expect(distributors.map { Int64($0["audience"]!)! }.reduce(0, +) > total, "shared films count for each: the league adds up to more")
        let koreanTotal = audience.filter { byCode[$0.key]!.nations.first == "한국" }.values.reduce(0, +)
        for row in distributors {
            let expected = (Double(Int64(row["korean_audience"]!)!) / Double(koreanTotal) * 10_000).rounded() / 100
            #expect(row["korean_share_pct"] == String(format: "%.2f", expected), "\(row)")
        }
        #expect(same(figures(try table("nations"), key: "nation"), grouped { [$0.nations.first!] }))
        #expect(same(figures(try table("grades"), key: "watch_grade"), grouped { [$0.watchGrade] }))
        #expect(same(figures(try table("genres"), key: "genre"), grouped { [$0.genres.first!] }))

        let monthRows = try table("months")
        #expect(monthRows.map { $0["month"]! } == (1...12).map { String(format: "2024-%02d", $0) })
        for row in monthRows {
            let truth = try #require(months[row["month"]!])
            #expect(Int64(row["audience"]!)! == truth.audience && Int64(row["sales"]!)! == truth.sales && Int(row["films"]!)! == truth.films.count)
        }
        #expect(monthRows.map { Int64($0["audience"]!)! }.reduce(0, +) == total, "the months add up to the year")

        let ranking = try json(folder, "rank-2024.json")
        let market = try #require(ranking["market"] as? [String: Any])
        let chartedSales = sales.values.reduce(0, +)
        let price = Int64((Double(chartedSales) / Double(total)).rounded())
        #expect((market["average_ticket_price"] as? NSNumber)?.int64Value == price)
        let estimatedSales = try #require((ranking["estimated_market_sales"] as? NSNumber)?.int64Value)
        #expect((market["estimated_market_audience"] as? NSNumber)?.int64Value == Int64((Double(estimatedSales) / Double(price)).rounded()))
        let concentration = try #require(market["concentration"] as? [String: Any])
        #expect(concentration["days_over_40_pct"] as? Int == over40 && concentration["days_over_50_pct"] as? Int == over50)
        let koreanTop = try #require(market["korean_top"] as? [[String: Any]])
        let korean = audience.filter { byCode[$0.key]!.nations.first == "한국" }.sorted { $0.value > $1.value }.prefix(10)
        #expect(koreanTop.map { $0["movie_cd"] as? String } == korean.map(\.key))

        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/rank-2024.md"), encoding: .utf8)
        for heading in ["## Distributors", "## By nation", "## By watch grade", "## By genre", "## By month", "## Korean films' top 10"] {
            #expect(md.contains("\n\(heading)\n"), "\(heading)")
        }
        #expect(md.contains("so the distributors' shares add up to more than 100 %"))
        #expect(md.contains("The whole market's admissions are an estimate"))
    }

    @Test("each day's #1 share of the charted showings and screens in the days CSV is the chart's own showCnt and scrnCnt, to 0.1")
    func dailyShares() async throws {
        let films = Self.variedFilms()
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let result = try await run(
            ["report", "2024-03-01..2024-03-07", "--no-look-back", "--no-tmdb", "-f", "csv", "--quiet"], server, folder, today: "2025-01-05")
        #expect(result.status == 0, "\(result.stderr)")
        let days = try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2024-03-01_2024-03-07-days.csv")))
        #expect(days.count == 7)
        let kobis = SimulatedKOBIS(films: films)
        for row in days {
            let chart =
                (kobis.dailyChartBody(on: Day(iso: row["date"]!)!)["boxOfficeResult"] as! [String: Any])["dailyBoxOfficeList"] as! [[String: String]]
            for (column, key) in [("top_showing_share_pct", "showCnt"), ("top_screen_share_pct", "scrnCnt")] {
                let figures = chart.map { Double($0[key]!)! }
                let share = figures[0] / figures.reduce(0, +) * 100
                #expect(abs(Double(row[column]!)! - share) <= 0.05 + 1e-9, "\(row["date"]!) \(column): \(row[column]!) for \(share)")
            }
        }
    }

    @Test("a period over two calendar years: each year's indicators and distributor league are its charts' own, and add up to the period")
    func years() async throws {
        let films = Self.variedFilms()
        let byCode = Dictionary(uniqueKeysWithValues: films.map { ($0.code, $0) })
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let result = try await run(
            ["rank", "2023-12-01..2024-01-31", "--no-look-back", "-f", "csv,json"], server, folder, today: "2025-01-05")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let base = "Reports/rank-2023-12-01_2024-01-31"
        #expect(result.stdoutLines.contains(base + "-years.csv") && result.stdoutLines.contains(base + "-distributor_years.csv"))

        let kobis = SimulatedKOBIS(films: films)
        var byYear: [Int: (audience: Int64, sales: Int64, market: Int64, korean: Int64, films: [String: Int64])] = [:]
        for day in DateRange(start: Day(iso: "2023-12-01")!, end: Day(iso: "2024-01-31")!) {
            let result = kobis.dailyChartBody(on: day)["boxOfficeResult"] as! [String: Any]
            let rows = result["dailyBoxOfficeList"] as! [[String: String]]
            for row in rows {
                let (code, people, won) = (row["movieCd"]!, Int64(row["audiCnt"]!)!, Int64(row["salesAmt"]!)!)
                byYear[day.year, default: (0, 0, 0, 0, [:])].audience += people
                byYear[day.year, default: (0, 0, 0, 0, [:])].sales += won
                byYear[day.year, default: (0, 0, 0, 0, [:])].films[code, default: 0] += people
                if byCode[code]!.nations.first == "한국" { byYear[day.year, default: (0, 0, 0, 0, [:])].korean += people }
            }
        }
        let years = try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent(base + "-years.csv")))
        #expect(years.map { $0["year"]! } == ["2023", "2024"] && years.map { $0["days"]! } == ["31", "31"])
        for row in years {
            let truth = try #require(byYear[Int(row["year"]!)!])
            #expect(Int64(row["audience"]!)! == truth.audience && Int64(row["sales"]!)! == truth.sales && Int(row["films"]!)! == truth.films.count)
            let price = Int64((Double(truth.sales) / Double(truth.audience)).rounded())
            #expect(Int64(row["average_ticket_price"]!)! == price)
            #expect(Int64(row["estimated_market_audience"]!)! == Int64((Double(Int64(row["estimated_market_sales"]!)!) / Double(price)).rounded()))
            #expect(row["korean_share_pct"] == String(format: "%.2f", (Double(truth.korean) / Double(truth.audience) * 10_000).rounded() / 100))
            #expect(row["audience_vs_2017_2019_pct"] == "", "no baseline without 2017–2019 whole")
        }
        let total = try #require((try json(folder, "rank-2023-12-01_2024-01-31.json")["charted_audience"] as? NSNumber)?.int64Value)
        #expect(years.map { Int64($0["audience"]!)! }.reduce(0, +) == total, "the years add up to the period")

        // The guide lists these two tables' columns as the files have them.
        let start = try #require(ReadmeTests.readme.range(of: "Their columns (a test\nholds these to the files too)"))
        let block = try #require(ReadmeTests.readme[start.upperBound...].firstMatch(of: /```\n((?:[a-z_]+: [a-z_0-9,]+\n)+)```/))
        for line in block.output.1.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map(String.init)
            let text = try String(contentsOf: folder.url.appendingPathComponent("\(base)-\(parts[0]).csv"), encoding: .utf8)
            #expect(text.split(separator: "\r\n")[0].replacingOccurrences(of: "\u{FEFF}", with: "") == parts[1].trimmingCharacters(in: .whitespaces))
        }

        let leagues = try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent(base + "-distributor_years.csv")))
        for (year, truth) in byYear {
            var expected: [String: Int64] = [:]
            for (code, people) in truth.films {
                let film = byCode[code]!
                for name in [film.distributor] + (film.coDistributor.map { [$0] } ?? []) {
                    expected[SimulatedKOBIS.companyCode(name), default: 0] += people
                }
            }
            let rows = leagues.filter { $0["year"] == String(year) }
            #expect(Dictionary(uniqueKeysWithValues: rows.map { ($0["company_cd"]!, Int64($0["audience"]!)!) }) == expected, "\(year)")
            #expect(rows.map { $0["rank"]! } == (1...rows.count).map(String.init))
        }
    }

    @Test(
        "rank's tables in every table format: the database's sums are the CSVs', its keys hold; the data package validates; the workbook's cells are the CSVs'"
    )
    func tableFormats() async throws {
        let server = try FakeKOBISServer(films: Self.variedFilms())
        let folder = try TemporaryFolder()
        let result = try await run(
            ["rank", "2023-12-01..2024-01-31", "--no-look-back", "-f", "sqlite,datapackage,xlsx"], server, folder, today: "2025-01-05")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let base = "rank-2023-12-01_2024-01-31"
        let tables = [
            "distributors", "nations", "grades", "genres", "months", "month_nations", "releases", "diversity_films", "years", "distributor_years",
            "weekend_totals",
        ]
        // Every table with admissions, summed in the database as in its CSV (the releases list films, not admissions).
        let summed = tables.filter { $0 != "releases" }
        #expect(
            result.stdoutLines
                == ["Reports/\(base).sqlite", "Reports/\(base).csv"] + tables.map { "Reports/\(base)-\($0).csv" }
                + ["Reports/\(base).datapackage.json", "Reports/\(base).xlsx"], "the data package brings its CSVs")
        let reports = folder.url.appendingPathComponent("Reports")
        let checked = try await TablesEndToEndTests.python(
            """
            import csv, os, sqlite3, sys
            db = sqlite3.connect(os.path.join(sys.argv[1], sys.argv[2] + ".sqlite"))
            for table in ["rank"] + sys.argv[3:]:
                name = sys.argv[2] + ("" if table == "rank" else "-" + table) + ".csv"
                with open(os.path.join(sys.argv[1], name), encoding="utf-8-sig", newline="") as f:
                    rows = list(csv.DictReader(f))
                total = db.execute(f'select sum(audience), count(*) from "{table}"').fetchone()
                print(table, total[0] == sum(int(r["audience"]) for r in rows) and total[1] == len(rows) > 0)
            print(db.execute("pragma foreign_key_check").fetchall())
            print(db.execute('select span, data_source, simulated from report').fetchone())
            """, [reports.path, base] + summed)
        #expect(
            checked.split(separator: "\n") == ["rank True"] + summed.map { "\($0) True" } + ["[]", "('2023-12-01_2024-01-31', 'KOBIS', 0)"],
            "\(checked)")
        if Python.canImport("frictionless") {
            let validated = try await Subprocess.run(
                "/usr/bin/env",
                ["python3", "-m", "frictionless", "validate", "--json", reports.appendingPathComponent(base + ".datapackage.json").path])
            let report = try JSONSerialization.jsonObject(with: validated.output) as? [String: Any]
            #expect(validated.status == 0 && report?["valid"] as? Bool == true, "\(String(decoding: validated.output, as: UTF8.self).prefix(2_000))")
        }
        if Python.canImport("openpyxl") {
            let cells = try await Subprocess.run(
                "/usr/bin/env", ["python3", TestPaths.repositoryRoot.appendingPathComponent("Tests/Tools/xlsx_cells.py").path, reports.path, base])
            let text = String(decoding: cells.output, as: UTF8.self)
            #expect(
                cells.status == 0 && text.hasPrefix("rank \(tables.joined(separator: " ")): 0 mismatches, header frozen, printed at 8 pt or more"),
                "\(text)")
        }
    }

    @Test("a month against the same dates a year earlier, in Korean; a period not over yet is counted to date")
    func monthToDate() async throws {
        let range = DateRange(start: Day(iso: "2023-06-01")!, end: Day(iso: "2024-07-31")!)
        let films = SyntheticCatalogue.films(covering: range)
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let result = try await run(["rank", "2024-07", "--lang", "ko", "--quiet"], server, folder, today: "2024-07-20")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let ranking = try json(folder, "rank-2024-07.json")
        #expect(ranking["end"] as? String == "2024-07-19" && ranking["asked_end"] as? String == "2024-07-31")
        #expect((ranking["caveats"] as? [String])?.contains("to_date") == true)
        let days = DateRange(start: Day(iso: "2024-07-01")!, end: Day(iso: "2024-07-19")!)
        let kobis = SimulatedKOBIS(films: films)
        let now = Truth(kobis, days), earlier = Truth(kobis, DateRange(start: Day(iso: "2023-07-01")!, end: Day(iso: "2023-07-19")!))
        let lastYear = try #require(ranking["last_year"] as? [String: Any])
        #expect((lastYear["charted_audience"] as? NSNumber)?.int64Value == earlier.total && lastYear["start"] as? String == "2023-07-01")
        let films19 = Set(now.rows.filter { $0.day == days.end }.map(\.code))
        for film in try #require(ranking["films"] as? [[String: Any]]) {
            #expect(film["to_date"] as? Bool == films19.contains(film["movie_cd"] as! String), "to date exactly when charted on the last day")
        }
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/rank-2024-07.ko.md"), encoding: .utf8)
        #expect(md.hasPrefix("# 2024년 7월 박스오피스 결산\n"))
        // Markdown escapes the tilde (GFM would strike through), which it renders as one.
        #expect(md.contains("| 1년 전 같은 날짜 대비 (2023년 7월 1일 \\~ 19일: \(PeopleFormat.grouped(earlier.total))) |"))
        #expect(md.contains("(상영 중)") && md.contains("기간이 아직 끝나지 않았습니다"))
        for english in ["Admissions", "Summary", "Films", "Distributor", "Records", "to date"] { #expect(!md.contains(english), "\(english)") }
        let text = try String(contentsOf: folder.url.appendingPathComponent("Reports/rank-2024-07.ko.txt"), encoding: .utf8)
        #expect(
            text.hasPrefix("2024년 7월 박스오피스 결산\n")
                && text.contains("  #" + String(repeating: " ", count: 8) + "관객" + String(repeating: " ", count: 8) + "누적  영화"))
    }

    @Test(
        "a month's weekends: each whole weekend's total, #1 and openers are its KOBIS weekend chart's, its changes those on the weekend before and 52 weeks earlier; offline, weekends not cached are named with the fetch that fills them"
    )
    func weekends() async throws {
        let films = SyntheticCatalogue.films(covering: DateRange(start: Day(iso: "2023-01-01")!, end: Day(iso: "2024-12-31")!))
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let kobis = SimulatedKOBIS(films: films)
        func chart(_ friday: Day) -> [[String: String]] {
            let body = kobis.weeklyChartBody(ChartPeriod(.weekend, inWeekOf: friday))["boxOfficeResult"] as? [String: Any]
            return body?["weeklyBoxOfficeList"] as? [[String: String]] ?? []
        }
        func total(_ friday: Day) -> Int64 { chart(friday).reduce(0) { $0 + Int64($1["audiCnt"]!)! } }
        let result = try await run(["rank", "2024-03", "-f", "csv,json"], server, folder, today: "2025-01-05")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let rows = try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/rank-2024-03-weekend_totals.csv")))
        // March 2024 begins on a Friday and ends on a Sunday: five whole weekends.
        let fridays = (0..<5).map { Day(iso: "2024-03-01")! + 7 * $0 }
        #expect(rows.map { $0["start"]! } == fridays.map(\.iso) && rows.map { $0["end"]! } == fridays.map { ($0 + 2).iso })
        for (row, friday) in zip(rows, fridays) {
            let own = chart(friday)
            #expect(Int64(row["audience"]!) == total(friday), "\(friday): the weekend chart's top 10")
            #expect(row["change_pct"] == RunFacts.change(total(friday), from: total(friday - 7)).map { String(format: "%.1f", $0) })
            #expect(row["year_earlier_change_pct"] == RunFacts.change(total(friday), from: total(friday - 364)).map { String(format: "%.1f", $0) })
            let top = try #require(own.max { Int64($0["audiCnt"]!)! < Int64($1["audiCnt"]!)! })
            #expect(row["top_movie_cd"] == top["movieCd"] && row["top_audience"] == top["audiCnt"])
            let week = friday.weekStart...(friday + 2)
            let openers = own.filter { Day(iso: $0["openDt"] ?? "").map(week.contains) ?? false }
            #expect(Int(row["openers"]!) == openers.count, "\(friday): films that opened in its week")
        }
        let best = rows.max { Int64($0["audience"]!)! < Int64($1["audience"]!)! }
        #expect(rows.filter { $0["best"] == "true" }.map { $0["start"] } == [best?["start"]])
        let ranking = try json(folder, "rank-2024-03.json")
        #expect((ranking["weekends"] as? [[String: Any]])?.count == 5 && (ranking["caveats"] as? [String])?.contains("weekend_chart_top10") == true)

        // Daily charts alone cached: offline, the month still ranks, and names the weekends it lacks.
        let fetched = try await run(["fetch", "2024-04", "--quiet"], server, folder, today: "2025-01-05")
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let calls = server.periodRequests.count
        let offline = try await run(["rank", "2024-04", "--offline", "--no-look-back", "-f", "json,md"], server, folder, today: "2025-01-05")
        let fill = "boxoffice fetch 2024-04-05..2024-04-28 --weekend --no-daily"
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(server.periodRequests.count == calls, "offline sends nothing")
        let april = try json(folder, "rank-2024-04.json")
        #expect(april["weekends"] == nil && (april["notes"] as? [String])?.contains { $0.contains(fill) } == true)
        let aprilMarkdown = try String(contentsOf: folder.url.appendingPathComponent("Reports/rank-2024-04.md"), encoding: .utf8)
        #expect(aprilMarkdown.contains("The weekend charts of 4 weekends") && !aprilMarkdown.contains("## Weekends"))
        let filled = try await run(fill.split(separator: " ").dropFirst().map(String.init) + ["--quiet"], server, folder, today: "2025-01-05")
        #expect(filled.status == 0 && server.periodRequests.count == calls + 4, "four weekends: \(filled.stderr)")
        let again = try await run(["rank", "2024-04", "--offline", "--no-look-back", "-f", "json"], server, folder, today: "2025-01-05")
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        let weekends = try #require(try json(folder, "rank-2024-04.json")["weekends"] as? [[String: Any]])
        #expect(weekends.map { ($0["audience"] as? NSNumber)?.int64Value } == (0..<4).map { total(Day(iso: "2024-04-05")! + 7 * $0) })
    }

    @Test(
        "the same dates in other years: each cached year's September summed from its charts and ranked, the years not cached named, nothing sent when warm"
    )
    func sameSpan() async throws {
        let films = SyntheticCatalogue.films(covering: DateRange(start: Day(iso: "2019-08-01")!, end: Day(iso: "2024-10-31")!))
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        for year in ["2019-09", "2020-09", "2021-09", "2023-09"] {
            let fetched = try await run(["fetch", year, "--quiet"], server, folder, today: "2025-01-05")
            #expect(fetched.status == 0, "\(fetched.stderr)")
        }
        let result = try await run(["rank", "2024-09", "--no-look-back", "-f", "csv,json,md"], server, folder, today: "2025-01-05")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let kobis = SimulatedKOBIS(films: films)
        func september(_ year: Int) -> Truth {
            Truth(kobis, DateRange(start: Day(year: year, month: 9, day: 1)!, end: Day(year: year, month: 9, day: 30)!))
        }
        let rows = try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/rank-2024-09-same_span.csv")))
        let years = [2019, 2020, 2021, 2023, 2024]
        #expect(rows.map { Int($0["year"]!)! } == years, "the years whose September is cached, oldest first")
        let totals = years.map { september($0).total }
        #expect(rows.map { Int64($0["audience"]!)! } == totals, "each year's September: the sum of its charts")
        let ranks = totals.map { total in 1 + totals.filter { $0 > total }.count }
        #expect(rows.map { Int($0["audience_rank"]!)! } == ranks)
        #expect(rows.map { $0["is_period"]! } == ["false", "false", "false", "false", "true"])
        let ranking = try json(folder, "rank-2024-09.json")
        #expect((ranking["charted_audience"] as? NSNumber)?.int64Value == totals[4], "the period's row is its own total")
        let korean = ((ranking["audience_share_by_nation"] as? [String: Any])?["korean"] as? NSNumber)?.doubleValue
        #expect(korean.map { String(format: "%.2f", $0) } == rows.last?["korean_share_pct"], "and its own Korean share")
        let table = try #require(ranking["same_span"] as? [String: Any])
        #expect((table["years_missing"] as? [Int]) == Array(2004...2018) + [2022])
        let markdown = try String(contentsOf: folder.url.appendingPathComponent("Reports/rank-2024-09.md"), encoding: .utf8)
        #expect(markdown.contains("Among the same dates of the 5 years from 2019 to 2024 in the charts"))
        #expect(markdown.contains("Not in the cache, so not ranked: 2004–2018, 2022."))
        let calls = server.server.requests.count
        let again = try await run(["rank", "2024-09", "--no-look-back", "--offline", "-f", "csv"], server, folder, today: "2025-01-05")
        #expect(again.status == 0 && server.server.requests.count == calls, "warm: nothing sent")

        // The month's report says its place when it is among the top three or the lowest: the same rank.
        let report = try await run(["report", "2024-09-01..2024-09-30", "--offline", "-f", "json"], server, folder, today: "2025-01-05")
        #expect(report.status == 0, "\(report.stderr)")
        let month = try json(folder, "boxoffice-2024-09-01_2024-09-30.json")
        let facts = ((month["highlights"] as? [[String: Any]]) ?? []) + ((month["records"] as? [[String: Any]]) ?? [])
        let place = facts.filter { $0["kind"] as? String == "place_among_years" }
        if ranks[4] <= 3 || ranks[4] == years.count {
            #expect(place.count == 1 && place.first?["rank"] as? Int == ranks[4] && place.first?["count"] as? Int == 5, "\(place)")
        } else {
            #expect(place.isEmpty, "a middling place is no highlight: \(place)")
        }
    }

    @Test(
        "rank --holiday 추석 2023: its six days summed from their charts, against 추석 2022 and the 2017–2019 average a day, ranked among the cached 추석s a day"
    )
    func holiday() async throws {
        let films = SyntheticCatalogue.films(covering: DateRange(start: Day(iso: "2017-08-01")!, end: Day(iso: "2023-10-31")!))
        let server = try FakeKOBISServer(films: films)
        let folder = try TemporaryFolder()
        let span = try #require(NamedPeriod.holiday("추석", year: "2023")?.range)
        #expect(span.start.iso == "2023-09-28" && span.end.iso == "2023-10-03", "the official days and the weekend and holidays they join")
        let years = [2017, 2018, 2019, 2022]
        for year in years {
            let other = try #require(NamedPeriod.holiday("chuseok", year: String(year))?.range)
            let fetched = try await run(["fetch", "\(other.start.iso)..\(other.end.iso)", "--quiet"], server, folder, today: "2024-01-05")
            #expect(fetched.status == 0, "\(fetched.stderr)")
        }
        let result = try await run(["rank", "--holiday", "추석", "2023", "--no-look-back", "-f", "csv,json,md"], server, folder, today: "2024-01-05")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let kobis = SimulatedKOBIS(films: films)
        let ranking = try json(folder, "rank-chuseok-2023.json")
        #expect(ranking["start"] as? String == "2023-09-28" && ranking["end"] as? String == "2023-10-03")
        #expect((ranking["charted_audience"] as? NSNumber)?.int64Value == Truth(kobis, span).total, "exactly the charts of its span")
        let rows = try CSVReader.table(Data(contentsOf: folder.url.appendingPathComponent("Reports/rank-chuseok-2023-same_span.csv")))
        let spans = (years + [2023]).map { NamedPeriod.holiday("추석", year: String($0))!.range! }
        #expect(rows.map { $0["start"]! } == spans.map(\.start.iso) && rows.map { Int($0["days"]!)! } == spans.map(\.dayCount))
        let perDay = spans.map { (Double(Truth(kobis, $0).total) / Double($0.dayCount)).rounded() }
        #expect(rows.map { Double($0["audience_per_day"]!)! } == perDay, "each 추석's admissions a day, from its own charts")
        #expect(rows.map { Int($0["audience_rank"]!)! } == perDay.map { mine in 1 + perDay.filter { $0 > mine }.count }, "ranked a day")
        #expect(rows.allSatisfy { $0["change_pct"] == "" }, "no change on the year before's total: the holidays' days differ")
        let markdown = try String(contentsOf: folder.url.appendingPathComponent("Reports/rank-chuseok-2023.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("# Box office ranking: Chuseok 2023\n"))
        let change = try #require(RunFacts.change(Int64(perDay[4]), from: Int64(perDay[3])))
        #expect(
            markdown.contains(
                "\(PeopleFormat.signedPercent(change)) a day against Chuseok 2022 (\(spans[3].start.iso) – \(spans[3].end.iso), \(spans[3].dayCount) days)"
            ))
        let baseline = (perDay[4] / ((perDay[0] + perDay[1] + perDay[2]) / 3) * 1_000).rounded() / 10
        #expect(markdown.contains("\(PeopleFormat.percent(baseline)) of the 2017–2019 average a day"), "\(baseline)")

        // report --holiday: the same days, said in a note, and its place among the 추석s when it leads (or trails) them.
        let report = try await run(["report", "--holiday", "chuseok", "2023", "--offline", "-f", "json"], server, folder, today: "2024-01-05")
        #expect(report.status == 0, "\(report.stderr)")
        let days = try json(folder, "boxoffice-2023-09-28_2023-10-03.json")
        let notes = days["notes"] as? [String] ?? []
        #expect(notes.contains { $0.hasPrefix("Chuseok 2023: 2023-09-28 to 2023-10-03, its official days") }, "\(notes)")
        let facts = ((days["highlights"] as? [[String: Any]]) ?? []) + ((days["records"] as? [[String: Any]]) ?? [])
        let place = facts.filter { $0["kind"] as? String == "place_among_years" }
        let rank = Int(rows[4]["audience_rank"]!)!
        if rank <= 3 || rank == 5 {
            #expect(place.count == 1 && place.first?["rank"] as? Int == rank && place.first?["period"] as? String == "chuseok-2023", "\(place)")
        } else {
            #expect(place.isEmpty, "\(place)")
        }
    }

    @Test("a ranking reaching before 2011 says KOBIS covered part of Korea then")
    func earlyCoverage() async throws {
        let range = DateRange(start: Day(iso: "2010-12-01")!, end: Day(iso: "2011-01-31")!)
        let server = try FakeKOBISServer(films: SyntheticCatalogue.films(covering: range))
        let folder = try TemporaryFolder()
        let result = try await run(
            ["rank", "2010-12..2011-01", "--no-look-back", "-f", "json,md,html", "--quiet"], server, folder, today: "2025-01-05")
        #expect(result.status == 0, "\(result.stderr)")
        let name = "rank-2010-12-01_2011-01-31"
        #expect((try json(folder, name + ".json")["caveats"] as? [String])?.first == "partial_coverage_before_2011")
        for format in ["md", "html"] {
            let text = try String(contentsOf: folder.url.appendingPathComponent("Reports/\(name).\(format)"), encoding: .utf8)
                .replacingOccurrences(of: "&#39;", with: "'")
            #expect(text.contains("Before 2011 KOBIS covered only part of Korea's cinemas"), "\(format)")
        }
    }

    @Test("bad periods and an empty cache: one line, exit 64, nothing written or sent")
    func refusals() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        for (arguments, message) in [
            (["rank"], "name a period"),
            (["rank", "2031"], "outside the available dates"),
            (["rank", "2024..2020"], "the start is after the end"),
            (["rank", "2024-13"], "no such day"),
            (["rank", "--all"], "the cache holds no daily chart to rank"),
            (["rank", "2024", "--all"], "not both"),
            (["rank", "2024", "--top", "-1"], "--top"),
        ] {
            let result = try await run(arguments, server, folder, today: "2025-01-05")
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message) && result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(server.server.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Reports").path))
    }
}
