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

    /// The guide with every `name: column,column,…` line of a table set to its definition's header,
    /// and a line for each table it does not list yet added to the end of its first list.
    static func generated(_ text: String) -> (text: String, listed: Set<ReportTable>) {
        var listed: Set<ReportTable> = []
        var firstListEnd: Int?
        var lines = text.components(separatedBy: "\n")
        for index in lines.indices {
            guard let table = table(listedOn: lines[index]) else { continue }
            listed.insert(table)
            lines[index] = line(table)
            if firstListEnd == nil || firstListEnd == index { firstListEnd = index + 1 }
        }
        let missing = ReportTable.allCases.filter { !listed.contains($0) }
        if let end = firstListEnd { lines.insert(contentsOf: missing.map(line), at: end) }
        return (lines.joined(separator: "\n"), listed.union(firstListEnd == nil ? [] : missing))
    }

    /// The table a guide's line lists the columns of, if it is such a line.
    static func table(listedOn line: String) -> ReportTable? {
        guard let colon = line.firstIndex(of: ":"), let table = ReportTable(rawValue: String(line[..<colon])),
            line[line.index(after: colon)...].hasPrefix(" "), !line.contains("`")
        else { return nil }
        return table
    }

    static func line(_ table: ReportTable) -> String {
        "\(table.rawValue): " + ReportTables.columns(table).map(\.name).joined(separator: ",")
    }

    @Test("docs/tables.md lists every table's columns as its definition has them, in order")
    func columnLists() throws {
        let text = try String(contentsOf: Self.guide, encoding: .utf8)
        let (generated, listed) = Self.generated(text)
        #expect(listed == Set(ReportTable.allCases), "the guide has no column list to add the tables it lacks to")
        Golden.check(Data(generated.utf8), against: Self.guide)
    }
}
