import BoxOfficeModel
import BoxOfficePipeline
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress display on stderr for long runs: only when stderr is a terminal, redrawn a
/// few times a second, cleared at the end, and cut to the terminal's width so that it never wraps
/// (a wrapped line cannot be redrawn in place and fills a narrow terminal with stale copies). No
/// colour is ever used, so NO_COLOR holds trivially.
final class ProgressLine: ProgressDisplay {
    private let enabled: Bool
    private let label: String
    private let started = Date()
    /// When the line was last drawn, whether it is on screen, and the look-back's charts.
    private let state = Mutex<(lastDraw: Date, drawn: Bool, lookBackCharts: Int)>((.distantPast, false, 0))
    /// Charts the look-back stage will read after the range (the day before, the week before).
    var lookBackCharts: Int {
        get { state.withLock { $0.lookBackCharts } }
        set { state.withLock { $0.lookBackCharts = newValue } }
    }

    func expectLookBack(charts: Int) { lookBackCharts = charts }

    init(enabled: Bool, label: String) {
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
        self.label = label
    }

    /// Shown for runs longer than a moment only.
    func update(_ progress: FetchStage.Progress) {
        guard enabled else { return }
        state.withLock { state in
            let now = Date()
            guard now.timeIntervalSince(started) > 1, now.timeIntervalSince(state.lastDraw) >= 0.25 || progress.chartsDone == progress.chartsTotal
            else {
                return
            }
            state.lastDraw = now
            let elapsed = now.timeIntervalSince(started)
            let eta = progress.remaining(lookBackCharts: state.lookBackCharts, elapsed: elapsed).map { " · ETA \(Self.duration($0))" } ?? ""
            let line =
                "\(label): \(progress.chartsDone)/\(progress.chartsTotal) dates · \(progress.filmsDone)/\(progress.filmsKnown) films · \(progress.calls) KOBIS calls\(eta)"
            FileHandle.standardError.write(Data("\r\u{1B}[2K\(DisplayWidth.fit(line, Self.columns() - 1))".utf8))
            state.drawn = true
        }
    }

    /// The terminal's width in columns (80 when it cannot be read).
    static func columns() -> Int {
        guard let width = Terminal.columns(of: STDERR_FILENO), width > 10 else { return 80 }
        return width
    }

    func finish() {
        state.withLock { state in
            if state.drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            state.drawn = false
        }
    }

    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return total >= 3600 ? "\(total / 3600)h\(total % 3600 / 60)m" : total >= 60 ? "\(total / 60)m\(total % 60)s" : "\(total)s"
    }
}
