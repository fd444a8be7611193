import BoxOfficeModel
import Foundation

/// The "Revised since the last run" lines and `boxoffice revisions`: a figure KOBIS changed, in words.
package enum RevisionView {
    /// `Sun 2025-03-09 · 검은 파도 (20259001): audience 123,155 → 124,002`.
    package static func line(_ revision: Revision, words w: Words) -> String {
        guard revision.field != .charted else {
            let change = w.say.chartedChange(now: revision.after == 1)
            return "\(w.dateWithWeekday(revision.date)) · \(PlainText.oneLine(revision.title)) (\(revision.movieCode)): \(change)"
        }
        let field = w.say.revisedField(revision.field)
        func value(_ number: Int64) -> String { revision.field == .sales ? w.won(number) : w.grouped(number) }
        return
            "\(w.dateWithWeekday(revision.date)) · \(PlainText.oneLine(revision.title)) (\(revision.movieCode)): \(field) \(value(revision.before)) → \(value(revision.after))"
    }

    /// `boxoffice revisions -f csv` and `-f json`, written a piece at a time as the log is read, so
    /// that a log of any size is never held whole (a 62 MB log made a 422 MB `-f json`): the
    /// revisions table (``ReportTables``) a batch at a time, as its CSV (`seen_at` UTC ISO 8601,
    /// cells escaped as every CSV's are) or its JSON rows (``TableJSON``).
    package struct Writer {
        package enum Format: Sendable { case csv, json }

        private let format: Format
        private let dialect: CSVDialect
        private let sink: (Data) -> Void
        private var batch: [Revision] = []
        private var written = 0

        package init(_ format: Format, dialect: CSVDialect = CSVDialect(), sink: @escaping (Data) -> Void) {
            self.format = format
            self.dialect = dialect
            self.sink = sink
        }

        package mutating func add(_ revision: Revision) throws {
            batch.append(revision)
            if batch.count == Self.batchSize { write(last: false) }
        }

        package mutating func finish() throws { write(last: true) }

        /// Revisions written at a time: a piece of about a megabyte.
        static let batchSize = 2_000

        /// The text listing is written in pieces of about this many bytes.
        package static let pieceSize = 1 << 20

        private mutating func write(last: Bool) {
            let table = ReportTables.table(of: batch)
            switch format {
            case .csv:
                var bytes: [UInt8] = []
                CSVTable.append(table, header: written == 0, dialect: dialect, to: &bytes)
                sink(Data(bytes))
            case .json:
                let text = (written == 0 ? TableJSON.opening : "") + TableJSON.rows(table, first: written == 0)
                sink(Data((last ? text + TableJSON.closing(.revisions, empty: written + batch.count == 0) : text).utf8))
            }
            written += batch.count
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// The report's section: at most 20 lines, the rest counted.
    static func lines(_ report: BoxOfficeReport, words w: Words) -> [String] {
        guard let revisions = report.revisions, !revisions.isEmpty else { return [] }
        let shown = revisions.prefix(20).map { line($0, words: w) }
        return shown
            + (revisions.count > 20
                ? [w.say.moreRevisions(revisions.count - 20)] : [])
    }
}

/// The digest in words: one sentence of what changed since the folder's last report.
package enum DigestView {
    static func sentence(_ report: BoxOfficeReport, words w: Words) -> String? {
        guard let digest = report.digest, !digest.isEmpty else { return nil }
        func titles(_ films: [Digest.Film]) -> String { films.map { PlainText.oneLine($0.title) }.joined(separator: ", ") }
        var parts: [String] = []
        if !digest.newEntries.isEmpty { parts.append(w.say.digestNew(titles(digest.newEntries))) }
        if !digest.left.isEmpty { parts.append(w.say.digestLeft(titles(digest.left))) }
        for film in digest.milestones {
            let threshold = film.threshold.map(PeopleFormat.manwon) ?? ""
            parts.append(w.say.digestPassed(PlainText.oneLine(film.title), threshold: threshold))
        }
        if digest.revisions > 0 {
            parts.append(w.say.digestRevised(digest.revisions))
        }
        return w.say.digestSince(digest.since) + parts.joined(separator: "; ") + "."
    }
}
