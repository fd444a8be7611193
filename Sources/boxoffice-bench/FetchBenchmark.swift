import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A month fetched cold at several `--concurrency` values from a loopback KOBIS that answers in a
/// fixed latency, against the ideal `ceil(requests / N) × latency` and against the sequential
/// script a user would write (each date's chart, then each new film's movie info, one at a time).
/// Each width is measured twice: `report` (fetching, then rendering the month, which the ideal
/// leaves out) and `fetch` (fetching into a cold cache and nothing else, as the script does).
struct FetchBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch", abstract: "A cold month's report and fetch at several --concurrency values against the ideal and a sequential script.")

    @Option(help: "Days in the range, from 2025-01-01.") var days = 31
    @Option(help: "Milliseconds the loopback KOBIS adds to every answer.") var latencyMs = 50
    @Option(help: "Runs per concurrency; the median is shown.") var runs = 5
    @Option(help: "Concurrency values to measure, comma-separated.") var widths = "1,4,8,16"
    @Option(help: "The boxoffice binary (default: the one beside this benchmark).") var binary: String?
    @Flag(help: "Reports with their comparison charts (the day before, a week and a year earlier), as users run them; without it, --no-look-back.")
    var lookBack = false

    func run() throws {
        let binary = try boxofficeBinary(binary)
        let range = DateRange(start: Day(iso: "2025-01-01")!, end: Day(iso: "2025-01-01")! + (days - 1))
        let films = SyntheticCatalogue.films(covering: range)
        let server = try FakeKOBISServer(films: films, delay: Double(latencyMs) / 1000)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        say("fetch: \(days) days \(range.start.iso)..\(range.end.iso), KOBIS answering in \(latencyMs) ms, median of \(runs) runs, cold cache")
        let script = try Self.sequentialScript(server, range: range)
        say("sequential script (charts, then each new film's info, one request at a time): \(script.requests) requests, \(seconds(script.seconds))")
        _ = try Self.once(binary, server, range, width: 8, work: work)  // warm-up: fills the fake's answers
        for width in widths.split(separator: ",").compactMap({ Int($0) }) {
            for command in ["report", "fetch"] {
                var times: [Double] = []
                var requests = 0
                for _ in 0..<runs {
                    let (measurement, sent) = try Self.once(binary, server, range, width: width, work: work, lookBack: lookBack, command: command)
                    times.append(measurement.wall)
                    requests = sent
                }
                let ideal = Double((requests + width - 1) / width * latencyMs) / 1000
                let measured = median(times)
                say(
                    "\(command.padding(toLength: 6, withPad: " ", startingAt: 0)) --concurrency \(width): \(requests) requests, median \(seconds(measured)); ideal \(seconds(ideal)) "
                        + "(\(String(format: "%.2f", ideal / measured)) of the ideal's speed); \(String(format: "%.1f", script.seconds / measured))× the sequential script"
                )
            }
        }
    }

    /// One cold run: no cache, a fresh HOME (so the quota ledger starts empty); with `lookBack`
    /// false, only the range's own charts (`--no-look-back`, which builds before it lack).
    static func once(
        _ binary: String, _ server: FakeKOBISServer, _ range: DateRange, width: Int, work: URL, lookBack: Bool = false, command: String = "report"
    ) throws -> (Measurement, Int) {
        server.server.resetLog()
        let home = work.appendingPathComponent("home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        // `fetch` fills a cache of its own in the fresh HOME: cold, like `report --no-cache`.
        let arguments =
            command == "fetch"
            ? ["fetch", "\(range.start.iso)..\(range.end.iso)", "--concurrency", String(width), "--quiet"]
            : [
                "report", "\(range.start.iso)..\(range.end.iso)", "--concurrency", String(width), "--output", home.appendingPathComponent("out").path,
                "--no-cache", "--quiet",
            ] + (lookBack ? [] : ["--no-look-back"])
        let measurement = try Measurement.run(
            binary,
            arguments,
            environment: [
                "KOBIS_API_KEY": server.validKey, "KOBIS_BASE_URL": server.baseURL.absoluteString, "BOXOFFICE_TODAY": (range.end + 2).iso,
                "PATH": "/usr/bin:/bin", "HOME": home.path,
            ])
        guard measurement.status == 0 else { throw BenchError("boxoffice exited \(measurement.status)") }
        return (measurement, server.server.requests.count)
    }

    /// What a user's script does: `requests` in a loop over the dates, then each new film's info.
    static func sequentialScript(_ server: FakeKOBISServer, range: DateRange) throws -> (seconds: Double, requests: Int) {
        let session = URLSession(configuration: .ephemeral)
        func get(_ path: String, _ query: String) throws -> Data {
            let url = URL(string: server.baseURL.absoluteString + path + "?key=\(server.validKey)&" + query)!
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var body = Data()
            session.dataTask(with: url) { data, _, _ in
                body = data ?? Data()
                done.signal()
            }.resume()
            done.wait()
            return body
        }
        let start = DispatchTime.now()
        var seen = Set<String>()
        var requests = 0
        for day in range {
            let data = try get("boxoffice/searchDailyBoxOfficeList.json", "targetDt=\(day.compact)")
            requests += 1
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let rows = (object?["boxOfficeResult"] as? [String: Any])?["dailyBoxOfficeList"] as? [[String: Any]] ?? []
            for case let code as String in rows.map({ $0["movieCd"] }) where seen.insert(code).inserted {
                _ = try get("movie/searchMovieInfo.json", "movieCd=\(code)")
                requests += 1
            }
        }
        return (Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9, requests)
    }
}
