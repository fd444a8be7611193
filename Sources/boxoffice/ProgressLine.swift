import BoxOfficePipeline
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress display on stderr for long runs: only when stderr is a terminal, redrawn a
/// few times a second, cleared at the end. No colour is ever used, so NO_COLOR holds trivially.
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private let label: String
    private let lock = NSLock()
    private let started = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(enabled: Bool, label: String) {
        self.enabled = enabled && isatty(STDERR_FILENO) == 1
        self.label = label
    }

    /// Shown for runs longer than a moment only.
    func update(_ progress: FetchStage.Progress) {
        guard enabled else { return }
        lock.withLock {
            let now = Date()
            guard now.timeIntervalSince(started) > 1, now.timeIntervalSince(lastDraw) >= 0.25 || progress.chartsDone == progress.chartsTotal else {
                return
            }
            lastDraw = now
            let fraction = Double(progress.chartsDone) / Double(max(progress.chartsTotal, 1))
            let elapsed = now.timeIntervalSince(started)
            let eta = fraction > 0.02 ? " · ETA \(Self.duration(elapsed / fraction - elapsed))" : ""
            let line =
                "\(label): \(progress.chartsDone)/\(progress.chartsTotal) dates · \(progress.filmsDone)/\(progress.filmsKnown) films · \(progress.calls) KOBIS calls\(eta)"
            FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
            drawn = true
        }
    }

    func finish() {
        lock.withLock {
            if drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            drawn = false
        }
    }

    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return total >= 3600 ? "\(total / 3600)h\(total % 3600 / 60)m" : total >= 60 ? "\(total / 60)m\(total % 60)s" : "\(total)s"
    }
}
