import Foundation

/// The language a report is written in: `--lang en|ko`.
package enum ReportLanguage: String, CaseIterable, Sendable, Codable {
    case en, ko

    /// Korean when `LANG` (or `LC_ALL`, `LC_MESSAGES`) names a Korean locale, else English.
    package static func fromEnvironment(_ environment: [String: String]) -> ReportLanguage {
        let locale =
            environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LC_MESSAGES"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LANG"] ?? ""
        return locale.lowercased().hasPrefix("ko") ? .ko : .en
    }

    /// What a document's file name carries for the language: nothing for English, `.ko` for Korean
    /// (`boxoffice-2025-03-09.ko.html`); so does a user's Korean-only template (`report.ko.html`).
    package var infix: String { self == .en ? "" : ".\(rawValue)" }
}
