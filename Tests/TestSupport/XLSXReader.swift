import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads back what a test needs of an xlsx workbook written with stored (uncompressed) entries:
/// its parts by name, and each sheet's cells as written (type, style, value).
public struct XLSXReader {
    public struct Cell: Equatable, Sendable {
        public var reference: String
        /// `inlineStr` for text, nil for a number (or a date, with a date style).
        public var type: String?
        public var style: String?
        public var value: String
    }

    public let parts: [String: Data]

    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
    }

    /// Walks the local file headers; every entry must be stored (method 0) with its sizes and
    /// CRC in the header, as the tool writes them.
    public init(_ archive: Data) throws {
        let bytes = [UInt8](archive)
        func le16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func le32(_ at: Int) -> Int { le16(at) | le16(at + 2) << 16 }
        var parts: [String: Data] = [:]
        var offset = 0
        while offset + 30 <= bytes.count, le32(offset) == 0x0403_4B50 {
            guard le16(offset + 8) == 0 else { throw Unreadable(description: "entry at \(offset) is compressed") }
            let size = le32(offset + 18)
            let nameLength = le16(offset + 26), extraLength = le16(offset + 28)
            let nameStart = offset + 30
            let name = String(decoding: bytes[nameStart..<nameStart + nameLength], as: UTF8.self)
            let dataStart = nameStart + nameLength + extraLength
            guard dataStart + size <= bytes.count else { throw Unreadable(description: "\(name) is cut short") }
            parts[name] = Data(bytes[dataStart..<dataStart + size])
            offset = dataStart + size
        }
        guard offset + 4 <= bytes.count, le32(offset) == 0x0201_4B50 else { throw Unreadable(description: "no central directory after the entries") }
        self.parts = parts
    }

    /// The sheets' names, in the workbook's order.
    public var sheetNames: [String] {
        guard let workbook = parts["xl/workbook.xml"] else { return [] }
        return Elements(workbook, named: "sheet").attributes.compactMap { $0["name"] }
    }

    /// The rows of sheet `index` (1-based), each cell at its column (missing cells as nil).
    public func rows(ofSheet index: Int) throws -> [[Cell?]] {
        guard let xml = parts["xl/worksheets/sheet\(index).xml"] else { throw Unreadable(description: "no sheet \(index)") }
        let cells = SheetCells(xml)
        var rows: [[Cell?]] = []
        for cell in cells.cells {
            let letters = cell.reference.prefix { $0.isLetter }
            guard let row = Int(cell.reference.dropFirst(letters.count)) else { continue }
            let column = letters.unicodeScalars.reduce(0) { $0 * 26 + Int($1.value) - 64 } - 1
            while rows.count < row { rows.append([]) }
            while rows[row - 1].count <= column { rows[row - 1].append(nil) }
            rows[row - 1][column] = cell
        }
        return rows
    }

    /// Every element `name` in `xml`, with its attributes.
    public struct Elements {
        public var attributes: [[String: String]] = []

        public init(_ xml: Data, named name: String) {
            let parser = XMLParser(data: xml)
            let collector = Collector(name: name)
            parser.delegate = collector
            parser.parse()
            attributes = collector.found
        }

        private final class Collector: NSObject, XMLParserDelegate {
            let name: String
            var found: [[String: String]] = []
            init(name: String) { self.name = name }
            func parser(
                _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                if elementName == name { found.append(attributes) }
            }
        }
    }

    private final class SheetCells: NSObject, XMLParserDelegate {
        var cells: [Cell] = []
        private var current: Cell?
        private var text = ""
        private var inValue = false

        init(_ xml: Data) {
            super.init()
            let parser = XMLParser(data: xml)
            parser.delegate = self
            parser.parse()
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch elementName {
            case "c": current = Cell(reference: attributes["r"] ?? "", type: attributes["t"], style: attributes["s"], value: "")
            case "v", "t":
                inValue = true
                text = ""
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inValue { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            switch elementName {
            case "v", "t":
                current?.value += text
                inValue = false
            case "c":
                if let current { cells.append(current) }
                current = nil
            default: break
            }
        }
    }
}
