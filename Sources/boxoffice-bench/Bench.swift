import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import FakeServices
import Foundation

/// `boxoffice-bench`: the release binary measured as users run it. Speed and memory goals are
/// checked here, never by timed unit tests.
@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boxoffice-bench",
        abstract: "Benchmarks of the boxoffice release binary: fetching, reports over years, the floor, and A/B comparisons.",
        discussion: """
            Build first: swift build -c release --product boxoffice --product boxoffice-bench. \
            Every subcommand runs the boxoffice binary beside this one unless given --binary. Figures are \
            wall time, CPU time (user + system) and peak resident memory of the boxoffice process, from \
            wait4. These machines are shared and their speed drifts: compare binaries with `compare`, which \
            alternates them run by run, rather than figures taken minutes apart.
            """,
        subcommands: [
            FetchBenchmark.self, ScalingBenchmark.self, FloorBenchmark.self, CompareBenchmark.self, HistoryBenchmark.self,
            ProfileRenderCommand.self, ServeCommand.self, BacktestCommand.self,
        ],
        defaultSubcommand: FetchBenchmark.self
    )
}

/// `profile-render DIR`: each stage of a report in one process.
struct ProfileRenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile-render", abstract: "Time each stage of a 20-year report in one process, on a cache filled by `history`.")

    @Argument(help: "A cache folder holding 2003-11-11..2026-10-31 (history --cache DIR fills one).")
    var cache: String

    func run() async throws {
        try await RenderProfile.run(cacheDirectory: cache, from: Day(iso: "2003-11-11")!, to: Day(iso: "2026-10-31")!)
    }
}

/// `serve`: a loopback KOBIS for manual runs.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Keep a loopback KOBIS running and print the variables that point boxoffice at it.")

    @Option(help: "Days of simulated charts from 2025-01-01.") var days = 31
    @Option(help: "Milliseconds added to every answer.") var latencyMs = 50

    func run() throws {
        let range = DateRange(start: Day(iso: "2025-01-01")!, end: Day(iso: "2025-01-01")! + (days - 1))
        let server = try FakeKOBISServer(films: SyntheticCatalogue.films(covering: range), delay: Double(latencyMs) / 1000)
        say("KOBIS_BASE_URL=\(server.baseURL.absoluteString) KOBIS_API_KEY=\(server.validKey) (range \(range.start.iso)..\(range.end.iso))")
        while true { sleep(3600) }
    }
}
