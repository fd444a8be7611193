import BoxOfficeModel
import Foundation

/// Encodes a value as pretty-printed JSON with sorted keys and unescaped slashes, the same text
/// `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, but without
/// building a tree of the whole document first: each value is rendered to bytes as soon as its
/// `encode(to:)` returns, into its parent's buffer, and its parts are freed. A twenty-year report
/// has hundreds of thousands of objects, and `JSONEncoder`'s tree of them was most of the run's
/// memory; a small allocation per scalar was most of its time.
///
/// Keys are sorted by their UTF-8 bytes; the report's keys are lowercase ASCII, where that is the
/// order `JSONEncoder` uses too (tests hold the two encoders to the same bytes).
enum StreamingJSONEncoder {
    /// The JSON text of `value`, followed by `terminator`.
    static func encode<T: Encodable>(_ value: T, terminator: String = "") throws -> Data {
        let node = Node(depth: 0, parent: nil, key: nil)
        try value.encode(to: node)
        var output = Data()
        // Growing a large output by doubling would copy it, holding it twice for a moment.
        output.reserveCapacity(node.estimatedSize + terminator.utf8.count)
        node.write(into: &output)
        output.append(contentsOf: terminator.utf8)
        return output
    }

    /// A finished value at least this large is kept as it is until its parent is written, rather
    /// than copied into the parent's buffer: a twenty-year report's list of days is most of the
    /// document, and copying it at each level held it in memory twice.
    static let largeValue = 1 << 18

    /// An array with at least this many elements is encoded on every core, in runs of elements
    /// (a twenty-year report's 8,400 days).
    static let concurrentElements = 2_048

    /// One value being encoded: a scalar's bytes, or an object's fields or an array's elements,
    /// each either finished (a range of `buffer`) or a nested container still being filled.
    final class Node: Encoder {
        enum Kind {
            case empty, scalar, object, array
        }

        /// A field (or, with an empty key, an element): bytes in `buffer`, or a node written later.
        struct Slot {
            var key: String
            var range: Range<Int>
            var pending: Node?
        }

        let depth: Int
        let parent: Node?
        let key: (any CodingKey)?
        var kind = Kind.empty
        /// A scalar's bytes, or the finished values of an object or array, back to back.
        var buffer: [UInt8] = []
        var slots: [Slot] = []
        /// An array encoded concurrently: its elements, in order, as runs held by other nodes.
        var runs: [Node] = []
        /// Where this node's elements start in its array, when it holds a run of them.
        var indexOffset = 0

        init(depth: Int, parent: Node?, key: (any CodingKey)?) {
            self.depth = depth
            self.parent = parent
            self.key = key
        }

        /// Built only when asked for (by an error, say): keeping it per node cost an array each.
        var codingPath: [any CodingKey] {
            var path = parent?.codingPath ?? []
            if let key { path.append(key) }
            return path
        }

        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if kind != .object { kind = .object }
            return KeyedEncodingContainer(Keyed<Key>(node: self))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if kind != .array { kind = .array }
            return Unkeyed(node: self)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: self) }

        func child(_ key: any CodingKey) -> Node { Node(depth: depth + 1, parent: self, key: key) }

        /// A field or element whose bytes `render` appends to the buffer.
        func add(_ key: String, _ render: (inout [UInt8]) throws -> Void) rethrows {
            let start = buffer.count
            try render(&buffer)
            slots.append(Slot(key: key, range: start..<buffer.count, pending: nil))
        }

        /// A field or element encoded by `value.encode(to:)`, written as soon as it is done (a large
        /// one when this node is).
        func add<T: Encodable>(_ key: String, codingKey: any CodingKey, _ value: T) throws {
            let node = child(codingKey)
            if let array = value as? any ConcurrentlyEncodableArray, array.count >= StreamingJSONEncoder.concurrentElements {
                try array.encodeConcurrently(into: node)
            } else {
                try value.encode(to: node)
            }
            if node.buffer.count >= StreamingJSONEncoder.largeValue || !node.runs.isEmpty {
                addPending(key, node)
            } else {
                add(key) { node.write(into: &$0) }
            }
        }

        /// A nested container the caller fills later, or a large finished value: written when this node is.
        func addPending(_ key: String, _ child: Node) {
            slots.append(Slot(key: key, range: 0..<0, pending: child))
        }

        var count: Int { indexOffset + slots.count }

        /// About how many bytes `write` will produce: the finished values, plus each slot's line.
        var estimatedSize: Int {
            slots.reduce(buffer.count + 2 * depth + 8 + runs.reduce(0) { $0 + $1.estimatedSize }) { total, slot in
                total + (slot.pending?.estimatedSize ?? 0) + slot.key.utf8.count + 2 * depth + 8
            }
        }

        /// Encodes `elements` as this node's array, in one run per core, each run encoded on its own.
        func encodeConcurrently<Element: Encodable & Sendable>(_ elements: [Element]) throws {
            kind = .array
            let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
            let size = (elements.count + workers - 1) / workers
            // Each run answers the same coding path as this node, so its elements' paths are right.
            let work = Runs(stride(from: 0, to: elements.count, by: size).map { start in
                let run = Node(depth: depth, parent: parent, key: key)
                run.kind = .array
                run.indexOffset = start
                return (run, start..<min(start + size, elements.count))
            })
            DispatchQueue.concurrentPerform(iterations: work.runs.count) { index in
                let (run, range) = work.runs[index]
                var container = Unkeyed(node: run)
                do {
                    for element in elements[range] { try container.encode(element) }
                } catch {
                    work.failures[index] = error
                }
            }
            if let failure = work.failures.lazy.compactMap({ $0 }).first { throw failure }
            runs = work.runs.map(\.node)
        }

        func write<Output: RangeReplaceableCollection>(into output: inout Output) where Output.Element == UInt8 {
            switch kind {
            case .scalar:
                output += buffer
            case .empty:
                Self.emptyContainer("{", "}", depth: depth, into: &output)
            case .object where slots.isEmpty:
                Self.emptyContainer("{", "}", depth: depth, into: &output)
            case .array where slots.isEmpty && runs.allSatisfy(\.slots.isEmpty):
                Self.emptyContainer("[", "]", depth: depth, into: &output)
            case .object:
                output += [UInt8(ascii: "{"), 0x0A]
                let order = slots.indices.sorted { slots[$0].key.utf8.lexicographicallyPrecedes(slots[$1].key.utf8) }
                for (position, index) in order.enumerated() {
                    Self.indent(depth + 1, into: &output)
                    Self.string(slots[index].key, into: &output)
                    output += [0x20, UInt8(ascii: ":"), 0x20]
                    writeValue(slots[index], into: &output)
                    if position < order.count - 1 { output.append(UInt8(ascii: ",")) }
                    output.append(0x0A)
                }
                Self.indent(depth, into: &output)
                output.append(UInt8(ascii: "}"))
            case .array:
                output += [UInt8(ascii: "["), 0x0A]
                var first = true
                for holder in runs.isEmpty ? [self] : runs {
                    for slot in holder.slots {
                        if !first { output += [UInt8(ascii: ","), 0x0A] }
                        first = false
                        Self.indent(depth + 1, into: &output)
                        holder.writeValue(slot, into: &output)
                    }
                    holder.buffer = []
                    holder.slots = []
                }
                output.append(0x0A)
                Self.indent(depth, into: &output)
                output.append(UInt8(ascii: "]"))
            }
            // Values are written once; dropping them now keeps memory to what is still unwritten.
            buffer = []
            slots = []
            runs = []
        }

        private func writeValue<Output: RangeReplaceableCollection>(_ slot: Slot, into output: inout Output) where Output.Element == UInt8 {
            if let pending = slot.pending {
                pending.write(into: &output)
            } else {
                output.append(contentsOf: buffer[slot.range])
            }
        }

        /// `{` and `}` with an empty line between, as `JSONEncoder` writes an empty container.
        static func emptyContainer<Output: RangeReplaceableCollection>(_ open: Unicode.Scalar, _ close: Unicode.Scalar, depth: Int,
                                                                       into output: inout Output) where Output.Element == UInt8 {
            output += [UInt8(ascii: open), 0x0A, 0x0A]
            indent(depth, into: &output)
            output.append(UInt8(ascii: close))
        }

        static func indent<Output: RangeReplaceableCollection>(_ depth: Int, into output: inout Output) where Output.Element == UInt8 {
            output.append(contentsOf: repeatElement(0x20, count: depth * 2))
        }

        static func string<Output: RangeReplaceableCollection>(_ text: String, into output: inout Output) where Output.Element == UInt8 {
            output.append(UInt8(ascii: "\""))
            var text = text
            text.withUTF8 { bytes in
                // Runs of bytes that need no escaping are copied whole.
                var runStart = 0
                for index in bytes.indices {
                    let byte = bytes[index]
                    guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    runStart = index + 1
                    switch byte {
                    case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                    case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                    case 0x0A: output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                    case 0x0D: output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                    case 0x09: output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                    case 0x08: output += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
                    case 0x0C: output += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
                    default:
                        let hex = Array("0123456789abcdef".utf8)
                        output += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
                    }
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            }
            output.append(UInt8(ascii: "\""))
        }

        static func integer(_ value: some BinaryInteger, into output: inout [UInt8]) {
            output.append(contentsOf: String(value).utf8)
        }

        static func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F, into output: inout [UInt8]) throws {
            guard value.isFinite else {
                throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(value) is not valid in JSON"))
            }
            // JSONEncoder writes a number's description without a trailing ".0" (100, -0, 1e+16).
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            output.append(contentsOf: text.utf8)
        }

        static func literal(_ text: StaticString, into output: inout [UInt8]) {
            output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey] { node.codingPath }

        mutating func encodeNil(forKey key: Key) throws { node.add(key.stringValue) { Node.literal("null", into: &$0) } }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            node.add(key.stringValue) { Node.literal(value ? "true" : "false", into: &$0) }
        }
        mutating func encode(_ value: String, forKey key: Key) throws { node.add(key.stringValue) { Node.string(value, into: &$0) } }
        mutating func encode(_ value: Double, forKey key: Key) throws { try node.add(key.stringValue) { try Node.number(value, into: &$0) } }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            try node.add(key.stringValue) { try Node.number(value, into: &$0) }
        }
        mutating func encode(_ value: Int, forKey key: Key) throws { node.add(key.stringValue) { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: Int8, forKey key: Key) throws { node.add(key.stringValue) { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: Int16, forKey key: Key) throws { node.add(key.stringValue) { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: Int32, forKey key: Key) throws { node.add(key.stringValue) { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: Int64, forKey key: Key) throws { node.add(key.stringValue) { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: UInt, forKey key: Key) throws { node.add(key.stringValue) { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { node.add(key.stringValue) { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { node.add(key.stringValue) { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { node.add(key.stringValue) { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { node.add(key.stringValue) { Node.integer(value, into: &$0) } }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try node.add(key.stringValue, codingKey: key, value)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let child = node.child(key)
            node.addPending(key.stringValue, child)
            return child.container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = node.child(key)
            node.addPending(key.stringValue, child)
            return child.unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            let child = node.child(key)
            node.addPending(key.stringValue, child)
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

        mutating func encodeNil() throws { node.add("") { Node.literal("null", into: &$0) } }
        mutating func encode(_ value: Bool) throws { node.add("") { Node.literal(value ? "true" : "false", into: &$0) } }
        mutating func encode(_ value: String) throws { node.add("") { Node.string(value, into: &$0) } }
        mutating func encode(_ value: Double) throws { try node.add("") { try Node.number(value, into: &$0) } }
        mutating func encode(_ value: Float) throws { try node.add("") { try Node.number(value, into: &$0) } }
        mutating func encode(_ value: Int) throws { node.add("") { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: Int64) throws { node.add("") { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: Int8) throws { node.add("") { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: Int16) throws { node.add("") { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: Int32) throws { node.add("") { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: UInt) throws { node.add("") { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: UInt8) throws { node.add("") { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: UInt16) throws { node.add("") { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: UInt32) throws { node.add("") { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: UInt64) throws { node.add("") { Node.integer(value, into: &$0) } }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try node.add("", codingKey: IndexKey(count), value)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let child = node.child(IndexKey(count))
            node.addPending("", child)
            return child.container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let child = node.child(IndexKey(count))
            node.addPending("", child)
            return child.unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder {
            let child = node.child(IndexKey(count))
            node.addPending("", child)
            return child
        }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { node.codingPath }

        private func scalar(_ render: (inout [UInt8]) throws -> Void) rethrows {
            node.kind = .scalar
            node.buffer.removeAll(keepingCapacity: true)
            try render(&node.buffer)
        }

        mutating func encodeNil() throws { scalar { Node.literal("null", into: &$0) } }
        mutating func encode(_ value: Bool) throws { scalar { Node.literal(value ? "true" : "false", into: &$0) } }
        mutating func encode(_ value: String) throws { scalar { Node.string(value, into: &$0) } }
        mutating func encode(_ value: Double) throws { try scalar { try Node.number(value, into: &$0) } }
        mutating func encode(_ value: Float) throws { try scalar { try Node.number(value, into: &$0) } }
        mutating func encode(_ value: Int) throws { scalar { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: Int64) throws { scalar { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: Int8) throws { scalar { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: Int16) throws { scalar { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: Int32) throws { scalar { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: UInt) throws { scalar { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: UInt8) throws { scalar { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: UInt16) throws { scalar { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: UInt32) throws { scalar { Node.integer(value, into: &$0) } }
        mutating func encode(_ value: UInt64) throws { scalar { Node.integer(value, into: &$0) } }
        mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: node) }
    }
}

/// A value whose `encode(to:)` only reads it, so that several can be encoded at once on different
/// threads: long arrays of such values are encoded by ``StreamingJSONEncoder`` on every core.
protocol ConcurrentlyEncodable: Encodable, Sendable {}

/// An array whose elements ``StreamingJSONEncoder`` may encode on several cores at once.
protocol ConcurrentlyEncodableArray {
    var count: Int { get }
    func encodeConcurrently(into node: StreamingJSONEncoder.Node) throws
}

extension Array: ConcurrentlyEncodableArray where Element: ConcurrentlyEncodable {
    func encodeConcurrently(into node: StreamingJSONEncoder.Node) throws { try node.encodeConcurrently(self) }
}

/// The runs of one concurrent array encoding: each index is touched by exactly one worker, and the
/// encoding thread reads them only after every worker has finished.
private final class Runs: @unchecked Sendable {
    let runs: [(node: StreamingJSONEncoder.Node, range: Range<Int>)]
    var failures: [(any Error)?]

    init(_ runs: [(node: StreamingJSONEncoder.Node, range: Range<Int>)]) {
        self.runs = runs
        failures = Array(repeating: nil, count: runs.count)
    }
}
extension FilmRanking: ConcurrentlyEncodable {}
extension DayReport: ConcurrentlyEncodable {}
