import Foundation
import TestSupport
import Testing
import UnitTestSupport

@testable import BoxOfficeOutput

/// The guide's column lists come from the tables' definitions (issue 59, item 8): a new column is
/// written once, in ``ReportTables``, and `BOXOFFICE_RECORD_GOLDEN=1 swift test --filter
/// TableDocsTests` writes it into docs/tables.md.
@Suite struct TableDocsTests {
    static let guide = TestPaths.repositoryRoot.appendingPathComponent("docs/tables.md")

    /// The guide with every `name: column,column,…` line of a table set to its definition's header.
    static func generated(_ text: String) -> (text: String, listed: Set<ReportTable>) {
        var listed: Set<ReportTable> = []
        let lines = text.components(separatedBy: "\n").map { line -> String in
            guard let colon = line.firstIndex(of: ":"), let table = ReportTable(rawValue: String(line[..<colon])),
                line[line.index(after: colon)...].hasPrefix(" "), !line.contains("`")
            else { return line }
            listed.insert(table)
            return "\(table.rawValue): " + ReportTables.columns(table).map(\.name).joined(separator: ",")
        }
        return (lines.joined(separator: "\n"), listed)
    }

    @Test("docs/tables.md lists every table's columns as its definition has them, in order")
    func columnLists() throws {
        let text = try String(contentsOf: Self.guide, encoding: .utf8)
        let (generated, listed) = Self.generated(text)
        #expect(listed == Set(ReportTable.allCases), "tables the guide does not list: \(Set(ReportTable.allCases).subtracting(listed))")
        Golden.check(Data(generated.utf8), against: Self.guide)
    }
}
