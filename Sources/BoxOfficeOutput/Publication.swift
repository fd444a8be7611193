import BoxOfficeModel
import Foundation

/// What a command publishes, in one shape, and the one place a format becomes files: a report
/// (``ReportRenderer`` runs its formats on two lanes), a film's run, a ranking, a filmography and
/// a release calendar. A model (its JSON), its tables (CSV, the workbook, the SQLite database and
/// the data package) and documents (`film.html`, `rank.txt`, a report's).
struct Publication<Model: Encodable> {
    /// How a publication's documents (Markdown, HTML, text) are made.
    enum Documents {
        /// From the templates named after it (`film` for `film.md` and `film.html`) and a view model
        /// in a language's words, made once for all of them.
        case templates(String, view: (Words) -> [String: Any])
        /// Rendered by the publication's own function (a report's: each from its view model).
        case rendered((ReportFormat) throws -> String)
    }

    let model: Model
    /// The files' base name: `film-20259001`, `rank-2024`, `boxoffice-2025-03-09`.
    let base: String
    /// Its tables, in the order they are listed; the first is the main one.
    let tables: [ReportTable]
    /// A table filled with its rows, when a format asks for it.
    let fill: (ReportTable) -> Table
    /// A report names every table's CSV `BASE-NAME.csv`; the others name the main one's `BASE.csv`.
    var everyTableNamed = false
    /// What the figures are, for the formats that hold every table and describe themselves (the
    /// workbook, the SQLite database, the data package), worked out when one is asked for; nil for a
    /// publication without them.
    var facts: (() -> Facts)? = nil
    typealias Facts = (facts: ReportFacts, source: String, simulated: Bool, span: (start: Day, end: Day))
    let documents: Documents
    /// A chat payload (`-f slack`, `-f discord`): a report's alone; film and rank refuse them.
    var chat: ((ReportFormat) throws -> Data)? = nil

    init(model: Model, base: String, tables: [ReportTable], fill: @escaping (ReportTable) -> Table, documents: Documents) {
        self.model = model
        self.base = base
        self.tables = tables
        self.fill = fill
        self.documents = documents
    }

    /// A publication of tables filled already: `table` and then `moreTables`, each written as
    /// `BASE-NAME.csv` but the first.
    init(
        model: Model, base: String, table: Table, moreTables: [Table] = [],
        facts: Facts? = nil, templates: String,
        view: @escaping (Words) -> [String: Any]
    ) {
        let filled = [table] + moreTables
        self.init(
            model: model, base: base, tables: filled.map(\.name), fill: { name in filled.first { $0.name == name }! },
            documents: .templates(templates, view: view))
        self.facts = facts.map { facts in { facts } }
    }

    /// The CSV file's name of `table`.
    func csvName(_ table: ReportTable) -> String {
        !everyTableNamed && table == tables.first ? base : "\(base)-\(table.rawValue)"
    }

    /// Every file of `formats` it has, in that order; a Korean document is `….ko.html`, beside the
    /// English one.
    func render(_ formats: [ReportFormat], templates library: ReportTemplates, csv: CSVDialect, language: ReportLanguage) throws -> [RenderedFile] {
        let words = Words(language: language)
        var view: [String: Any]?
        return try formats.flatMap { try files($0, templates: library, csv: csv, words: words, view: &view) }
    }

    /// One format's files: the CSVs of `only` those tables when given, else of all of them. A
    /// document from templates uses `view`, made the first time one asks for it.
    func files(
        _ format: ReportFormat, only: [ReportTable]? = nil, templates library: ReportTemplates, csv: CSVDialect, words: Words,
        view: inout [String: Any]?
    ) throws -> [RenderedFile] {
        if format == .datapackage, let own = tables.first(where: { $0.hasTemplate && library.isOwn($0.template) }) {
            throw DataPackageTemplateError(template: own.template)
        }
        switch format {
        case .json: return [RenderedFile(name: base + ".json", contents: try ReportJSON.document(model))]
        case .csv:
            return try (only ?? tables).map { table in
                RenderedFile(name: csvName(table) + ".csv", contents: try CSVTable.data(fill(table), dialect: csv, templates: library))
            }
        case .md, .html, .txt:
            let text: String
            switch documents {
            case .templates(let name, let make):
                if view == nil { view = make(words) }
                text = try library.render("\(name).\(format.rawValue)", view!)
            case .rendered(let render): text = try render(format)
            }
            let contents = Data((format == .txt ? TextView.asciiSigns(text) : text).utf8)
            return [RenderedFile(name: "\(base)\(words.language.infix).\(format.rawValue)", contents: contents)]
        case .slack, .discord:
            guard let chat else { return [] }
            return [RenderedFile(name: base + words.language.infix + format.suffix, contents: try chat(format))]
        case .xlsx, .sqlite, .datapackage:
            guard let facts = facts?() else { return [] }
            let contents: Data =
                switch format {
                case .xlsx: try XLSXWorkbook.data(tables.map(fill), facts: facts.facts)
                case .sqlite: try SQLiteTables.database(facts.facts, tables: tables.map(fill))
                default:
                    DataPackage.descriptor(
                        facts.facts, source: facts.source, simulated: facts.simulated, span: facts.span,
                        tables: tables.map { ($0, csvName($0) + ".csv") }, base: base, dialect: csv)
                }
            return [RenderedFile(name: base + format.suffix, contents: contents)]
        }
    }
}
