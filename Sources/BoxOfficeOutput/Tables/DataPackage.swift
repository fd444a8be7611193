import BoxOfficeModel
import Foundation

/// A Frictionless data package (`-f datapackage`): `….datapackage.json` beside the report's CSVs,
/// a Table Schema for each made from the tables' definitions (types, descriptions, primary and
/// foreign keys, blank cells as missing values), and what a citation needs: the source, the range,
/// depth and exact-through rank, provisional charts, revisions seen, simulated or not.
///
/// It describes the CSVs as the definitions write them; a CSV template of your own that changes
/// the columns is not described by it.
package enum DataPackage {
    /// The descriptor of the CSV files `tables` names (each table with its file), with `facts`:
    /// sorted keys, two-space indents, a final newline.
    static func descriptor(
        _ facts: ReportFacts, source: String, simulated: Bool, span: (start: Day, end: Day), tables: [(ReportTable, String)], base: String,
        dialect: CSVDialect
    ) -> Data {
        var provenance: [String: Any] = [:]
        for (name, value) in facts.pairs { provenance[name] = value.json }
        let package: [String: Any] = [
            "profile": "tabular-data-package",
            "name": base.lowercased(),
            "title": "\(source), \(span.start.iso) to \(span.end.iso)\(simulated ? " (simulated)" : "")",
            "sources": [simulated ? ["title": source] : ["title": source, "path": "https://www.kobis.or.kr/kobisopenapi/"]],
            "boxoffice": provenance,
            "resources": tables.map { resource($0.0, path: $0.1, dialect: dialect) },
        ]
        let json = (try? JSONSerialization.data(withJSONObject: package, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return json + Data("\n".utf8)
    }

    static func resource(_ table: ReportTable, path: String, dialect: CSVDialect) -> [String: Any] {
        var schema: [String: Any] = [
            "fields": ReportTables.columns(table).map { column -> [String: Any] in
                ["name": column.name, "type": type(column.type), "description": column.about]
            },
            "primaryKey": table.primaryKey,
            "missingValues": [""],
        ]
        if !table.foreignKeys.isEmpty {
            schema["foreignKeys"] = table.foreignKeys.map { key -> [String: Any] in
                ["fields": [key.column], "reference": ["resource": key.table.rawValue, "fields": [key.references]]]
            }
        }
        return [
            "name": table.rawValue,
            "path": path,
            "profile": "tabular-data-resource",
            "format": "csv",
            "mediatype": "text/csv",
            // A byte-order mark leads unless --no-bom: Python's codecs call that utf-8-sig.
            "encoding": dialect.byteOrderMark ? "utf-8-sig" : "utf-8",
            "dialect": ["delimiter": dialect.delimiter.rawValue, "lineTerminator": "\r\n", "quoteChar": "\"", "doubleQuote": true, "header": true],
            "schema": schema,
        ]
    }

    /// The Table Schema type of a column type.
    static func type(_ type: ColumnType) -> String {
        switch type {
        case .text, .code: "string"
        case .integer: "integer"
        case .decimal: "number"
        case .date: "date"
        case .boolean: "boolean"
        }
    }
}
