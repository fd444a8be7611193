import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficeServices
import Foundation

/// `boxoffice quota`: today's KOBIS calls spent and left, per key, from the ledger; sends nothing.
package struct QuotaRequest: PipelineRequest {
    package var format: TableFormat

    package init(format: TableFormat) { self.format = format }

    package func run(_ run: PipelineRun) async throws -> [URL] {
        let calendar = try SeoulCalendar.fromEnvironment(run.environment)
        let key = run.environment["KOBIS_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines)
        let ledger = QuotaLedger(file: QuotaLedger.defaultFile(run.environment), key: key ?? "")
        if let problem = ledger.problem { run.console.warn(problem + "; what could not be read is not counted") }
        let today = calendar.today
        let current = key.flatMap { $0.isEmpty ? nil : ledger.keyFingerprint }
        format.print(
            ReportTables.table(of: Self.rows(ledger: ledger, currentKey: current, today: today)),
            lines: Self.lines(ledger: ledger, currentKey: current, today: today), on: run.console)
        return []
    }

    /// Each key's calls today, the current key's first even with none.
    static func keys(ledger: QuotaLedger, currentKey: String?, today: Day) -> [(fingerprint: String, calls: Int)] {
        var rows = ledger.everyKey(on: today)
        if let currentKey, !rows.contains(where: { $0.fingerprint == currentKey }) { rows.insert((currentKey, 0), at: 0) }
        return rows
    }

    /// The quota table's rows (`--format json` or `csv`).
    static func rows(ledger: QuotaLedger, currentKey: String?, today: Day) -> [QuotaRow] {
        keys(ledger: ledger, currentKey: currentKey, today: today).map {
            QuotaRow(
                date: today, key: $0.fingerprint, spent: $0.calls, left: max(0, KOBISQuota.callsPerDay - $0.calls),
                current: $0.fingerprint == currentKey)
        }
    }

    /// The table: a heading with the date and the ledger's path, then one line per key.
    static func lines(ledger: QuotaLedger, currentKey: String?, today: Day) -> [String] {
        let rows = keys(ledger: ledger, currentKey: currentKey, today: today)
        var lines = ["KOBIS calls on \(today.iso) (Seoul), from \(ledger.file.path):"]
        guard !rows.isEmpty else {
            return lines + ["  none recorded today; each key has \(PeopleFormat.grouped(Int64(KOBISQuota.callsPerDay))) left"]
        }
        let spentWidth = rows.map { PeopleFormat.grouped(Int64($0.calls)).count }.max() ?? 1
        for (fingerprint, calls) in rows {
            let spent = PeopleFormat.grouped(Int64(calls))
            let left = PeopleFormat.grouped(Int64(max(0, KOBISQuota.callsPerDay - calls)))
            let padded = String(repeating: " ", count: spentWidth - spent.count) + spent
            lines.append("  key \(fingerprint)  \(padded) spent  \(left) left\(fingerprint == currentKey ? "  (KOBIS_API_KEY)" : "")")
        }
        return lines
    }
}
