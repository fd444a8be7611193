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

    enum CodingKeys: String, CodingKey {
        case en, ko
        case digestEN = "digest_en"
        case digestKO = "digest_ko"
    }

    package init(en: String, ko: String, digestEN: String? = nil, digestKO: String? = nil) {
        self.en = en
        self.ko = ko
        self.digestEN = digestEN
        self.digestKO = digestKO
    }

    package init(_ report: BoxOfficeReport) {
        en = Self.text(report, words: .english)
        ko = Self.text(report, words: .korean)
        digestEN = DigestView.sentence(report, words: .english)
        digestKO = DigestView.sentence(report, words: .korean)
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
