import BoxOfficeModel
import Foundation

/// `-f slack` and `-f discord`: a report as the JSON body a chat webhook takes, so that
/// `boxoffice report -f slack -o - | curl -sf -H 'Content-Type: application/json' -d @- "$SLACK_WEBHOOK"`
/// is the whole integration. boxoffice holds no webhook and sends nothing: the payload is a file.
///
/// Both say the same, in the report's language: its title, the top 5 films with their admissions
/// and the change on a week earlier, the highlights (the text report's short sentences), and a line
/// with the source and, when they apply, the provisional and simulated marks. Titles are a
/// service's text: Slack gets every block as `plain_text` (nothing in it is markup, a mention or an
/// emoji code); Discord gets them with its Markdown's characters escaped and no mention allowed.
/// Each text is cut, a highlight at a time, to the platform's limits.
enum ChatPayload {
    /// What a payload says, each line a sentence whose values (titles) each platform escapes.
    struct Summary {
        var title: String
        var top: [Sentence]
        var highlights: [Sentence]
        var context: String
    }

    static func summary(_ report: BoxOfficeReport, words w: Words) -> Summary {
        let provisional = report.days.contains(where: \.provisional) || report.periods.contains(where: \.provisional)
        let labels = ReportLabels.labels(w.language)
        var context = "\(labels["source"] ?? "Source:") \(w.source(report))" + (provisional ? w.say.provisionalMark : "")
        if report.simulated { context += " · " + w.note(.simulated) }
        return Summary(
            title: TextView.title(report, words: w),
            top: report.films.prefix(5).map { film in
                w.say.chatLine(
                    rank: film.rank, title: PlainText.oneLine(film.title), audience: PeopleFormat.grouped(film.audience),
                    change: film.audienceChangeLastWeekPercent.map(PeopleFormat.signedPercent))
            },
            highlights: HighlightView.briefs(report.highlights, period: report.periodKind, words: w),
            context: context)
    }

    // MARK: - Slack

    /// Slack's limits (Block Kit reference): a header's text, a section's, a context element's,
    /// and the notification text we keep short.
    static let slackLimits = (header: 150, section: 3_000, context: 2_000, fallback: 300)

    static func slack(_ report: BoxOfficeReport, words: Words) throws -> Data {
        let summary = summary(report, words: words)
        func text(_ text: String, limit: Int) -> [String: Any] {
            ["type": "plain_text", "text": cut(text, to: limit), "emoji": false]
        }
        var blocks: [[String: Any]] = [["type": "header", "text": text(summary.title, limit: slackLimits.header)]]
        if !summary.top.isEmpty {
            let lines = fitted(summary.top.map(\.plain), limit: slackLimits.section)
            blocks.append(["type": "section", "text": text(lines, limit: slackLimits.section)])
        }
        if !summary.highlights.isEmpty {
            let lines = fitted(summary.highlights.map { "• " + $0.plain }, limit: slackLimits.section)
            blocks.append(["type": "section", "text": text(lines, limit: slackLimits.section)])
        }
        blocks.append(["type": "context", "elements": [text(summary.context, limit: slackLimits.context)]])
        // The notification text is mrkdwn, not plain_text: a title's `<!channel>` or `<@U123>` would
        // be a mention there, so `&`, `<` and `>` are escaped as Slack's formatting rules say (after
        // the cut, which never splits an escape).
        let fallback = [summary.title, summary.top.first?.plain].compactMap { $0 }.joined(separator: ": ")
        return try json(["text": escapeSlack(cut(fallback, to: slackLimits.fallback)), "blocks": blocks])
    }

    /// Text for Slack's mrkdwn: its three control characters escaped (`&amp;`, `&lt;`, `&gt;`).
    static func escapeSlack(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    // MARK: - Discord

    /// Discord's limit on a webhook message's `content`.
    static let discordLimit = 2_000

    static func discord(_ report: BoxOfficeReport, words: Words) throws -> Data {
        let summary = summary(report, words: words)
        // The title and the source line are the report's own words; the titles in the lines are escaped.
        let head = "**\(summary.title)**"
        let top = summary.top.map(discordMarkdown)
        let foot = "-# " + summary.context
        // The highlights are let go from the last until the message fits; then the films; the head
        // and the source line stay (each cut if it alone is too long).
        var highlights = summary.highlights.map { "• " + discordMarkdown($0) }
        var films = top
        func message() -> String {
            ([head] + films + (highlights.isEmpty ? [] : [""] + highlights) + ["", foot]).joined(separator: "\n")
        }
        while length(message()) > discordLimit, !highlights.isEmpty { highlights.removeLast() }
        while length(message()) > discordLimit, !films.isEmpty { films.removeLast() }
        let content = cut(message(), to: discordLimit)
        return try json(["content": content, "allowed_mentions": ["parse": [String]()]])
    }

    /// A sentence in Discord's Markdown: its words as written, its values escaped, bold in `**`.
    static func discordMarkdown(_ sentence: Sentence) -> String {
        sentence.runs.map { run in
            switch run {
            case .words(let text): text
            case .value(let text): escapeDiscord(text)
            case .strong(let text): "**" + escapeDiscord(text) + "**"
            case .strongWords(let text): "**" + text + "**"
            }
        }.joined()
    }

    /// Text Discord shows as written: a backslash before each character its Markdown, its emoji
    /// codes, its links and its mentions use.
    static func escapeDiscord(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\*_~`|>#[]()<@:".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    // MARK: - Shared

    /// The lines that fit in `limit` characters, joined by line breaks: the first ones, whole.
    static func fitted(_ lines: [String], limit: Int) -> String {
        var kept: [String] = []
        var used = 0
        for line in lines {
            let added = length(line) + (kept.isEmpty ? 0 : 1)
            guard used + added <= limit else { break }
            kept.append(line)
            used += added
        }
        return kept.isEmpty ? cut(lines.first ?? "", to: limit) : kept.joined(separator: "\n")
    }

    /// Characters as the platforms count them, at most: UTF-16 units (a Korean syllable is one, an
    /// emoji two), never fewer than the characters a person sees.
    static func length(_ text: String) -> Int { text.utf16.count }

    /// `text` cut at a whole character to at most `limit`, with `…` when cut.
    static func cut(_ text: String, to limit: Int) -> String {
        guard length(text) > limit else { return text }
        var kept = ""
        var used = 1  // the mark
        for character in text {
            used += character.utf16.count
            guard used <= limit else { break }
            kept.append(character)
        }
        return kept + "…"
    }

    /// The body, one JSON object and a line break, keys sorted.
    static func json(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) + Data("\n".utf8)
    }
}
