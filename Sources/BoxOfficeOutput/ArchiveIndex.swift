import BoxOfficeModel
import Foundation

/// `index.html` and `index.md` in an output folder: every report and film file in it, newest
/// first, so a folder served by any web server is a browsable archive.
///
/// The index is rebuilt from the folder's listing after each run, under the folder's commit lock
/// and renamed into place whole, so it always lists what is there, whichever run wrote it last.
/// Files are recognised by the names boxoffice gives them; anything else in the folder is left out.
public struct ArchiveIndex {
    public let directory: URL
    public let templates: ReportTemplates

    public init(directory: URL, templates: ReportTemplates) {
        self.directory = directory
        self.templates = templates
    }

    /// One report in the folder: every file sharing its base name.
    struct Report {
        var base: String
        var kind: String
        var sample: Bool
        var depth: Int?
        /// Nil for a `latest` copy.
        var range: DateRange?
        var files: [String] = []
    }

    /// Rewrites `index.html` and `index.md`, returning their paths.
    @discardableResult
    public func rebuild() throws(OutputError) -> [URL] {
        let staged = try ReportWriter(directory: directory).stage()
        return try staged.commit { names throws(OutputError) in
            do {
                return try files(listing: names)
            } catch {
                throw .cannotWrite(
                    path: directory.appendingPathComponent("index.html").path,
                    reason: (error as? TemplateError)?.errorDescription ?? "the index template failed")
            }
        }
    }

    /// `index.html` and `index.md` for a folder holding `names`.
    public func files(listing names: [String]) throws(TemplateError) -> [RenderedFile] {
        let view = Self.view(of: names)
        return [
            RenderedFile(name: "index.html", contents: Data(try templates.render("index.html", view).utf8)),
            RenderedFile(name: "index.md", contents: Data(try templates.render("index.md", view).utf8)),
        ]
    }

    /// The index templates' context from the folder's file names.
    static func view(of names: [String]) -> [String: Any] {
        var reports: [String: Report] = [:]
        var films: [String: [String]] = [:]
        for name in names.sorted() {
            if let (base, report) = parseReport(name) {
                reports[base, default: report].files.append(name)
            } else if let code = parseFilm(name) {
                films[code, default: []].append(name)
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
        func files(_ names: [String], base: String) -> [[String: Any]] {
            let sorted = names.sorted { order($0, base: base) < order($1, base: base) }
            return sorted.map { ["href": $0, "label": label($0, base: base), "last": $0 == sorted.last] }
        }
        let reportRows: [[String: Any]] = sorted.map { report in
            [
                "title": title(report),
                "is_latest": report.range == nil,
                "files": files(report.files, base: report.base),
            ]
        }
        let filmRows: [[String: Any]] = films.keys.sorted().map { code in
            let base = films[code]!.first.map { String($0.prefix { $0 != "." }) } ?? code
            return ["code": code, "files": files(films[code]!, base: base)]
        }
        return [
            "reports": reportRows, "has_reports": !reportRows.isEmpty,
            "films": filmRows, "has_films": !filmRows.isEmpty,
            "count": String(reportRows.count), "one": reportRows.count == 1,
        ]
    }

    static let extensions = ["html", "md", "txt", "json", "csv"]
    static let csvParts = ["films", "daily", "days", "weeks"]

    /// `boxoffice-[sample-][weekly-|weekend-|weekdays-][top20-|top40-](START[_END]|latest)` and
    /// the file's part, or nil for a name boxoffice does not give.
    static func parseReport(_ name: String) -> (String, Report)? {
        guard name.hasPrefix("boxoffice-"), let dot = name.lastIndex(of: "."),
            extensions.contains(String(name[name.index(after: dot)...]))
        else { return nil }
        var stem = String(name[..<dot])
        if stem.hasSuffix(".ko") { stem.removeLast(3) }
        if name.hasSuffix(".csv") {
            guard let part = csvParts.first(where: { stem.hasSuffix("-" + $0) }) else { return nil }
            stem.removeLast(part.count + 1)
        }
        var words = stem.split(separator: "-", omittingEmptySubsequences: false).dropFirst().map(String.init)[...]
        var report = Report(base: stem, kind: "daily", sample: false)
        if words.first == "sample" { report.sample = true; words = words.dropFirst() }
        if let kind = words.first, ["weekly", "weekend", "weekdays"].contains(kind) { report.kind = kind; words = words.dropFirst() }
        if let depth = words.first, depth == "top20" || depth == "top40" { report.depth = Int(depth.dropFirst(3)); words = words.dropFirst() }
        let rest = words.joined(separator: "-")
        if rest == "latest" { return (stem, report) }
        let dates = rest.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(dates.count), let start = Day(iso: dates[0]), let end = dates.count == 2 ? Day(iso: dates[1]) : start,
            start <= end
        else { return nil }
        report.range = DateRange(start: start, end: end)
        return (stem, report)
    }

    /// `film-[sample-]CODE.ext`: the code, or nil.
    static func parseFilm(_ name: String) -> String? {
        guard name.hasPrefix("film-"), let dot = name.lastIndex(of: "."), extensions.contains(String(name[name.index(after: dot)...])) else {
            return nil
        }
        let code = String(name[name.index(name.startIndex, offsetBy: 5)..<dot])
        guard !code.isEmpty else { return nil }
        return code
    }

    static func title(_ report: Report) -> String {
        var words: [String] = []
        switch report.kind {
        case "weekly": words.append("Weekly")
        case "weekend": words.append("Weekend")
        case "weekdays": words.append("Weekdays")
        default: words.append("Daily")
        }
        if let depth = report.depth { words.append("top \(depth)") }
        if report.range == nil { words.insert("Latest", at: 0); words[1] = words[1].lowercased() }
        if let range = report.range { words.append(range.displayText) }
        if report.sample { words.append("(sample)") }
        return words.joined(separator: " ")
    }

    /// `HTML`, `Markdown`, `films CSV` …
    static func label(_ name: String, base: String) -> String {
        let rest = name.dropFirst(base.count)
        if rest.hasPrefix(".ko.") { return label(base + rest.dropFirst(3), base: base) + " (한국어)" }
        switch rest {
        case ".html": return "HTML"
        case ".md": return "Markdown"
        case ".txt": return "text"
        case ".json": return "JSON"
        case ".csv": return "CSV"
        default: return rest.dropFirst().replacingOccurrences(of: ".csv", with: " CSV")
        }
    }

    static func order(_ name: String, base: String) -> Int {
        [".html", ".ko.html", ".md", ".ko.md", ".txt", ".ko.txt", "-films.csv", "-daily.csv", "-days.csv", "-weeks.csv", ".csv", ".json"]
            .firstIndex(of: String(name.dropFirst(base.count))) ?? 99
    }
}
