import Foundation

/// An output format the user can ask for with `--format`.
package enum ReportFormat: String, CaseIterable, Sendable, Codable {
    case json, csv, md, html, txt, xlsx

    /// What a report writes when no format is asked for: every format but the Excel workbook,
    /// which holds the CSVs' tables again and is written only when asked for (`-f xlsx`).
    package static let byDefault: [ReportFormat] = [.json, .csv, .md, .html, .txt]

    /// Parses `json,csv`: a comma-separated list, each format once, in the order given.
    package static func parseList(_ text: String) throws(FormatListError) -> [ReportFormat] {
        var formats: [ReportFormat] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = ReportFormat(rawValue: name == "text" ? "txt" : name) else { throw FormatListError(given: String(part)) }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats
    }
}
