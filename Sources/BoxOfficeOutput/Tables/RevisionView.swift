import BoxOfficeModel
import Foundation

/// The "Revised since the last run" lines and `boxoffice revisions`: a figure KOBIS changed, in words.
package enum RevisionView {
    /// `Sun 2025-03-09 · 검은 파도 (20259001): audience 123,155 → 124,002`.
    package static func line(_ revision: Revision, words w: Words) -> String {
        let field: String
        switch revision.field {
        case .audience: field = w.ko ? "관객" : "audience"
        case .sales: field = w.ko ? "매출" : "sales"
        case .rank: field = w.ko ? "순위" : "rank"
        case .screens: field = w.ko ? "스크린" : "screens"
        case .showings: field = w.ko ? "상영 횟수" : "showings"
        case .charted:
            let change = revision.after == 1 ? (w.ko ? "순위에 새로 들어옴" : "now on the chart") : (w.ko ? "순위에서 빠짐" : "no longer on the chart")
            return "\(w.dateWithWeekday(revision.date)) · \(PlainText.oneLine(revision.title)) (\(revision.movieCode)): \(change)"
        }
        func value(_ number: Int64) -> String { revision.field == .sales ? w.won(number) : w.grouped(number) }
        return
            "\(w.dateWithWeekday(revision.date)) · \(PlainText.oneLine(revision.title)) (\(revision.movieCode)): \(field) \(value(revision.before)) → \(value(revision.after))"
    }

    /// `boxoffice revisions -f csv` and `-f json`, written a piece at a time as the log is read, so
    /// that a log of any size is never held whole (a 62 MB log made a 422 MB `-f json`). CSV: a row
    /// per revision, the log's own keys as columns, `seen_at` as UTC ISO 8601, cells escaped as every
    /// CSV's are (a title can start a formula). JSON: the log's lines as one array, keys as in
    /// `revisions.jsonl`, laid out as `JSONEncoder`'s pretty printing lays out the whole array.
    package struct Writer {
        package enum Format: Sendable { case csv, json }

        private let format: Format
        private var dialect: CSVDialect
        private let sink: (Data) -> Void
        private var pending = ""
        private var count = 0
        private var batch: [Revision] = []
        private var encoded = 0
        private let encoder: JSONEncoder = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return encoder
        }()

        /// A piece is handed to `sink` once it holds about this many bytes.
        package static let pieceSize = 1 << 20

        package init(_ format: Format, dialect: CSVDialect = CSVDialect(), sink: @escaping (Data) -> Void) {
            self.format = format
            self.dialect = dialect
            self.sink = sink
            pending = format == .csv ? "date,movie_cd,title,field,before,after,seen_at\n" : "["
        }

        package mutating func add(_ revision: Revision) throws {
            switch format {
            case .csv:
                let cell = CSVContentType()
                let seen = Date(timeIntervalSince1970: TimeInterval(revision.seenAt)).ISO8601Format()
                let cells = [
                    revision.date.iso, revision.movieCode, revision.title, revision.field.rawValue, String(revision.before), String(revision.after),
                    seen,
                ]
                pending += cells.map(cell.escapeText).joined(separator: ",") + "\n"
            case .json:
                batch.append(revision)
                if batch.count == Self.batchSize { try encodeBatch() }
            }
            count += 1
            if pending.utf8.count >= Self.pieceSize { flush() }
        }

        package mutating func finish() throws {
            try encodeBatch()
            if format == .json { pending += count == 0 ? "\n\n]\n" : "\n]\n" }
            flush()
        }

        /// Revisions encoded at a time: the encoder lays out an array of them as it lays out the
        /// whole (`[\n  {…},\n  {…}\n]`), so its inside is the whole's, piece by piece.
        static let batchSize = 2_000

        private mutating func encodeBatch() throws {
            guard !batch.isEmpty else { return }
            let array = String(decoding: try encoder.encode(batch), as: UTF8.self)
            pending += (encoded == 0 ? "\n" : ",\n") + array.dropFirst(2).dropLast(2)
            encoded += batch.count
            batch.removeAll(keepingCapacity: true)
        }

        private mutating func flush() {
            guard !pending.isEmpty else { return }
            sink(format == .csv ? CSVContentType.file(from: pending, dialect: dialect) : Data(pending.utf8))
            // The byte-order mark opens the file, not each piece.
            dialect.byteOrderMark = false
            pending = ""
        }
    }

    /// The report's section: at most 20 lines, the rest counted.
    static func lines(_ report: BoxOfficeReport, words w: Words) -> [String] {
        guard let revisions = report.revisions, !revisions.isEmpty else { return [] }
        let shown = revisions.prefix(20).map { line($0, words: w) }
        return shown
            + (revisions.count > 20
                ? [w.ko ? "그 밖에 \(revisions.count - 20)건" : "and \(revisions.count - 20) more (boxoffice revisions lists them)"] : [])
    }
}

/// The digest in words: one sentence of what changed since the folder's last report.
package enum DigestView {
    static func sentence(_ report: BoxOfficeReport, words w: Words) -> String? {
        guard let digest = report.digest, !digest.isEmpty else { return nil }
        func titles(_ films: [Digest.Film]) -> String { films.map { PlainText.oneLine($0.title) }.joined(separator: ", ") }
        var parts: [String] = []
        if !digest.newEntries.isEmpty { parts.append((w.ko ? "새로 진입 " : "new on the chart: ") + titles(digest.newEntries)) }
        if !digest.left.isEmpty { parts.append((w.ko ? "순위에서 빠짐 " : "left the chart: ") + titles(digest.left)) }
        for film in digest.milestones {
            let threshold = film.threshold.map(PeopleFormat.manwon) ?? ""
            parts.append(w.ko ? "\(PlainText.oneLine(film.title)) \(threshold) 돌파" : "\(PlainText.oneLine(film.title)) passed \(threshold)")
        }
        if digest.revisions > 0 {
            parts.append(w.ko ? "KOBIS 수정 \(digest.revisions)건" : "KOBIS revised \(digest.revisions) figure\(digest.revisions == 1 ? "" : "s")")
        }
        return (w.ko ? "지난 보고서(\(w.date(digest.since))) 이후: " : "Since the last report (\(w.dateWithWeekday(digest.since))): ")
            + parts.joined(separator: "; ") + "."
    }
}
