import BoxOfficeModel
import Foundation

/// What a report found, in one line for the archive index, in both languages: the film with the
/// most admissions and its count, the charted total, and whether the figures are provisional.
///
/// Kept beside the index (``ArchiveIndex/stateFile``) when the report is written, so rebuilding the
/// index reads no report again.
package struct ReportHeadline: Codable, Sendable, Equatable {
    package var en: String
    package var ko: String
    /// The report's digest sentence (``DigestView``), what changed since the folder's report before
    /// it, in each language; nil when it had none. The index opens with the newest report's.
    package var digestEN: String?
    package var digestKO: String?
    /// When the run that wrote the report ended (RFC 3339, UTC): the feed entry's `updated`, so a
    /// re-run of a day updates its entry. Nil in a headline kept by a version before the feed.
    package var updated: String?

    enum CodingKeys: String, CodingKey {
        case en, ko, updated
        case digestEN = "digest_en"
        case digestKO = "digest_ko"
    }

    package init(en: String, ko: String, digestEN: String? = nil, digestKO: String? = nil, updated: String? = nil) {
        self.en = en
        self.ko = ko
        self.digestEN = digestEN
        self.digestKO = digestKO
        self.updated = updated
    }

    /// The report's headline, its run ending at `now`; the bundled sample's is the sample's own
    /// fetch time or none, so that its committed feed does not change with each rendering.
    package init(_ report: BoxOfficeReport, now: Date = Date()) {
        en = Self.text(report, words: .english)
        ko = Self.text(report, words: .korean)
        digestEN = DigestView.sentence(report, words: .english)
        digestKO = DigestView.sentence(report, words: .korean)
        updated = report.simulated ? report.chartsFetched.map { Self.timestamp($0.upperBound) } : Self.timestamp(now)
    }

    /// `2025-03-10T00:30:00Z`: RFC 3339 in UTC, to the second.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    func text(_ language: ReportLanguage) -> String { language == .ko ? ko : en }

    func digest(_ language: ReportLanguage) -> String? { language == .ko ? digestKO : digestEN }

    static func text(_ report: BoxOfficeReport, words w: Words) -> String {
        let provisional = report.days.contains(where: \.provisional) || report.periods.contains(where: \.provisional)
        guard let top = report.films.max(by: { ($0.audience, $1.rank) < ($1.audience, $0.rank) }) else {
            return w.say.noFilmCharted
        }
        let title = PlainText.oneLine(top.title)
        let line = w.say.headline(title: title, audience: top.audience, total: report.summary.chartedAudience)
        return line + (provisional ? w.say.provisionalMark : "")
    }
}
