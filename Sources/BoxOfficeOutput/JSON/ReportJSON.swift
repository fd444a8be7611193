import BoxOfficeModel
import Foundation

/// The report model as JSON: snake_case keys, sorted, pretty-printed, ending in a newline; the bytes
/// `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (a test holds
/// them to it), written by ``JSONWriter`` (the days and their rows from their fields, ``DirectJSONObject``).
///
/// The snake_case names are the models' own `CodingKeys`, not `.convertToSnakeCase`: converting
/// every key of a twenty-year report (1.5 million of them) cost 0.66 s of the JSON's 1.55 s.
///
/// A twenty-year report has 8,400 days and 3,700 films (67 MB of JSON). Encoding the whole model at
/// once would build the encoder's tree of all of it; so the report is encoded as a shell with its
/// long lists (days, films, a period report's periods) empty, and the lists' elements are encoded
/// apart, in chunks on every core, at their depth, and handed on in order as each is done
/// (``write(_:reserve:to:)``: a report's file is written as the next chunks are encoded), so no
/// more than two chunks a core are held.
package enum ReportJSON {
    /// Elements encoded by one task.
    static let chunkSize = 256
    /// Chunks being encoded or waiting to be written at once, per core.
    static let chunksAtOnce = 2

    package static func encode(_ report: BoxOfficeReport) async throws -> Data {
        var output = Data()
        try await write(report, reserve: { output.reserveCapacity(output.count + $0) }) { output.append(contentsOf: $0) }
        return output
    }

    /// Hands the report's JSON to `write` piece by piece, in order, so a twenty-year document is
    /// written to its file as it is encoded and never held whole; `reserve` is told, once the first
    /// chunk of each long list is encoded, about how many more bytes will follow.
    package static func write(
        _ report: BoxOfficeReport, reserve: (Int) -> Void = { _ in }, to write: (UnsafeRawBufferPointer) throws -> Void
    ) async throws {
        func emit(_ bytes: some Collection<UInt8>) throws {
            if let done = try bytes.withContiguousStorageIfAvailable({ try write(UnsafeRawBufferPointer($0)) }) { return done }
            try Array(bytes).withUnsafeBytes { try write($0) }
        }
        var shell = report
        shell.days = []
        shell.films = []
        shell.periods = []
        let head = try JSONWriter.encode(shell)
        var rest = head[...]
        // Root keys are sorted: "days", then "films", then "periods".
        let lists = [("days", ListElements(report.days)), ("films", ListElements(report.films)), ("periods", ListElements(report.periods))]
        for (key, list) in lists {
            let empty = Array("\n  \"\(key)\" : [\n\n  ]".utf8)
            guard let range = rest.firstRange(of: empty) else {
                throw EncodingError.invalidValue(key, .init(codingPath: [], debugDescription: "no empty \(key) list in the report shell"))
            }
            try emit(rest[..<range.lowerBound])
            if list.count == 0 {
                try emit(empty)
            } else {
                try emit(Array("\n  \"\(key)\" : [\n".utf8))
                try await list.write(reserve: reserve) { try emit($0) }
                try emit(Array("\n  ]".utf8))
            }
            rest = rest[range.upperBound...]
        }
        try emit(rest + [UInt8(ascii: "\n")])
    }

    /// One JSON document (a film's run), as `JSONEncoder` writes it, without a final newline.
    package static func document<Value: Encodable>(_ value: Value) throws -> Data {
        try JSONWriter.encoder.encode(value)
    }

    /// A root-level list's elements, encoded as they stand inside it: indented two levels, joined
    /// by commas.
    struct ListElements: Sendable {
        let count: Int
        let encodeChunk: @Sendable (Int) throws -> [UInt8]

        init<Element: DirectJSONObject & Sendable>(_ list: [Element]) {
            count = list.count
            encodeChunk = { start in
                // One writer for the chunk, so its key orders are sorted once for all its elements.
                var writer = JSONWriter(level: 2)
                for index in start..<min(start + ReportJSON.chunkSize, list.count) {
                    if index > start { writer.bytes.append(contentsOf: ",\n".utf8) }
                    writer.bytes.append(contentsOf: "    ".utf8)
                    try writer.writeFields(list[index])
                }
                return writer.bytes
            }
        }

        func write(reserve: (Int) -> Void, to emit: ([UInt8]) throws -> Void) async throws {
            let starts = Array(stride(from: 0, to: count, by: ReportJSON.chunkSize))
            let width = ReportJSON.chunksAtOnce * max(1, ProcessInfo.processInfo.activeProcessorCount)
            var written = 0
            try await BoundedTaskGroup.forEachInOrder(starts, width: width, encodeChunk) { chunk in
                if written == 0 {
                    // Room for the rest at the first chunk's size per element, so a document held
                    // in memory is not grown by doubling (which held up to twice its 67 MB).
                    let elements = min(count, ReportJSON.chunkSize)
                    reserve((chunk.count + 2) * count / max(1, elements) * 21 / 20 + (64 << 10))
                } else {
                    try emit(Array(",\n".utf8))
                }
                try emit(chunk)
                written += 1
            }
        }
    }
}
