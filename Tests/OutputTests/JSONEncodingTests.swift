import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeOutput

/// The report's JSON is spliced together from parts; it must be exactly what `JSONEncoder` writes
/// for the whole report in one go.
@Suite("Report JSON")
struct JSONEncodingTests {
    /// The reference: Foundation's encoder with the report's options.
    static func reference() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func whole(_ report: BoxOfficeReport) throws -> String {
        String(decoding: try reference().encode(report), as: UTF8.self) + "\n"
    }

    /// Records the first line where the spliced JSON and JSONEncoder's differ.
    static func same(_ report: BoxOfficeReport, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let ours = String(decoding: try await ReportJSON.encode(report), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let theirs = try whole(report).split(separator: "\n", omittingEmptySubsequences: false)
        if let line = zip(ours, theirs).enumerated().first(where: { $1.0 != $1.1 })?.offset
            ?? (ours.count == theirs.count ? nil : min(ours.count, theirs.count))
        {
            Issue.record(
                "line \(line + 1): ours \(String(reflecting: line < ours.count ? String(ours[line]) : "(end)")), JSONEncoder's \(String(reflecting: line < theirs.count ? String(theirs[line]) : "(end)"))",
                sourceLocation: sourceLocation)
        }
    }

    @Test("the sample report is written as JSONEncoder writes it")
    func sampleReport() async throws {
        try await Self.same(try await TestReports.sample())
    }

    @Test("long lists, spliced from chunks encoded on every core, with hostile titles; empty lists too")
    func longAndEmpty() async throws {
        let sample = try await TestReports.sample()
        var long = sample
        let count = ReportJSON.chunkSize * 3 + 17
        long.days = (0..<count).map { index in
            var day = sample.days[index % sample.days.count]
            day.date = Day("2000-01-01") + index
            day.entries[0].title = "날 \(index) \"\n\t\\ / </script> \u{2028}"
            return day
        }
        long.films = (0..<(ReportJSON.chunkSize + 1)).map { index in
            var film = sample.films[index % sample.films.count]
            film.rank = index + 1
            film.title = "  [\(index)]  \n  "
            return film
        }
        try await Self.same(long)
        var empty = sample
        empty.films = []
        try await Self.same(empty)
        empty.days = []
        try await Self.same(empty)
    }

    @Test("a period report's periods, spliced from chunks like the days, as JSONEncoder writes them")
    func periods() async throws {
        let weekend = try await TestReports.weekend()
        let first = try #require(weekend.periods.first)
        try await Self.same(weekend)
        var long = weekend
        long.periods = (0..<(ReportJSON.chunkSize * 2 + 3)).map { index in
            var chart = first
            chart.start = first.start + 7 * index
            chart.entries[0].title = "주말 \(index) \"\n</script>"
            chart.audienceChangePercent = index % 2 == 0 ? nil : Double(index) / 10
            return chart
        }
        try await Self.same(long)
        long.films = []
        try await Self.same(long)
    }

    @Test("the keys are the report's documented snake_case names")
    func keys() async throws {
        let text = String(decoding: try await ReportJSON.encode(try await TestReports.sample()), as: UTF8.self)
        for key in [
            "schema_version", "ranked_by", "audience_share_pct", "day_of_release", "is_new", "has_movie_info",
            "tmdb_match", "audience_cumulative", "original_title", "audience_share_by_nation", "top_distributors", "new_entries",
        ] {
            #expect(text.contains("\"\(key)\" : "), "\(key)")
        }
        #expect(!text.contains("schemaVersion") && !text.contains("rankedBy"))
    }

    @Test("one vocabulary: a JSON key naming what a CSV column names has the column's name")
    func csvVocabulary() async throws {
        let report = try await TestReports.sample { $0.depth = .top20 }
        let json = try #require(try JSONSerialization.jsonObject(with: try await ReportJSON.encode(report)) as? [String: Any])
        #expect(json["schema_version"] as? Int == 3)
        func keys(_ list: Any?) -> Set<String> { Set(((list as? [[String: Any]]) ?? []).flatMap(\.keys)) }
        func columns(_ template: String) -> Set<String> {
            Set(ReportTables.columns(ReportTable(rawValue: String(template.dropLast(".csv".count)))!).map(\.name))
        }
        let films = keys(json["films"])
        let days = keys(json["days"])
        let entries = keys((json["days"] as? [[String: Any]])?.flatMap { $0["entries"] as? [[String: Any]] ?? [] })
        // What only the JSON has, or has as an object where the CSV spells out its parts.
        let filmsOwn: Set = ["first_chart_date", "last_chart_date", "has_movie_info", "tmdb", "opening_day", "opening_weekend"]
        #expect(
            films.count > 30 && films.subtracting(columns("films.csv")).subtracting(filmsOwn).isEmpty,
            "\(films.subtracting(columns("films.csv")).subtracting(filmsOwn))")
        #expect(
            entries.count > 20 && entries.subtracting(columns("daily.csv").union(columns("weeks.csv"))).isEmpty,
            "\(entries.subtracting(columns("daily.csv")))")
        #expect(days.subtracting(columns("days.csv")).subtracting(["entries"]).isEmpty, "\(days.subtracting(columns("days.csv")))")
        // Inside `tmdb`, a key is the CSV's column without its tmdb_ prefix.
        let tmdb = try #require((json["films"] as? [[String: Any]])?.first?["tmdb"] as? [String: Any])
        let tmdbColumns = Set(columns("films.csv").map { $0.hasPrefix("tmdb_") ? String($0.dropFirst(5)) : $0 })
        #expect(Set(tmdb.keys).subtracting(tmdbColumns).subtracting(["poster_path"]).isEmpty, "\(Set(tmdb.keys).subtracting(tmdbColumns))")
    }

    @Test("a value JSON cannot hold is an error, as with JSONEncoder")
    func invalid() async throws {
        var report = try await TestReports.sample()
        report.films[0].audienceSharePercent = .nan
        await #expect(throws: EncodingError.self) { try await ReportJSON.encode(report) }
    }
}
