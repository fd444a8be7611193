import BoxOfficeFiles
import BoxOfficeModel
import Foundation

/// `index.html` and `index.md` in an output folder: every report in it, newest first, and the
/// pages of `film`, `rank`, `company` and `person` after them, so a folder served by any web
/// server is a browsable archive; and `feed.xml`, its reports as an Atom feed (``ArchiveFeed``).
///
/// The index is rebuilt from the folder's listing after each run, under the folder's commit lock
/// and renamed into place whole, so it always lists what is there, whichever run wrote it last.
/// Files are recognised by the names boxoffice gives them; anything else in the folder is left out.
package struct ArchiveIndex {
    package let directory: URL
    package let templates: ReportTemplates
    /// The index's language: the run's (`--lang`), whichever run rebuilt it last.
    package let language: ReportLanguage
    /// Where the folder is served (`--base-url`): the feed's links are absolute under it; nil
    /// leaves them relative to the feed.
    package let baseURL: URL?

    package init(directory: URL, templates: ReportTemplates, language: ReportLanguage = .en, baseURL: URL? = nil) {
        self.directory = directory
        self.templates = templates
        self.language = language
        self.baseURL = baseURL
    }

    /// One report in the folder: every file sharing its base name.
    struct Report {
        var base: String
        var name: ReportFileName
        var files: [String] = []
        /// Nil for a `latest` copy.
        var range: DateRange? { name.range }
    }

    /// The hidden file beside the index that keeps each report's headline (``ReportHeadline``),
    /// by base name, so that rebuilding the index reads no report again.
    package static let stateFile = ".boxoffice-index.json"

    /// The largest headline file read; past it the headlines are started afresh.
    static let largestStateFile = 4 << 20

    /// The hidden file beside the index that keeps the folder's own id, a UUID made the first time
    /// the folder is indexed: the feed's ids are made from it (``ArchiveFeed``), so two folders'
    /// entries never share an id in a reader.
    package static let folderIDFile = ".boxoffice-feed-id"

    /// Rewrites `index.html`, `index.md` and `feed.xml`, returning their paths. `headlines` are those of the
    /// reports this run wrote, by base name: kept with the others already known (those of reports
    /// no longer in the folder are dropped), and shown beside each report's title.
    @discardableResult
    package func rebuild(headlines: [String: ReportHeadline] = [:]) throws(OutputError) -> [URL] {
        let staged = try ReportWriter(directory: directory).stage()
        let state = directory.appendingPathComponent(Self.stateFile)
        let written = try staged.commit { names throws(OutputError) in
            // Under the folder's commit lock: no other run changes the headlines in between.
            var known = try Self.readHeadlines(state)
            known.merge(headlines) { $1 }
            let present = Set(names.compactMap { Self.parseReport($0)?.0 })
            known = known.filter { present.contains($0.key) }
            let folderID = try Self.readFolderID(directory.appendingPathComponent(Self.folderIDFile)) ?? UUID().uuidString.lowercased()
            do {
                return try files(listing: names, headlines: known, folderID: folderID) + [
                    RenderedFile(name: Self.stateFile, contents: try Self.encode(known)),
                    RenderedFile(name: Self.folderIDFile, contents: Data((folderID + "\n").utf8)),
                ]
            } catch {
                throw .cannotWrite(
                    path: directory.appendingPathComponent("index.html").path,
                    reason: (error as? TemplateError)?.errorDescription ?? "the index template failed")
            }
        }
        return written.filter { $0.lastPathComponent != Self.stateFile && $0.lastPathComponent != Self.folderIDFile }
    }

    /// The headline file's bytes: sorted, indented JSON, a person can read and a diff can show.
    static func encode(_ headlines: [String: ReportHeadline]) throws -> Data {
        try JSONWriter.encoder.encode(headlines)
    }

    /// The headlines kept beside the index; none when the file is missing or not what this writes
    /// (a damaged file is replaced at the next rebuild). The file is input like any other: one that
    /// is not a regular file (a link, a FIFO) or too large is refused, naming it, and every line of
    /// text in it loses control and bidirectional characters (``PlainText/oneLine(_:)``) before
    /// the index shows it.
    static func readHeadlines(_ url: URL) throws(OutputError) -> [String: ReportHeadline] {
        guard let data = try readState(url, limit: largestStateFile),
            let headlines = try? JSONDecoder().decode([String: ReportHeadline].self, from: data)
        else { return [:] }
        return headlines.mapValues { headline in
            // The time each report was written is kept (the feed's `updated`), when it is one.
            ReportHeadline(
                en: PlainText.oneLine(headline.en), ko: PlainText.oneLine(headline.ko), digestEN: headline.digestEN.map(PlainText.oneLine),
                digestKO: headline.digestKO.map(PlainText.oneLine),
                updated: headline.updated.flatMap { (try? Date($0, strategy: .iso8601)) == nil ? nil : $0 })
        }
    }

    /// A file the index keeps beside it, read as input (``SideFile``); nil when absent.
    static func readState(_ url: URL, limit: Int) throws(OutputError) -> Data? {
        do throws(SideFile.Refusal) {
            return try SideFile.contents(url.path, limit: limit)
        } catch {
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
    }

    /// The folder's id (``folderIDFile``); nil when there is none yet or it is not a UUID.
    static func readFolderID(_ url: URL) throws(OutputError) -> String? {
        let text = try readState(url, limit: 256).map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
        return text.flatMap { UUID(uuidString: $0) == nil ? nil : $0.lowercased() }
    }

    /// `index.html`, `index.md` and `feed.xml` for a folder holding `names`, whose id is `folderID`
    /// (``folderIDFile``), at `now`.
    package func files(
        listing names: [String], headlines: [String: ReportHeadline] = [:], folderID: String, now: Date = Date()
    ) throws(TemplateError) -> [RenderedFile] {
        let words = Words(language: language)
        let view = Self.view(of: names, words: words, headlines: headlines)
        let feed = ArchiveFeed(
            reports: Self.contents(names).reports, headlines: headlines, words: words, baseURL: baseURL, folderID: folderID, now: now)
        return [
            RenderedFile(name: "index.html", contents: Data(try templates.render("index.html", view).utf8)),
            RenderedFile(name: "index.md", contents: Data(try templates.render("index.md", view).utf8)),
            RenderedFile(name: ArchiveFeed.fileName, contents: Data(feed.xml.utf8)),
        ]
    }

    /// The index templates' context from the folder's file names.
    static func view(of names: [String], words w: Words = .english, headlines: [String: ReportHeadline] = [:]) -> [String: Any] {
        let (sorted, pages) = contents(names)
        func files(_ names: [String], base: String) -> [[String: Any]] {
            let sorted = names.sorted { order($0, base: base) < order($1, base: base) }
            return sorted.map { ["href": $0, "label": label($0, base: base, korean: w.language == .ko), "last": $0 == sorted.last] }
        }
        let reportRows: [[String: Any]] = sorted.map { report in
            [
                "title": title(report, words: w),
                "headline": headlines[report.base]?.text(w.language) ?? "",
                "has_headline": headlines[report.base] != nil,
                "is_latest": report.range == nil,
                "files": files(report.files, base: report.base),
            ]
        }
        // The newest dated report's digest opens the index: the morning's change, as in its txt.
        let newest = sorted.first { $0.range != nil }
        let digest = newest.flatMap { headlines[$0.base]?.digest(w.language) }
        let pageSections: [[String: Any]] = Page.allCases.compactMap { kind in
            let bases = pages.keys.filter { $0.kind == kind }.map(\.base).sorted()
            guard !bases.isEmpty else { return nil }
            // Rankings newest first, as the reports; films, companies and people by code.
            let ordered = kind == .rank ? bases.reversed() : bases
            let rows: [[String: Any]] = ordered.map { base in
                ["name": kind.name(of: base, words: w), "files": files(pages[Page.Key(kind: kind, base: base)]!, base: base)]
            }
            return ["heading": w.say.indexHeading(kind.rawValue), "rows": rows]
        }
        return [
            "reports": reportRows, "has_reports": !reportRows.isEmpty,
            "has_digest": digest != nil, "digest": digest ?? "", "digest_title": newest.map { title($0, words: w) } ?? "",
            "pages": pageSections,
            "count": String(reportRows.count), "one": reportRows.count == 1,
            "lang": w.language.rawValue,
            "heading": w.say.indexHeading,
            "summary": w.say.indexSummary(reportRows.count),
            "reports_heading": w.say.indexReports,
        ]
    }

    /// The pages of the other commands, by the prefix of their files' names.
    enum Page: String, CaseIterable {
        case rank, film, company, person

        struct Key: Hashable {
            var kind: Page
            var base: String
        }

        /// How the index names a page: its code or span (a span of days as the reports' are), with
        /// the sample marked.
        func name(of base: String, words w: Words) -> String {
            var rest = base.dropFirst(rawValue.count + 1)
            let sample = rest.hasPrefix("sample-")
            if sample { rest = rest.dropFirst("sample-".count) }
            let days = rest.split(separator: "_").compactMap { Day(iso: String($0.suffix(10))) }
            // Films compared (`film-A-B`) are their codes, one after another.
            let name =
                days.count == 2 && days[0] <= days[1] && !rest.hasPrefix("all-")
                ? w.range(DateRange(start: days[0], end: days[1]))
                : self == .film ? rest.replacingOccurrences(of: "-", with: " · ") : rest.replacingOccurrences(of: "_", with: " – ")
            return sample ? name + " " + w.say.sampleMark : name
        }
    }

    /// The reports in a folder holding `names`, newest first (`latest` copies before them), and
    /// the other commands' pages' files by page.
    static func contents(_ names: [String]) -> (reports: [Report], pages: [Page.Key: [String]]) {
        var reports: [String: Report] = [:]
        var pages: [Page.Key: [String]] = [:]
        for name in names.sorted() {
            if let (base, report) = parseReport(name) {
                reports[base, default: report].files.append(name)
            } else if let page = parsePage(name) {
                pages[page, default: []].append(name)
            }
        }
        let sorted = reports.values.sorted { lhs, rhs in
            switch (lhs.range, rhs.range) {
            case let (l?, r?) where l != r: return (l.end, l.start) > (r.end, r.start)
            case (nil, _?): return true
            case (_?, nil): return false
            default: return lhs.base < rhs.base
            }
        }
        return (sorted, pages)
    }

    /// What follows a base name in each file boxoffice writes, in the order the index lists them,
    /// with the link's label; `report` is false for those a page has and a report has not (its
    /// `.csv`, its other tables' CSVs). A Korean document adds `.ko` (``ReportLanguage/infix``)
    /// before its extension.
    static let parts: [(suffix: String, label: String, korean: String, report: Bool)] =
        ReportFormat.allCases.sorted { $0.link.order < $1.link.order }.flatMap { format in
            let (_, label, korean) = format.link
            if format.isDocument {
                return ReportLanguage.allCases.map { language in
                    (
                        language.infix + format.suffix, label + (language == .en ? "" : " (한국어)"),
                        korean + (language == .en ? " (영어)" : " (한국어)"), true
                    )
                }
            }
            // A report writes a CSV per table (`-films.csv`); a page one (`film-CODE.csv`), and one
            // per table of its own (`film-CODE-weekends.csv`, `rank-2024-distributors.csv`).
            if format == .csv {
                let reportTables: Set<ReportTable> = [.films, .daily, .days, .weeks, .regions]
                let tables = ReportTable.allCases.map { table in
                    ("-\(table.rawValue).csv", "\(table.label.en) CSV", "\(table.label.ko) CSV", reportTables.contains(table))
                }
                return [(".csv", label, korean, false)] + tables
            }
            return [(format.suffix, label, korean, true)]
        }

    /// The part `name` ends with, the longest that fits (`.ko.html` rather than `.html`).
    static func part(of name: String, base: String? = nil) -> Int? {
        let suffix = base.map { String(name.dropFirst($0.count)) }
        return parts.indices.filter { index in suffix.map { $0 == parts[index].suffix } ?? name.hasSuffix(parts[index].suffix) }
            .max { parts[$0].suffix.count < parts[$1].suffix.count }
    }

    /// The report (``ReportFileName``) and the part of a file boxoffice wrote; nil for any other name.
    static func parseReport(_ name: String) -> (String, Report)? {
        guard name.hasPrefix(ReportFileName.prefix), let part = part(of: name), parts[part].report else { return nil }
        let stem = String(name.dropLast(parts[part].suffix.count))
        guard let fileName = ReportFileName(stem: stem) else { return nil }
        return (stem, Report(base: stem, name: fileName))
    }

    /// `rank-…`, `film-…`, `company-…` or `person-…` with a part boxoffice writes: the page, or nil.
    static func parsePage(_ name: String) -> Page.Key? {
        guard let kind = Page.allCases.first(where: { name.hasPrefix($0.rawValue + "-") }), let part = part(of: name) else { return nil }
        let base = String(name.dropLast(parts[part].suffix.count))
        // A code or a span: no dot (`film-CODE.ko.html`'s is the part's), something after the prefix.
        guard base.count > kind.rawValue.count + 1, !base.contains(".") else { return nil }
        return Page.Key(kind: kind, base: base)
    }

    static func title(_ report: Report, words w: Words = .english) -> String {
        let name = report.name
        var words = w.say.indexTitle(kind: name.kind, latest: report.range == nil, depth: name.depth)
        if let range = report.range { words.append(w.range(range)) }
        if name.regions {
            words[words.count - 1] += ","
            words.append(w.say.everyRegion)
        }
        if !name.filters.isEmpty {
            words[words.count - 1] += ","
            words.append(w.filters(name.filters))
        }
        if name.sample { words.append(w.say.sampleMark) }
        return words.joined(separator: " ")
    }

    /// `HTML`, `Markdown (한국어)`, `films CSV` …; in a Korean index `HTML (영어)`, `영화 CSV` ….
    static func label(_ name: String, base: String, korean: Bool = false) -> String {
        part(of: name, base: base).map { korean ? parts[$0].korean : parts[$0].label } ?? String(name.dropFirst(base.count))
    }

    static func order(_ name: String, base: String) -> Int { part(of: name, base: base) ?? parts.count }
}
