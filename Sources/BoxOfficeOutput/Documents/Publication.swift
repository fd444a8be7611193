import BoxOfficeModel
import Foundation

/// What `boxoffice film` and `boxoffice rank` publish, in one shape: a model (its JSON), a table
/// (its CSV) and any more tables (`rank-2024-distributors.csv`), and documents from templates named after it (`film.html`, `rank.txt`), rendered by
/// one function for both.
struct Publication<Model: Encodable> {
    let model: Model
    /// The files' base name: `film-20259001`, `rank-2024`.
    let base: String
    let table: Table
    /// Tables written beside the main one, each as `BASE-NAME.csv`.
    var moreTables: [Table] = []
    /// What the figures are, for the formats that hold every table and describe themselves (the
    /// workbook, the SQLite database, the data package); nil for a publication without them.
    var facts: (facts: ReportFacts, source: String, simulated: Bool, span: (start: Day, end: Day))? = nil
    /// The documents' templates: `film` for `film.md` and `film.html`.
    let templates: String
    /// The documents' view model in a language's words.
    let view: (Words) -> [String: Any]

    /// Every file of `formats` it has, in that order; a Korean document is `….ko.html`, beside the
    /// English one, as a report's documents are.
    func render(_ formats: [ReportFormat], templates library: ReportTemplates, csv: CSVDialect, language: ReportLanguage) throws -> [RenderedFile] {
        let words = Words(language: language)
        var view: [String: Any]?
        let tables = [table] + moreTables
        func csvName(_ table: Table) -> String { table.name == self.table.name ? base : "\(base)-\(table.name.rawValue)" }
        return try formats.flatMap { format -> [RenderedFile] in
            switch format {
            case .json: return [RenderedFile(name: base + ".json", contents: try ReportJSON.document(model))]
            case .csv:
                return try tables.map { table in
                    RenderedFile(name: csvName(table) + ".csv", contents: try CSVTable.data(table, dialect: csv, templates: library))
                }
            case .md, .html, .txt:
                if view == nil { view = self.view(words) }
                let text = try library.render("\(templates).\(format.rawValue)", view!)
                let contents = Data((format == .txt ? TextView.asciiSigns(text) : text).utf8)
                return [RenderedFile(name: "\(base)\(language.infix).\(format.rawValue)", contents: contents)]
            case .slack, .discord: return []  // a report's alone; film and rank refuse them
            case .xlsx, .sqlite, .datapackage:
                guard let facts else { return [] }
                let contents: Data =
                    switch format {
                    case .xlsx: try XLSXWorkbook.data(tables)
                    case .sqlite: try SQLiteTables.database(facts.facts, tables: tables)
                    default:
                        DataPackage.descriptor(
                            facts.facts, source: facts.source, simulated: facts.simulated, span: facts.span,
                            tables: tables.map { ($0.name, csvName($0) + ".csv") }, base: base, dialect: csv)
                    }
                return [RenderedFile(name: base + format.suffix, contents: contents)]
            }
        }
    }
}
