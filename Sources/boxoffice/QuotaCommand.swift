import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import BoxOfficeServices
import Foundation

struct QuotaCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "quota",
        abstract: "Show today's KOBIS calls spent and left, per key, from the quota ledger."
    )

    static let helpDetails = HelpDetails(
        notes: [
            "Every run records the KOBIS calls it sends in the quota ledger ($XDG_STATE_HOME/boxoffice/kobis-calls.json, else ~/.local/state/boxoffice/kobis-calls.json), against the Seoul date and a fingerprint of the key (never the key). A key allows \(QuotaLedger.dailyQuota) calls a day. This sends nothing and needs no key; with KOBIS_API_KEY set, its line is marked and always shown."
        ])

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        try await Terminal.reportingErrors(redacting: Wiring.secrets(in: environment)) {
            let calendar = try SeoulCalendar.fromEnvironment(environment)
            let file = QuotaLedger.defaultFile(environment)
            let key = environment["KOBIS_API_KEY"]?.trimmingCharacters(in: .whitespacesAndNewlines)
            let ledger = QuotaLedger(file: file, key: key ?? "")
            if let problem = ledger.problem { Terminal.printWarning(problem + "; what could not be read is not counted") }
            let today = calendar.today
            for line in Self.lines(ledger: ledger, currentKey: key.flatMap { $0.isEmpty ? nil : ledger.keyFingerprint }, today: today) {
                Terminal.printLine(line)
            }
        }
    }

    /// The table: a heading with the date and the ledger's path, then one line per key.
    static func lines(ledger: QuotaLedger, currentKey: String?, today: Day) -> [String] {
        var rows = ledger.everyKey(on: today)
        if let currentKey, !rows.contains(where: { $0.fingerprint == currentKey }) { rows.insert((currentKey, 0), at: 0) }
        var lines = ["KOBIS calls on \(today.iso) (Seoul), from \(ledger.file.path):"]
        guard !rows.isEmpty else {
            return lines + ["  none recorded today; each key has \(PeopleFormat.grouped(Int64(QuotaLedger.dailyQuota))) left"]
        }
        let spentWidth = rows.map { PeopleFormat.grouped(Int64($0.calls)).count }.max() ?? 1
        for (fingerprint, calls) in rows {
            let spent = PeopleFormat.grouped(Int64(calls))
            let left = PeopleFormat.grouped(Int64(max(0, QuotaLedger.dailyQuota - calls)))
            let padded = String(repeating: " ", count: spentWidth - spent.count) + spent
            lines.append("  key \(fingerprint)  \(padded) spent  \(left) left\(fingerprint == currentKey ? "  (KOBIS_API_KEY)" : "")")
        }
        return lines
    }
}
