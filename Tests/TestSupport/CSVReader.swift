import Foundation

/// A strict RFC 4180 reader: CRLF records, quoted fields with doubled quotes, nothing else.
public enum CSVReader {
    public struct Malformed: Error, CustomStringConvertible {
        public let description: String
    }

    /// `separators`: one for a strict reader; `[",", ";", "\t"]` reads like LibreOffice's default
    /// import, which splits unquoted text at any of the three.
    public static func parse(_ text: String, separators: Set<Unicode.Scalar> = [","]) throws -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var scalars = text.unicodeScalars[...]
        var quoted = false
        var fieldStarted = false
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" { scalars.removeFirst(); field.unicodeScalars.append("\"") } else { quoted = false }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where !fieldStarted:
                quoted = true
                fieldStarted = true
            case "\"":
                throw Malformed(description: "quote inside an unquoted field after \(field.debugDescription)")
            case _ where separators.contains(scalar):
                record.append(field)
                field = ""
                fieldStarted = false
            case "\r":
                guard scalars.popFirst() == "\n" else { throw Malformed(description: "CR without LF") }
                record.append(field)
                records.append(record)
                record = []
                field = ""
                fieldStarted = false
            case "\n":
                throw Malformed(description: "bare LF as a record separator")
            default:
                field.unicodeScalars.append(scalar)
                fieldStarted = true
            }
        }
        guard !quoted else { throw Malformed(description: "unterminated quoted field") }
        guard field.isEmpty, record.isEmpty else { throw Malformed(description: "last record not ended by CRLF") }
        return records
    }

    /// The records of a CSV file as `boxoffice` writes it (an optional UTF-8 byte-order mark,
    /// then CRLF records), each a dictionary from the header's names to its cells.
    public static func table(_ data: Data) throws -> [[String: String]] {
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        let records = try parse(String(decoding: bytes, as: UTF8.self))
        guard let header = records.first else { return [] }
        return records.dropFirst().map { Dictionary(zip(header, $0), uniquingKeysWith: { first, _ in first }) }
    }
}
