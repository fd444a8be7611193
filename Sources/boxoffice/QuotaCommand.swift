import ArgumentParser
import BoxOfficeModel
import BoxOfficePipeline
import Foundation

struct QuotaCommand: AsyncParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "quota",
        abstract: "Today's KOBIS calls spent and left, per key."
    )

    static let helpDetails = HelpDetails(
        notes: [
            "Every run records the KOBIS calls it sends in the quota ledger ($XDG_STATE_HOME/boxoffice/kobis-calls.json, else ~/.local/state/boxoffice/kobis-calls.json), against the Seoul date and a fingerprint of the key (never the key). A key allows \(KOBISQuota.callsPerDay) calls a day. This sends nothing and needs no key; with KOBIS_API_KEY set, its line is marked and always shown."
        ],
        examples: [("boxoffice quota", "today's calls per key"), ("boxoffice quota -f json", "the same as JSON")],
        exitCodes: [.success, .usage, .internalError, .outputClosed], meanings: [.success: "the calls printed", .outputClosed: "stdout closed"])

    @Option(name: .shortAndLong, help: "text, or the table as json or csv.")
    var format: TableFormat = .text

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        try await Terminal.run(QuotaRequest(format: format), RunContext(environment: environment, console: Terminal.console()))
    }
}

extension TableFormat: ExpressibleByArgument {}
