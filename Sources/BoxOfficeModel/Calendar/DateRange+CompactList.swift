import Foundation

extension DateRange {
    /// Days as compact ranges: `2024-01-01..2024-01-10, 2024-02-03`; after `limit` runs, `and N more`.
    package static func compactList(_ days: [Day], limit: Int = 8) -> String {
        var runs: [(Day, Day)] = []
        for day in Set(days).sorted() {
            if let last = runs.last, last.1 + 1 == day { runs[runs.count - 1].1 = day } else { runs.append((day, day)) }
        }
        let shown = runs.prefix(limit).map { $0.0 == $0.1 ? $0.0.iso : "\($0.0.iso)..\($0.1.iso)" }
        return shown.joined(separator: ", ") + (runs.count > limit ? " and \(runs.count - limit) more" : "")
    }
}
