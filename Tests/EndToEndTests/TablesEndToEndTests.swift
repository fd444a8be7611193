import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficePipeline
import FakeServices
import Foundation
import TestSupport
import Testing

/// Issue 48: the tables' two new formats, as a user runs them. The database is read with Python's
/// own `sqlite3` module (the standard library), the data package with `frictionless` (CI installs it).
@Suite("SQLite database and data package, end to end")
struct TablesEndToEndTests {
    /// Runs `python3 -c script args…` and returns its standard output.
    static func python(_ script: String, _ arguments: [String]) async throws -> String {
        let result = try await Subprocess.run("/usr/bin/env", ["python3", "-c", script] + arguments)
        let text = String(decoding: result.output, as: UTF8.self)
        #expect(result.status == 0, "\(text)")
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func file(_ folder: TemporaryFolder, endingWith suffix: String) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("Reports").path)
        return folder.url.appendingPathComponent("Reports/" + (try #require(names.first { $0.hasSuffix(suffix) }, "no …\(suffix)")))
    }

    @Test(
        "-f sqlite,datapackage from KOBIS: the database's audience sums to the daily CSV's, every foreign key holds, the keys are declared",
        arguments: [[String](), ["--weekend"], ["--depth", "20"]])
    func databaseMatchesCSV(shape: [String]) async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let run = try await BoxOfficeProcess.run(
            ["report", "2025-03-03..2025-03-09", "-f", "sqlite,datapackage", "-q"] + shape, kobis: server, folder: folder)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let database = try Self.file(folder, endingWith: ".sqlite").path
        let rows = shape == ["--weekend"] ? "weeks" : "daily"
        let csv = try Self.file(folder, endingWith: "-\(rows).csv").path
        let checked = try await Self.python(
            """
            import csv, sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            total = db.execute("select sum(audience), count(*) from \(rows)").fetchone()
            with open(sys.argv[2], encoding="utf-8-sig", newline="") as f:
                rows = list(csv.DictReader(f))
            print(total[0] == sum(int(r["audience"]) for r in rows) and total[1] == len(rows) > 0)
            print(db.execute("pragma foreign_key_check").fetchall())
            schema = db.execute("select sql from sqlite_master where name = '\(rows)'").fetchone()[0]
            print("PRIMARY KEY" in schema and "REFERENCES \\"films\\"" in schema)
            print(db.execute("select data_source, simulated, start, \\"end\\" from report").fetchone())
            fetched = db.execute("select charts_fetched_from, charts_fetched_to from report").fetchone()
            print(all(t.startswith("2025-03-") and t.endswith("Z") for t in fetched) and fetched[0] <= fetched[1])
            """, [database, csv])
        // A weekend report's range is the weekend in it.
        let start = shape == ["--weekend"] ? "2025-03-07" : "2025-03-03"
        #expect(
            checked.split(separator: "\n") == ["True", "[]", "True", "('KOBIS', 0, '\(start)', '2025-03-09')", "True"],
            "the sums, the keys, the facts, and when the charts were fetched (UTC): \(checked)")
        #expect(FileManager.default.fileExists(atPath: try Self.file(folder, endingWith: ".datapackage.json").path))
    }

    @Test(
        "frictionless validates the data package: types, keys and foreign keys against the CSVs, in every CSV dialect",
        .enabled(if: Python.canImport("frictionless"), "python3 with frictionless is not installed; pip install frictionless to run it"),
        arguments: [[String](), ["--csv-delimiter", "semicolon", "--no-bom"], ["--weekend"]])
    func frictionlessValidates(options: [String]) async throws {
        let folder = try TemporaryFolder()
        let run = try await BoxOfficeProcess.run(["report", "--sample", "-f", "datapackage", "-q"] + options, in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let package = try Self.file(folder, endingWith: ".datapackage.json")
        let result = try await Subprocess.run("/usr/bin/env", ["python3", "-m", "frictionless", "validate", "--json", package.path])
        let report = try #require(
            try JSONSerialization.jsonObject(with: result.output) as? [String: Any], "\(String(decoding: result.output, as: UTF8.self))")
        #expect(result.status == 0 && report["valid"] as? Bool == true, "\(String(decoding: result.output, as: UTF8.self).prefix(3_000))")
        let descriptor = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: package)) as? [String: Any])
        let provenance = try #require(descriptor["boxoffice"] as? [String: Any])
        #expect(provenance["simulated"] as? Bool == true && provenance["charts_fetched_from"] is NSNull, "the sample was never fetched")
        let tasks = try #require(report["tasks"] as? [[String: Any]])
        #expect(tasks.count == ReportTables.tables(periods: options == ["--weekend"]).count, "a resource per CSV")
    }

    @Test("a data package is several files: -f datapackage -o - is refused with one line (64), nothing written")
    func dataPackageNotToStandardOutput() async throws {
        let folder = try TemporaryFolder()
        let run = try await BoxOfficeProcess.run(["report", "--sample", "-f", "datapackage", "-o", "-"], in: folder.url)
        #expect(run.status == 64 && run.stdout.isEmpty, "\(run.stdout.prefix(200))")
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("data package"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Reports").path))
    }

    @Test("without libsqlite3, -f sqlite stops before anything is fetched: one line, exit 78, nothing written")
    func sqliteMissing() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        var environment = BoxOfficeProcess.environment(kobis: server, folder: folder, today: "2025-03-10")
        environment["BOXOFFICE_SQLITE_LIBRARY"] = "/nonexistent/libsqlite3.so.0"
        let run = try await BoxOfficeProcess.run(["report", "2025-03-09", "-f", "csv,sqlite"], environment: environment, in: folder.url)
        #expect(run.status == 78)
        #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("-f sqlite needs libsqlite3"), "\(run.stderr)")
        #expect(server.chartRequests.isEmpty && server.movieInfoRequests.isEmpty, "nothing fetched")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Reports").path), "nothing written")
        // So does rank's.
        let rank = try await BoxOfficeProcess.run(["rank", "2025-03", "-f", "sqlite"], environment: environment, in: folder.url)
        #expect(rank.status == 78 && rank.stderr.contains("-f sqlite needs libsqlite3"), "\(rank.stderr)")
        #expect(server.chartRequests.isEmpty && server.movieInfoRequests.isEmpty, "nothing fetched")
        // The same binary still renders every other format.
        let other = try await BoxOfficeProcess.run(["report", "--sample", "-f", "csv", "-q"], environment: environment, in: folder.url)
        #expect(other.status == 0, "\(other.stderr)")
    }
}

/// Issue 48, item 6: every command's machine output has one schema version, its tables from their
/// definitions.
@Suite("Machine output of every command, end to end", .serialized)
struct MachineOutputEndToEndTests {
    static func json(_ run: BoxOfficeProcess.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
    }

    @Test("quota -f json and -f csv: today's row per key, typed, the current key marked, schema_version 3")
    func quota() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let report = try await BoxOfficeProcess.run(["report", "2025-03-09", "-f", "json", "-q"], kobis: server, folder: folder)
        #expect(report.status == 0, "\(report.stderr)")
        let environment = BoxOfficeProcess.environment(kobis: server, folder: folder, today: "2025-03-10")
        let json = try Self.json(try await BoxOfficeProcess.run(["quota", "-f", "json"], environment: environment, in: folder.url))
        #expect(json["schema_version"] as? Int == 3 && json["table"] as? String == "quota")
        let rows = try #require(json["rows"] as? [[String: Any]])
        let row = try #require(rows.first)
        let spent = try #require(row["spent"] as? Int)
        #expect(rows.count == 1 && row["current"] as? Bool == true && row["date"] as? String == "2025-03-10")
        #expect(spent == server.server.requests.count && spent > 0 && row["left"] as? Int == 3_000 - spent, "\(row)")
        #expect(!(row["key"] as? String ?? "").contains(server.validKey), "a fingerprint, never the key")
        let csv = try await BoxOfficeProcess.run(["quota", "-f", "csv"], environment: environment, in: folder.url)
        let records = try CSVReader.parse(String(String.UnicodeScalarView(csv.stdout.unicodeScalars.drop { $0 == "\u{FEFF}" })))
        #expect(records.first == ["date", "key", "spent", "left", "current"], "\(records)")
        #expect(records.count == 2 && records.last?[2] == String(spent), "\(records)")
    }

    @Test("watch list -f json and -f csv: the films in the order added, each with its latest chart day in the cache")
    func watchList() async throws {
        let server = try FakeKOBISServer()
        let folder = try TemporaryFolder()
        let empty = try await BoxOfficeProcess.run(["watch", "list", "-f", "json"], kobis: server, folder: folder)
        #expect(try (Self.json(empty)["rows"] as? [Any])?.isEmpty == true, "an empty list is an empty table, not a sentence")
        #expect(try await BoxOfficeProcess.run(["report", "2025-03-09", "-f", "json", "-q"], kobis: server, folder: folder).status == 0)
        for film in ["20259002", "20259001"] {
            #expect(try await BoxOfficeProcess.run(["watch", "add", film, "--break-even", "1500000"], kobis: server, folder: folder).status == 0)
        }
        let json = try Self.json(try await BoxOfficeProcess.run(["watch", "list", "-f", "json"], kobis: server, folder: folder))
        #expect(json["schema_version"] as? Int == 3 && json["table"] as? String == "watchlist")
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(rows.map { $0["movie_cd"] as? String } == ["20259002", "20259001"])
        #expect(rows.allSatisfy { $0["break_even"] as? Int == 1_500_000 && $0["latest_date"] as? String == "2025-03-09" && $0["latest_rank"] is Int })
        #expect(rows.allSatisfy { $0["note"] is NSNull }, "a blank cell is null")
        let csv = try await BoxOfficeProcess.run(["watch", "list", "-f", "csv"], kobis: server, folder: folder)
        #expect(try CSVReader.parse(String(String.UnicodeScalarView(csv.stdout.unicodeScalars.drop { $0 == "\u{FEFF}" }))).count == 3)
        #expect(rows.allSatisfy { $0["multiplier"] is NSNull }, "no opening weekend cached yet")
        // Its opening weekend cached: its multiplier so far, the latest cumulative over that weekend.
        #expect(
            try await BoxOfficeProcess.run(["fetch", "2025-02-28..2025-03-02", "--weekend", "--no-daily", "-q"], kobis: server, folder: folder).status
                == 0)
        let again = try Self.json(try await BoxOfficeProcess.run(["watch", "list", "-f", "json"], kobis: server, folder: folder))
        let film = try #require((again["rows"] as? [[String: Any]])?.first { $0["movie_cd"] as? String == "20259001" })
        let body = SimulatedKOBIS(films: SampleData.films).weeklyChartBody(ChartPeriod(.weekend, inWeekOf: Day(iso: "2025-02-28")!))
        let opening = try #require(
            ((body["boxOfficeResult"] as? [String: Any])?["weeklyBoxOfficeList"] as? [[String: String]])?.first { $0["movieCd"] == "20259001" }?[
                "audiCnt"
            ]
            .flatMap { Int64($0) })
        let cumulative = try #require((film["audience_cumulative"] as? NSNumber)?.int64Value)
        #expect(film["multiplier"] as? Double == (Double(cumulative) / Double(opening) * 100).rounded() / 100, "\(film)")
        let text = try await BoxOfficeProcess.run(["watch", "list"], kobis: server, folder: folder)
        #expect(text.stdout.contains("× its opening weekend"), "\(text.stdout)")
    }
}
