import Foundation

/// How CSV files are written: which separator, and whether a byte-order mark leads.
package struct CSVDialect: Sendable, Equatable {
    package enum Delimiter: String, Sendable, CaseIterable {
        case comma = ",", semicolon = ";", tab = "\t"

        package var byte: UInt8 { rawValue.utf8.first! }

        /// `,` `;` `tab` (or a literal tab) as typed on a command line.
        package init?(argument: String) {
            switch argument.lowercased() {
            case ",", "comma": self = .comma
            case ";", "semicolon": self = .semicolon
            case "\t", "tab", "\\t": self = .tab
            default: return nil
            }
        }
    }

    /// Start with a UTF-8 byte-order mark, so Excel reads Korean titles right.
    package var byteOrderMark: Bool
    package var delimiter: Delimiter

    package init(byteOrderMark: Bool = true, delimiter: Delimiter = .comma) {
        self.byteOrderMark = byteOrderMark
        self.delimiter = delimiter
    }
}
