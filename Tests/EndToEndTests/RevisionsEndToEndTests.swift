import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation
import Synchronization
import TestSupport
import Testing

/// Issue 30, item 4: a provisional day fetched again and found different is logged, listed by
/// `boxoffice revisions`, and shown by the report that saw it.
@Suite("What KOBIS revised, end to end", .serialized)
struct RevisionsEndToEndTests {
    @Test("a re-fetched provisional day with a changed figure: logged once per film and figure, in the report, listed by revisions")
    func revised() async throws {
        // KOBIS's second answer for 2025-03-09 has 검은 파도 at 130,000 admissions instead of 123,155.
        let answers = Mutex(0)
        let revised: Data = try {
            var body = SimulatedKOBIS(films: SampleData.films).dailyChartBody(on: Day(iso: "2025-03-09")!)
            var result = body["boxOfficeResult"] as! [String: Any]
            var rows = result["dailyBoxOfficeList"] as! [[String: String]]
            let index = rows.firstIndex { $0["movieCd"] == "20259001" }!
            #expect(rows[index]["audiCnt"] == "123155")
            rows[index]["audiCnt"] = "130000"
            result["dailyBoxOfficeList"] = rows
            body["boxOfficeResult"] = result
            return try JSONSerialization.data(withJSONObject: body)
        }()
        let server = try FakeKOBISServer { request in
            guard request.path.hasSuffix("searchDailyBoxOfficeList.json"), request.query["targetDt"] == "20250309",
                request.query["repNationCd"] == nil, request.query["multiMovieYn"] == nil
            else { return nil }
            return answers.withLock { count in
                count += 1
                return count >= 2 ? .json(String(decoding: revised, as: UTF8.self)) : nil
            }
        }
        let folder = try TemporaryFolder()
        let environment = BoxOfficeProcess.environment([
            "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString, "BOXOFFICE_TODAY": "2025-03-10",
            "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path, "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
        ])
        #expect(try await BoxOfficeProcess.run(["report", "2025-03-09", "-f", "json", "-q"], environment: environment, in: folder.url).status == 0)
        let none = try await BoxOfficeProcess.run(["revisions"], environment: environment, in: folder.url)
        #expect(none.status == 0 && none.stdout == "No revisions logged.\n")

        let again = try await BoxOfficeProcess.run(
            ["report", "2025-03-09", "-f", "md,txt,json", "--refresh", "-q"], environment: environment, in: folder.url)
        #expect(again.status == 0, "\(again.stderr)")
        let line = "Sun 2025-03-09 · 검은 파도 (20259001): audience 123,155 → 130,000"
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-09.md"), encoding: .utf8)
        #expect(md.contains("## Revised by KOBIS since the last run\n\n- \(line)\n"), "\(md.prefix(1200))")
        let text = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-09.txt"), encoding: .utf8)
        #expect(text.contains("Revised by KOBIS since the last run:\n* Sun 2025-03-09 - 검은 파도 (20259001): audience 123,155 → 130,000\n"), "\(text)")
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-09.json")))
                as? [String: Any])
        let logged = try #require(json["revisions"] as? [[String: Any]])
        #expect(
            logged.count == 1 && logged[0]["field"] as? String == "audience" && logged[0]["before"] as? Int == 123_155
                && logged[0]["after"] as? Int == 130_000)

        let listed = try await BoxOfficeProcess.run(["revisions"], environment: environment, in: folder.url)
        #expect(listed.status == 0 && listed.stdoutLines == [line], "\(listed.stdout)")
        let korean = try await BoxOfficeProcess.run(["revisions", "2025-03", "--lang", "ko"], environment: environment, in: folder.url)
        #expect(korean.stdoutLines == ["2025년 3월 9일 (일) · 검은 파도 (20259001): 관객 123,155 → 130,000"], "\(korean.stdout)")
        let elsewhere = try await BoxOfficeProcess.run(["revisions", "2025-03-01..2025-03-05"], environment: environment, in: folder.url)
        #expect(elsewhere.stdout == "No revisions logged for 2025-03-01 – 2025-03-05.\n", "\(elsewhere.stdout)")

        // For a spreadsheet and for a program: the same revision as a CSV row and a JSON object.
        let csv = try await BoxOfficeProcess.run(["revisions", "-f", "csv"], environment: environment, in: folder.url)
        let rows = try CSVReader.table(Data(csv.stdout.utf8))
        #expect(csv.status == 0 && rows.count == 1, "\(csv.stdout)")
        #expect(rows.first?["date"] == "2025-03-09" && rows.first?["movie_cd"] == "20259001" && rows.first?["title"] == "검은 파도")
        #expect(rows.first?["field"] == "audience" && rows.first?["before"] == "123155" && rows.first?["after"] == "130000")
        #expect(rows.first?["seen_at"]?.hasSuffix("Z") == true)
        let listedJSON = try await BoxOfficeProcess.run(["revisions", "2025-03-09", "--format", "json"], environment: environment, in: folder.url)
        let document = try #require(JSONSerialization.jsonObject(with: Data(listedJSON.stdout.utf8)) as? [String: Any])
        #expect(document["schema_version"] as? Int == 3 && document["table"] as? String == "revisions", "every command's JSON has one version")
        let objects = try #require(document["rows"] as? [[String: Any]])
        #expect(objects.count == 1 && objects[0]["movie_cd"] as? String == "20259001" && objects[0]["after"] as? Int == 130_000)
        let emptyCSV = try await BoxOfficeProcess.run(["revisions", "2025-03-01", "-f", "csv"], environment: environment, in: folder.url)
        let emptyRows = try CSVReader.table(Data(emptyCSV.stdout.utf8))
        #expect(emptyCSV.status == 0 && emptyRows.isEmpty && emptyCSV.stdout.contains("date,movie_cd"), "a header, no rows")

        // Fetched again with the same figures: nothing new is logged.
        #expect(
            try await BoxOfficeProcess.run(["report", "2025-03-09", "-f", "json", "--refresh", "-q"], environment: environment, in: folder.url).status
                == 0)
        #expect(try await BoxOfficeProcess.run(["revisions"], environment: environment, in: folder.url).stdoutLines.count == 1)
    }
}

/// Issue 30, item 6: the morning message opens with what changed since the folder's last report.
@Suite("The digest since the last report, end to end", .serialized)
struct DigestEndToEndTests {
    @Test("the second morning's txt says which films joined and left the chart and which passed a 100만 step since the first")
    func secondMorning() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        func run(_ today: String) async throws -> BoxOfficeProcess.Result {
            try await BoxOfficeProcess.run(
                ["report", "-f", "txt,md", "-q"],
                environment: BoxOfficeProcess.environment([
                    "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString, "BOXOFFICE_TODAY": today,
                    "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path,
                    "XDG_STATE_HOME": folder.url.appendingPathComponent("state").path,
                ]), in: folder.url)
        }
        let first = try await run("2025-03-07")
        #expect(first.status == 0)
        let firstText = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-06.txt"), encoding: .utf8)
        #expect(!firstText.contains("Since the last report"), "nothing to compare with the first time")
        #expect(!first.stdout.contains(".boxoffice-digest.json"), "the state file is not a report")
        let firstIndexHadNoDigest = try !String(contentsOf: folder.url.appendingPathComponent("Reports/index.md"), encoding: .utf8).contains("> **")

        let second = try await run("2025-03-08")
        #expect(second.status == 0, "\(second.stderr)")
        // The state file's keys are sorted, so two runs over one chart leave the same bytes.
        let state = try String(contentsOf: folder.url.appendingPathComponent("Reports/.boxoffice-digest.json"), encoding: .utf8)
        #expect(state.hasPrefix(#"{"date":"2025-03-07","films":[{"audience_cumulative":"#), "\(state.prefix(80))")
        #expect(!state.contains(#""movie_cd":"20259001","audience"#))
        let kobis = SimulatedKOBIS(films: SampleData.films)
        func rows(_ day: String) -> [[String: String]] {
            (kobis.dailyChartBody(on: Day(iso: day)!)["boxOfficeResult"] as! [String: Any])["dailyBoxOfficeList"] as! [[String: String]]
        }
        let (then, now) = (rows("2025-03-06"), rows("2025-03-07"))
        let joined = now.filter { row in !then.contains { $0["movieCd"] == row["movieCd"] } }.map { $0["movieNm"]! }
        let left = then.filter { row in !now.contains { $0["movieCd"] == row["movieCd"] } }.map { $0["movieNm"]! }
        #expect(!joined.isEmpty || !left.isEmpty, "the simulation changes the chart between the two days")
        let text = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-07.txt"), encoding: .utf8)
        // The digest's sentence, wrapped at 80 columns: its lines joined again.
        let start = try #require(text.range(of: "Since the last report (Thu 2025-03-06): "))
        let digest = text[start.lowerBound...].components(separatedBy: "\n\n")[0].replacingOccurrences(of: "\n", with: " ")
        if !joined.isEmpty { #expect(digest.contains("new on the chart: " + joined.joined(separator: ", ")), "\(digest)") }
        if !left.isEmpty { #expect(digest.contains("left the chart: " + left.joined(separator: ", ")), "\(digest)") }
        for row in now {
            let acc = Int64(row["audiAcc"]!)!,
                before =
                    then.first { $0["movieCd"] == row["movieCd"] }.map { Int64($0["audiAcc"]!)! }
                    ?? acc - Int64(row["audiCnt"]!)!
            if acc / 1_000_000 > before / 1_000_000 { #expect(digest.contains("\(row["movieNm"]!) passed \(acc / 1_000_000 * 100)만"), "\(digest)") }
        }
        let md = try String(contentsOf: folder.url.appendingPathComponent("Reports/boxoffice-2025-03-07.md"), encoding: .utf8)
        #expect(md.contains("> Since the last report (Thu 2025-03-06): "))

        // The index opens with the newest report's digest, the same sentence; the older report's has none to show.
        let index = try String(contentsOf: folder.url.appendingPathComponent("Reports/index.md"), encoding: .utf8)
        #expect(index.contains("> **Daily 2025-03-07**: \(digest.replacingOccurrences(of: "~", with: "\\~"))"), "\(index)")
        let html = try String(contentsOf: folder.url.appendingPathComponent("Reports/index.html"), encoding: .utf8)
        #expect(html.contains("<p class=\"banner digest\"><strong>"))
        #expect(firstIndexHadNoDigest)
    }
}
