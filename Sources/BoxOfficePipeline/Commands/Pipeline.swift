import BoxOfficeModel
import BoxOfficeServices
import Foundation

/// The one door between the command line and everything behind it (issue 59, item 3).
///
/// The command line parses its options into a request (a ``PipelineRequest``) and a ``RunContext``,
/// calls ``run(_:in:)``, prints the paths it returns, and maps a thrown ``UserFacingError`` to its
/// exit status. Everything else, which services, the sample or the live ones, the cache, the
/// templates, the words, is decided behind this door, once.
package enum Pipeline {
    /// Runs `request`: the files it wrote, in order, for the command line to list. What the
    /// command prints besides goes through the context's ``Console``.
    package static func run(_ request: some PipelineRequest, in context: RunContext) async throws -> [URL] {
        defer { finish() }
        return try await request.run(PipelineRun(context: context))
    }

    /// Waits for what a run started in the background and that must end before the process does
    /// (libcurl's preload): call it before exiting, whether the run succeeded, failed or was stopped.
    package static func finish() { CurlLibrary.settle() }

    /// Every secret the environment holds, for the command line to redact from its messages.
    package static func secrets(in environment: [String: String]) -> [String?] { Wiring.secrets(in: environment) }
}

/// What a command asks for, parsed from its options: one type per command, each run the same way.
package protocol PipelineRequest: Sendable {
    /// Does the command's work and returns the files it wrote.
    func run(_ run: PipelineRun) async throws -> [URL]
}

/// Where a command's data comes from: the bundled sample (no key, no cache, no network), the live
/// services through the cache, or the cache alone (`--offline`). Chosen once, from the command
/// line's flags; ``Wiring/withKOBIS(_:writePolicy:recordEveryCall:_:)`` is the one place it is read.
package enum DataSource: Sendable, Equatable {
    case sample, live, offline

    package init(sample: Bool, offline: Bool) {
        self = sample ? .sample : offline ? .offline : .live
    }
}

/// How a command shows what it has to say: lines and bytes on standard output, warnings on
/// standard error (none with `-q`), and the progress of a long fetch.
package struct Console: Sendable {
    package var line: @Sendable (String) -> Void
    package var write: @Sendable (Data) -> Void
    package var warn: @Sendable (String) -> Void
    package var progress: (any ProgressDisplay)?
    /// `-q`: warnings go nowhere, and nothing is done only to say one (the once-only TMDB note's
    /// marker is left for a run that shows it).
    package var quiet: Bool

    package init(
        line: @escaping @Sendable (String) -> Void, write: @escaping @Sendable (Data) -> Void, warn: @escaping @Sendable (String) -> Void,
        progress: (any ProgressDisplay)? = nil, quiet: Bool = false
    ) {
        (self.line, self.write, self.warn, self.progress, self.quiet) = (line, write, warn, progress, quiet)
    }

    /// Prints nothing: for tests and tools.
    package static let silent = Console(line: { _ in }, write: { _ in }, warn: { _ in }, quiet: true)
}

/// A live progress display (the command line's one-line progress on a terminal).
package protocol ProgressDisplay: Sendable {
    func update(_ progress: FetchStage.Progress)
    /// The charts the look-back will read after the range, for the time left.
    func expectLookBack(charts: Int)
    /// Clears the display: the run is over, its results follow.
    func finish()
}

/// What every command is given besides its request: the environment, how the services are reached,
/// the cache, where the data comes from, and where to say things.
package struct RunContext: Sendable {
    package var environment: [String: String]
    package var source: DataSource
    package var network: NetworkSettings
    package var cache: CacheSettings
    package var tmdb: TMDBSettings
    package var console: Console

    package init(
        environment: [String: String], source: DataSource = .live, network: NetworkSettings = NetworkSettings(),
        cache: CacheSettings = CacheSettings(), tmdb: TMDBSettings = TMDBSettings(), console: Console
    ) {
        (self.environment, self.source, self.network, self.cache, self.tmdb, self.console) = (environment, source, network, cache, tmdb, console)
    }
}

/// One run of a request: its context, and the wiring built from it when the request first needs it
/// (a command that reads no service, `templates`, never reads `BOXOFFICE_TODAY`).
package struct PipelineRun: Sendable {
    package let context: RunContext

    /// The run's wiring: the services, the cache, the calendar.
    package func wiring(offersSample: Bool = true) throws -> Wiring {
        var wiring = try Wiring(environment: context.environment, network: context.network)
        wiring.offersSample = offersSample
        return wiring
    }

    var console: Console { context.console }
    var environment: [String: String] { context.environment }
    var source: DataSource { context.source }
    var isSample: Bool { context.source == .sample }
    var offline: Bool { context.source == .offline }
    var width: Int { context.network.jobs }
}
