import Foundation

/// Encodes a value as pretty-printed JSON with sorted keys and unescaped slashes, the same text
/// `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, but without
/// building a tree of the whole document first: each value is rendered to bytes as soon as its
/// `encode(to:)` returns, and its parts are freed. A twenty-year report has hundreds of thousands of
/// objects, and `JSONEncoder`'s tree of them was most of the run's memory.
///
/// Keys are sorted by their UTF-8 bytes; the report's keys are lowercase ASCII, where that is the
/// order `JSONEncoder` uses too (the golden files hold both to it).
enum StreamingJSONEncoder {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let node = Node(depth: 0, codingPath: [])
        try value.encode(to: node)
        var output: [UInt8] = []
        node.write(into: &output)
        return Data(output)
    }

    /// One value being encoded: a scalar's bytes, an object's fields, or an array's elements.
    final class Node: Encoder {
        /// A field or element: bytes already rendered, or a value still being encoded.
        enum Part {
            case bytes([UInt8])
            case node(Node)
        }

        enum Content {
            case empty
            case scalar([UInt8])
            case object([(key: String, part: Part)])
            case array([Part])
        }

        let depth: Int
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        var content = Content.empty

        init(depth: Int, codingPath: [any CodingKey]) {
            self.depth = depth
            self.codingPath = codingPath
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object = content {} else { content = .object([]) }
            return KeyedEncodingContainer(Keyed<Key>(node: self))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array = content {} else { content = .array([]) }
            return Unkeyed(node: self)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: self) }

        func child(_ key: any CodingKey) -> Node { Node(depth: depth + 1, codingPath: codingPath + [key]) }

        /// Renders a finished value to its bytes at once, so its children can be freed.
        func collapse() {
            if case .scalar = content { return }
            var bytes: [UInt8] = []
            write(into: &bytes)
            content = .scalar(bytes)
        }

        func addField(_ key: String, _ part: Part) {
            if case .object(var fields) = content {
                content = .empty
                fields.append((key, part))
                content = .object(fields)
            }
        }

        func addElement(_ part: Part) {
            if case .array(var elements) = content {
                content = .empty
                elements.append(part)
                content = .array(elements)
            }
        }

        /// A finished child as bytes, or the child itself while a nested container may still fill it.
        static func part(_ child: Node) -> Part {
            if case .scalar(let bytes) = child.content { return .bytes(bytes) }
            return .node(child)
        }

        var count: Int {
            switch content {
            case .array(let elements): elements.count
            case .object(let fields): fields.count
            default: 0
            }
        }

        func write(into output: inout [UInt8]) {
            switch content {
            case .empty:
                output += Array("{\n\n".utf8) + Self.indent(depth) + [UInt8(ascii: "}")]
            case .scalar(let bytes):
                output += bytes
            case .object(let fields):
                guard !fields.isEmpty else {
                    output += Array("{\n\n".utf8) + Self.indent(depth) + [UInt8(ascii: "}")]
                    return
                }
                output += [UInt8(ascii: "{"), 0x0A]
                for (index, field) in fields.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }).enumerated() {
                    output += Self.indent(depth + 1)
                    Self.string(field.key, into: &output)
                    output += Array(" : ".utf8)
                    Self.write(field.part, into: &output)
                    if index < fields.count - 1 { output.append(UInt8(ascii: ",")) }
                    output.append(0x0A)
                }
                output += Self.indent(depth) + [UInt8(ascii: "}")]
            case .array(let elements):
                guard !elements.isEmpty else {
                    output += Array("[\n\n".utf8) + Self.indent(depth) + [UInt8(ascii: "]")]
                    return
                }
                output += [UInt8(ascii: "["), 0x0A]
                for (index, element) in elements.enumerated() {
                    output += Self.indent(depth + 1)
                    Self.write(element, into: &output)
                    if index < elements.count - 1 { output.append(UInt8(ascii: ",")) }
                    output.append(0x0A)
                }
                output += Self.indent(depth) + [UInt8(ascii: "]")]
            }
            // Children are written once; dropping them now keeps memory to what is still unwritten.
            content = .empty
        }

        static func write(_ part: Part, into output: inout [UInt8]) {
            switch part {
            case .bytes(let bytes): output += bytes
            case .node(let node): node.write(into: &output)
            }
        }

        static func indent(_ depth: Int) -> [UInt8] { [UInt8](repeating: 0x20, count: depth * 2) }

        static func string(_ text: String, into output: inout [UInt8]) {
            output.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0x0A: output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0D: output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case 0x09: output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0x08: output += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
                case 0x0C: output += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
                case 0x00..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    output += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
                default: output.append(byte)
                }
            }
            output.append(UInt8(ascii: "\""))
        }

        static func number(_ value: Double) throws -> [UInt8] {
            guard value.isFinite else {
                throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(value) is not valid in JSON"))
            }
            if value == value.rounded(), abs(value) < 1e15 { return Array(String(Int64(value)).utf8) }
            return Array("\(value)".utf8)
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey] { node.codingPath }

        private func scalar(_ bytes: [UInt8], _ key: Key) {
            node.addField(key.stringValue, .bytes(bytes))
        }

        mutating func encodeNil(forKey key: Key) throws { scalar(Array("null".utf8), key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { scalar(Array((value ? "true" : "false").utf8), key) }
        mutating func encode(_ value: String, forKey key: Key) throws {
            var bytes: [UInt8] = []
            Node.string(value, into: &bytes)
            scalar(bytes, key)
        }
        mutating func encode(_ value: Double, forKey key: Key) throws { scalar(try Node.number(value), key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { scalar(try Node.number(Double(value)), key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { scalar(Array(String(value).utf8), key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { scalar(Array(String(value).utf8), key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { scalar(Array(String(value).utf8), key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { scalar(Array(String(value).utf8), key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { scalar(Array(String(value).utf8), key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { scalar(Array(String(value).utf8), key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { scalar(Array(String(value).utf8), key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { scalar(Array(String(value).utf8), key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { scalar(Array(String(value).utf8), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { scalar(Array(String(value).utf8), key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            let child = node.child(key)
            try value.encode(to: child)
            child.collapse()
            node.addField(key.stringValue, Node.part(child))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let child = node.child(key)
            node.addField(key.stringValue, .node(child))
            return child.container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = node.child(key)
            node.addField(key.stringValue, .node(child))
            return child.unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            let child = node.child(key)
            node.addField(key.stringValue, .node(child))
            return child
        }
    }

    struct IndexKey: CodingKey {
        var stringValue: String { String(intValue ?? 0) }
        var intValue: Int?
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { node.codingPath }
        var count: Int { node.count }

        private func element() -> Node { node.child(IndexKey(count)) }
        private func scalar(_ bytes: [UInt8]) { node.addElement(.bytes(bytes)) }

        mutating func encodeNil() throws { scalar(Array("null".utf8)) }
        mutating func encode(_ value: Bool) throws { scalar(Array((value ? "true" : "false").utf8)) }
        mutating func encode(_ value: String) throws {
            var bytes: [UInt8] = []
            Node.string(value, into: &bytes)
            scalar(bytes)
        }
        mutating func encode(_ value: Double) throws { scalar(try Node.number(value)) }
        mutating func encode(_ value: Float) throws { scalar(try Node.number(Double(value))) }
        mutating func encode(_ value: Int) throws { scalar(Array(String(value).utf8)) }
        mutating func encode(_ value: Int64) throws { scalar(Array(String(value).utf8)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            let child = element()
            try value.encode(to: child)
            child.collapse()
            node.addElement(Node.part(child))
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let child = element()
            node.addElement(.node(child))
            return child.container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let child = element()
            node.addElement(.node(child))
            return child.unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder {
            let child = element()
            node.addElement(.node(child))
            return child
        }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { node.codingPath }

        mutating func encodeNil() throws { node.content = .scalar(Array("null".utf8)) }
        mutating func encode(_ value: Bool) throws { node.content = .scalar(Array((value ? "true" : "false").utf8)) }
        mutating func encode(_ value: String) throws {
            var bytes: [UInt8] = []
            Node.string(value, into: &bytes)
            node.content = .scalar(bytes)
        }
        mutating func encode(_ value: Double) throws { node.content = .scalar(try Node.number(value)) }
        mutating func encode(_ value: Float) throws { node.content = .scalar(try Node.number(Double(value))) }
        mutating func encode(_ value: Int) throws { node.content = .scalar(Array(String(value).utf8)) }
        mutating func encode(_ value: Int64) throws { node.content = .scalar(Array(String(value).utf8)) }
        mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: node) }
    }
}
