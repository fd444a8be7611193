import Foundation

/// An output format the user can ask for with `--format`.
package enum ReportFormat: String, CaseIterable, Sendable, Codable {
    case json, csv, md, html, txt, xlsx
    /// A SQLite database of the report's tables (``SQLiteTables``).
    case sqlite
    /// A Frictionless data package: `datapackage.json` describing the CSVs, written with them.
    case datapackage
    /// A chat webhook's JSON body (``ChatPayload``): Slack's Block Kit message, Discord's message.
    case slack, discord

    /// What a report writes when no format is asked for: every format but the Excel workbook,
    /// which holds the CSVs' tables again and is written only when asked for (`-f xlsx`).
    package static let byDefault: [ReportFormat] = allCases.filter(\.isDefault)

    // Every fact about a format that is not how it is rendered lives here, each an exhaustive
    // switch: a new format states them all in this file (the model's: the command line parses it), and
    // its renderer in ReportRenderer.

    var isDefault: Bool {
        switch self {
        case .json, .csv, .md, .html, .txt: true
        case .xlsx, .sqlite, .datapackage, .slack, .discord: false
        }
    }

    /// What a file of this format ends with, after the report's base name.
    package var suffix: String {
        switch self {
        case .datapackage, .slack, .discord: ".\(rawValue).json"
        default: "." + rawValue
        }
    }

    /// A document for people, written once per language (`….ko.html`, `….ko.slack.json`, rendered
    /// in the documents' lane); the others are data files, the same in every language.
    package var isDocument: Bool {
        switch self {
        case .md, .html, .txt, .slack, .discord: true
        case .json, .csv, .xlsx, .sqlite, .datapackage: false
        }
    }

    /// The forms `boxoffice rank` writes a ranking in (no chat message), in the order it writes them.
    package static let rankForms: [ReportFormat] = [.md, .html, .txt, .csv, .json, .xlsx, .sqlite, .datapackage]
    /// What `rank` writes without `--format`: the documents, the CSVs and the JSON.
    package static let rankByDefault: [ReportFormat] = [.md, .html, .txt, .csv, .json]

    /// `boxoffice film` writes a film's run in this format too (`film-CODE.html`).
    package var hasFilmForm: Bool {
        switch self {
        case .json, .csv, .md, .html: true
        case .txt, .xlsx, .sqlite, .datapackage, .slack, .discord: false
        }
    }

    /// How the folder's index labels a link to a file of this format, in English and Korean, and
    /// where it goes among a report's links.
    package var link: (order: Int, en: String, ko: String) {
        switch self {
        case .html: (0, "HTML", "HTML")
        case .md: (1, "Markdown", "Markdown")
        case .txt: (2, "text", "텍스트")
        case .csv: (3, "CSV", "CSV")
        case .json: (4, "JSON", "JSON")
        case .xlsx: (5, "Excel", "엑셀")
        case .sqlite: (6, "SQLite", "SQLite")
        case .datapackage: (7, "data package", "데이터 패키지")
        case .slack: (8, "Slack message", "Slack 메시지")
        case .discord: (9, "Discord message", "Discord 메시지")
        }
    }

    /// `formats` with the formats whose files another needs beside it: a data package describes
    /// the CSVs, so `datapackage` brings `csv` (just before it) when it is not asked for.
    package static func withTheirFiles(_ formats: [ReportFormat]) -> [ReportFormat] {
        guard let package = formats.firstIndex(of: .datapackage), !formats.contains(.csv) else { return formats }
        var formats = formats
        formats.insert(.csv, at: package)
        return formats
    }

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

/// A `--format` list naming a format the command does not know.
package struct FormatListError: UserFacingError, Equatable {
    package let given: String
    /// The formats the command knows.
    package var expected = ReportFormat.allCases.map(\.rawValue)

    package init(given: String, expected: [String] = ReportFormat.allCases.map(\.rawValue)) { (self.given, self.expected) = (given, expected) }

    package var errorDescription: String? {
        "unknown format \(DateRangeError.quoted(given)): expected a comma-separated list of \(expected.joined(separator: ", "))"
    }
    package var exitStatus: ExitStatus { .usage }
}
