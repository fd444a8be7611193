import Foundation
import Testing

/// The end-to-end cases of the hostile-input round (each item of README "Reliability"): every case
/// checks its exit code and what it left behind in its own test, and through ``record(_:_:_:)``
/// also stays within the run-wide memory budget the README states.
///
/// With `BOXOFFICE_CASE_TABLE` set to a file, each recorded case appends a row of item, case, exit
/// code, wall time, peak memory and the state of the output folder, cache and ledger, which
/// `scripts/hostile-cases` prints as a table (CI prints it for the release binary). Wall time is
/// recorded for the table and never asserted: the machine may be busy. The peak is the program's
/// own (see ``SpawnedProcess``); where python3 is missing it is not measured, and not checked.
enum HostileCase {
    /// README "Reliability": a run's peak resident memory for any answer the size caps accept.
    static let memoryBudget = 300 << 20

    private static let lock = NSLock()

    static func record(
        _ item: Int, _ name: String, _ result: BoxOfficeProcess.Result, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if let peak = result.peakMemory {
            #expect(peak < memoryBudget, "\(name): peak \(peak >> 20) MiB, over the \(memoryBudget >> 20) MiB budget", sourceLocation: sourceLocation)
        }
        guard let path = ProcessInfo.processInfo.environment["BOXOFFICE_CASE_TABLE"], !path.isEmpty else { return }
        func milliseconds(_ duration: Duration) -> String {
            String(format: "%.0f", Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15)
        }
        let wall = milliseconds(result.wall) + (result.afterSignal.map { " (\(milliseconds($0)) after the signal)" } ?? "")
        let fields = [
            "\(item)", name, "\(result.status)", wall,
            result.peakMemory.map { String(format: "%.1f", Double($0) / 1_048_576) } ?? "not measured (no python3)",
            result.after.map(String.init(describing:)) ?? "",
        ]
        let line = Data((fields.map { $0.replacingOccurrences(of: "\t", with: " ") }.joined(separator: "\t") + "\n").utf8)
        lock.withLock {
            if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            defer { try? handle.close() }
            _ = try? handle.seekToEnd()
            try? handle.write(contentsOf: line)
        }
    }
}
