import BoxOfficeModel
import Foundation

/// The report model as JSON, written by `JSONEncoder`: snake_case keys, sorted, pretty-printed,
/// ending in a newline.
///
/// The snake_case names are the models' own `CodingKeys`, not `.convertToSnakeCase`: converting
/// every key of a twenty-year report (1.5 million of them) cost 0.66 s of the JSON's 1.55 s.
///
/// A twenty-year report has 8,400 days and 3,700 films (58 MB of JSON). Encoding the whole model at
/// once builds `JSONEncoder`'s tree of it, which held most of the run's memory; so the report is
/// encoded as a shell with its two long lists empty, and the lists' elements are encoded apart, in
/// chunks on every core, and spliced in at the shell's empty lists, indented to their depth. The
/// bytes are those `JSONEncoder` writes for the whole report (a test holds them to it).
public enum ReportJSON {
    /// Elements encoded by one task.
    static let chunkSize = 256

    public static func encode(_ report: BoxOfficeReport) async throws -> Data {
        var shell = report
        shell.days = []
        shell.films = []
        let head = try encoder().encode(shell)
        let days = try await elements(report.days)
        let films = try await elements(report.films)
        var output = Data()
        output.reserveCapacity(head.count + days.reduce(0) { $0 + $1.count } + films.reduce(0) { $0 + $1.count } + 64)
        var rest = head[...]
        // Root keys are sorted, so "days" comes before "films".
        for (key, chunks) in [("days", days), ("films", films)] {
            let empty = Data("\n  \"\(key)\" : [\n\n  ]".utf8)
            guard let range = rest.firstRange(of: empty) else {
                throw EncodingError.invalidValue(key, .init(codingPath: [], debugDescription: "no empty \(key) list in the report shell"))
            }
            output.append(rest[..<range.lowerBound])
            if chunks.isEmpty {
                output.append(empty)
            } else {
                output.append(contentsOf: "\n  \"\(key)\" : [\n".utf8)
                for (index, chunk) in chunks.enumerated() {
                    if index > 0 { output.append(contentsOf: ",\n".utf8) }
                    output.append(chunk)
                }
                output.append(contentsOf: "\n  ]".utf8)
            }
            rest = rest[range.upperBound...]
        }
        output.append(rest)
        output.append(UInt8(ascii: "\n"))
        return output
    }

    /// The encoder of every part, with the report's options.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The elements of a root-level list as they stand inside it: each line indented four spaces
    /// (a string never holds a raw newline, so every newline is the encoder's own; blank lines stay
    /// blank), joined by commas, in chunks.
    static func elements<Element: Encodable & Sendable>(_ list: [Element]) async throws -> [Data] {
        let starts = Array(stride(from: 0, to: list.count, by: chunkSize))
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        return try await BoundedTaskGroup.map(starts, width: width) { start in
            let encoder = encoder()
            let indent: [UInt8] = Array("    ".utf8)
            var chunk: [UInt8] = []
            for index in start..<min(start + chunkSize, list.count) {
                if index > start { chunk.append(contentsOf: ",\n".utf8) }
                chunk.append(contentsOf: indent)
                let encoded = try encoder.encode(list[index])
                // No reserveCapacity here: asking for exactly the next size reallocates each time
                // (39% of a year's report went to copying chunks); appends grow geometrically.
                encoded.withUnsafeBytes { bytes in
                    var lineStart = 0
                    while let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                        chunk.append(contentsOf: bytes[lineStart...newline])
                        // JSONEncoder leaves the blank line of an empty list unindented.
                        if newline + 1 < bytes.count, bytes[newline + 1] != UInt8(ascii: "\n") { chunk.append(contentsOf: indent) }
                        lineStart = newline + 1
                    }
                    chunk.append(contentsOf: bytes[lineStart...])
                }
            }
            return Data(chunk)
        }
    }
}
