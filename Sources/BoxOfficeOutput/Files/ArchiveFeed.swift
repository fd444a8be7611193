import BoxOfficeModel
import Foundation

/// `feed.xml`: a folder's reports as an Atom feed (RFC 4287), rebuilt with its index
/// (``ArchiveIndex``) under the same commit lock, so a feed reader pointed at a served folder
/// shows one item a morning.
///
/// One entry per dated report, newest first, the last ``limit``; a `latest` copy is the same report
/// again and has none. An entry's id is made from the report's file name and the folder: its URL
/// under `--base-url`, else a `urn:uuid:` from the folder's own id (``ArchiveIndex/folderIDFile``),
/// so a re-run of a day updates its entry (a later `updated`) rather than adding one, and two
/// folders' entries never share an id. No time in the feed is later than the run. Its summary
/// is the index's line: the headline and the digest of what changed since the report before it.
/// Its links go to the report's files in the feed's language (the HTML the alternate), relative to
/// the feed, or absolute under `--base-url`.
struct ArchiveFeed {
    static let fileName = "feed.xml"
    /// The entries a feed keeps: the newest reports, about seven weeks of mornings.
    static let limit = 50
    let reports: [ArchiveIndex.Report]
    let headlines: [String: ReportHeadline]
    let words: Words
    let baseURL: URL?
    /// The folder's own id, a UUID (``ArchiveIndex/folderIDFile``).
    let folderID: String
    /// The run's time: no `updated` is later.
    let now: Date

    var xml: String {
        let entries = reports.filter { $0.range != nil }.prefix(Self.limit).map(entry)
        let newest = entries.map(\.updated).max() ?? Self.firstDay
        let language = words.language
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\#(language.rawValue)">"#,
            "  <id>\(Self.escape(baseURL.map { href("feed.xml", under: $0) } ?? "urn:uuid:" + folderID))</id>",
            "  <title>\(Self.escape(words.say.indexHeading))</title>",
            "  <updated>\(Self.timestamp(newest))</updated>",
            "  <author><name>boxoffice</name></author>",
            "  <generator>boxoffice</generator>",
            #"  <link rel="alternate" type="text/html" href="\#(Self.escape(link("index.html")))"/>"#,
        ]
        if let baseURL { lines.append(#"  <link rel="self" type="application/atom+xml" href="\#(Self.escape(href("feed.xml", under: baseURL)))"/>"#) }
        for entry in entries {
            lines += [
                "  <entry>",
                "    <id>\(Self.escape(id(entry.report.base)))</id>",
                "    <title>\(Self.escape(ArchiveIndex.title(entry.report, words: words)))</title>",
                "    <updated>\(Self.timestamp(entry.updated))</updated>",
            ]
            if let summary = entry.summary { lines.append("    <summary>\(Self.escape(summary))</summary>") }
            for (rel, name) in entry.links {
                let label = ArchiveIndex.label(name, base: entry.report.base, korean: language == .ko)
                lines.append(
                    #"    <link rel="\#(rel)" type="\#(Self.mediaType(name))" href="\#(Self.escape(link(name)))" title="\#(Self.escape(label))"/>"#)
            }
            lines.append("  </entry>")
        }
        lines.append("</feed>")
        return lines.joined(separator: "\n") + "\n"
    }

    struct Entry {
        var report: ArchiveIndex.Report
        var updated: Date
        var summary: String?
        /// `alternate` (the HTML in the feed's language) first, then `related`.
        var links: [(String, String)]
    }

    func entry(_ report: ArchiveIndex.Report) -> Entry {
        let headline = headlines[report.base]
        let language = words.language
        let summary = headline.map { headline in
            [headline.text(language), headline.digest(language)].compactMap { $0 }.joined(separator: " — ")
        }
        // The run's time; for a headline kept before the feed, the morning after the report's last
        // day, or now if that is later (a report of yesterday written before 09:00 in Seoul).
        let updated = min(now, headline?.updated.flatMap { try? Date($0, strategy: .iso8601) } ?? Self.morning(after: report.range!.end))
        // The other language's documents belong to that language's feed.
        let files = report.files
            .filter { Self.documentLanguage(String($0.dropFirst(report.base.count))) ?? language == language }
            .sorted { ArchiveIndex.order($0, base: report.base) < ArchiveIndex.order($1, base: report.base) }
        let page = report.base + language.infix + ".html"
        let alternate = files.contains(page) ? page : files.first { $0.hasSuffix(".html") } ?? files.first
        let links = files.map { ($0 == alternate ? "alternate" : "related", $0) }.sorted { $0.0 == "alternate" && $1.0 != "alternate" }
        return Entry(report: report, updated: updated, summary: summary, links: links)
    }

    /// The language of a document by what follows its base name (`.ko.html`); nil for a data file.
    static func documentLanguage(_ suffix: String) -> ReportLanguage? {
        for format in ReportFormat.allCases where format.isDocument {
            if let language = ReportLanguage.allCases.first(where: { suffix == $0.infix + format.suffix }) { return language }
        }
        return nil
    }

    /// A report's entry id: its URL under `--base-url` (the file name without its formats), else a
    /// `urn:uuid:` made from the folder's id and the name (RFC 9562's version 8: FNV-1a, twice).
    func id(_ base: String) -> String {
        if let baseURL { return href(base, under: baseURL) }
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in (folderID + "/" + base).utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            return hash
        }
        let high = (fnv(0xcbf2_9ce4_8422_2325) & ~0xF000) | 0x8000
        let low = (fnv(0x8422_2325_cbf2_9ce4) & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        let hex = String(format: "%016llx%016llx", high, low)
        let parts = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return "urn:uuid:" + parts.joined(separator: "-")
    }

    /// A file's link: under the base URL, or relative to the feed beside it.
    func link(_ name: String) -> String {
        baseURL.map { href(name, under: $0) } ?? Self.pathEscaped(name)
    }

    func href(_ name: String, under base: URL) -> String {
        let text = base.absoluteString
        return (text.hasSuffix("/") ? text : text + "/") + Self.pathEscaped(name)
    }

    static func pathEscaped(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: ":"))) ?? name
    }

    static func mediaType(_ name: String) -> String {
        switch name.split(separator: ".").last {
        case "html": "text/html"
        case "md": "text/markdown"
        case "txt": "text/plain"
        case "csv": "text/csv"
        case "json": "application/json"
        case "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        case "sqlite": "application/vnd.sqlite3"
        default: "application/octet-stream"
        }
    }

    /// 09:00 in Seoul the day after `day`, as a date: when a cron job's report of `day` appears.
    static func morning(after day: Day) -> Date {
        (try? Date("\((day + 1).iso)T00:00:00Z", strategy: .iso8601)) ?? firstDay
    }

    static let firstDay = Date(timeIntervalSince1970: 1_068_508_800)  // 2003-11-11T00:00:00Z

    static func timestamp(_ date: Date) -> String { ReportHeadline.timestamp(date) }

    static func escape(_ text: String) -> String { XLSXWorkbook.escape(text) }
}
