import Foundation

extension DateRange {
    /// Days as compact ranges: `2024-01-01..2024-01-10, 2024-02-03`; after `limit` runs, `and N more`.
    package static func compactList(_ days: [Day], limit: Int = 8) -> String {
        let runs = runs(of: days)
        let shown = runs.prefix(limit).map { $0.start == $0.end ? $0.start.iso : "\($0.start.iso)..\($0.end.iso)" }
        return shown.joined(separator: ", ") + (runs.count > limit ? " and \(runs.count - limit) more" : "")
    }

    /// Days as runs of consecutive days, oldest first (each day once).
    package static func runs(of days: [Day]) -> [DateRange] {
        var runs: [DateRange] = []
        for day in Set(days).sorted() {
            if let last = runs.last, last.end + 1 == day {
                runs[runs.count - 1] = DateRange(start: last.start, end: day)
            } else {
                runs.append(DateRange(start: day, end: day))
            }
        }
        return runs
    }
}
