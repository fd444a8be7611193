import Foundation

/// Writes an `Encodable` value as exactly the bytes `JSONEncoder` writes with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` and its default strategies, starting at
/// a given indentation, so a list's elements can be encoded apart and spliced in at their depth.
///
/// Why not `JSONEncoder`: in a twenty-year report it was a third of the run's CPU (1.0 s of 3.0 s,
/// `perf` on the release binary): its tree keeps every object in a `Dictionary` (hashing each of
/// 1.5 million keys) and asks the runtime of every value whether it is a `Date`, `URL`, `Data` or
/// `Dictionary` (`swift_dynamicCast`). This encoder keeps an object's keys in the order they were
/// encoded, sorts them as `JSONEncoder` does (by UTF-8 bytes; a key encoded twice keeps its last
/// value), writes numbers without making strings of them, and tells the special types apart by
/// comparing metatypes. `JSONEncodingTests` holds its bytes to `JSONEncoder`'s.
///
/// Values JSON cannot hold (NaN, infinities) throw `EncodingError.invalidValue`, as `JSONEncoder`'s
/// default strategy does.
package enum PrettyJSONEncoder {
    /// The bytes of `value`, its nested lines indented `level` steps of two spaces (the first line
    /// is not indented: the caller writes what comes before it).
    package static func encode<T: Encodable>(_ value: T, level: Int = 0) throws -> [UInt8] {
        var writer = Writer(level: level)
        try append(value, to: &writer)
        return writer.bytes
    }

    /// Appends `value` to `writer`'s bytes as ``encode(_:level:)`` writes it at the writer's level;
    /// one writer for many values sorts each set of keys once.
    static func append<T: Encodable>(_ value: T, to writer: inout Writer) throws {
        let node = try Node.of(value, path: nil)
        writer.write(node)
    }

    /// A value being encoded: containers are classes so the containers handed to `encode(to:)` can
    /// add to them after they are placed in their parent.
    enum Node {
        case string(String)
        case integer(Int64)
        case unsigned(UInt64)
        /// A finite double.
        case double(Double)
        case bool(Bool)
        case null
        case object(Object)
        case array(Array)
        /// What a `superEncoder()` writes, read when the tree is written.
        case deferred(TreeEncoder)

        final class Object {
            var keys: [String] = []
            var values: [Node] = []
            init() {}
            func set(_ value: Node, for key: String) {
                keys.append(key)
                values.append(value)
            }
            /// The object or array already encoded under `key` (JSONEncoder reuses it for a second
            /// nested container of that key).
            func existing(_ key: String) -> Node? {
                keys.lastIndex(of: key).map { values[$0] }
            }
        }

        final class Array {
            var values: [Node] = []
            init() {}
        }

        /// The node of any encodable value, the special types written as JSONEncoder's defaults do.
        static func of<T: Encodable>(_ value: T, path: Path?) throws -> Node {
            if T.self == String.self { return .string(value as! String) }
            if T.self == URL.self, let url = value as? URL { return .string(url.absoluteString) }
            if T.self == Data.self, let data = value as? Data { return .string(data.base64EncodedString()) }
            if T.self == Decimal.self, let decimal = value as? Decimal { return .unquoted(decimal.description) }
            let encoder = TreeEncoder(path: path)
            try value.encode(to: encoder)
            return encoder.node ?? .object(Object())
        }

        /// A number's digits as JSONEncoder writes them (a `Decimal`'s, here only).
        static func unquoted(_ text: String) -> Node {
            if let integer = Int64(text) { return .integer(integer) }
            if let double = Double(text) { return .double(double) }
            return .string(text)
        }

        static func double(_ value: Double, path: Path?, key: CodingKey?) throws -> Node {
            guard value.isFinite else {
                let name = value.isNaN ? "Double.nan" : value < 0 ? "-Double.infinity" : "Double.infinity"
                var codingPath = path?.codingPath ?? []
                if let key { codingPath.append(key) }
                throw EncodingError.invalidValue(
                    value,
                    .init(
                        codingPath: codingPath,
                        debugDescription: "Unable to encode \(name) directly in JSON."))
            }
            return .double(value)
        }
    }

    /// The coding path, kept as links to the parent so it costs nothing unless an error asks for it.
    final class Path {
        let parent: Path?
        let key: CodingKey
        init(parent: Path?, key: CodingKey) {
            self.parent = parent
            self.key = key
        }
        var codingPath: [CodingKey] {
            var keys: [CodingKey] = []
            var link: Path? = self
            while let current = link {
                keys.append(current.key)
                link = current.parent
            }
            return keys.reversed()
        }
    }

    struct IndexKey: CodingKey {
        var stringValue: String { "Index \(index)" }
        var intValue: Int? { index }
        let index: Int
        init(_ index: Int) { self.index = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.index = intValue }
    }

    struct SuperKey: CodingKey {
        var stringValue: String { "super" }
        var intValue: Int? { nil }
        init() {}
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }

    final class TreeEncoder: Encoder, SingleValueEncodingContainer {
        var node: Node?
        let path: Path?
        var codingPath: [CodingKey] { path?.codingPath ?? [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(path: Path?) { self.path = path }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object(let object) = node { return KeyedEncodingContainer(KeyedContainer(object: object, path: path)) }
            let object = Node.Object()
            node = .object(object)
            return KeyedEncodingContainer(KeyedContainer(object: object, path: path))
        }

        func unkeyedContainer() -> UnkeyedEncodingContainer {
            if case .array(let array) = node { return UnkeyedContainer(array: array, path: path) }
            let array = Node.Array()
            node = .array(array)
            return UnkeyedContainer(array: array, path: path)
        }

        func singleValueContainer() -> SingleValueEncodingContainer { self }

        func encodeNil() throws { node = .null }
        func encode(_ value: Bool) throws { node = .bool(value) }
        func encode(_ value: String) throws { node = .string(value) }
        func encode(_ value: Double) throws { node = try Node.double(value, path: path, key: nil) }
        func encode(_ value: Float) throws { node = try Node.double(Double(value), path: path, key: nil) }
        func encode(_ value: Int) throws { node = .integer(Int64(value)) }
        func encode(_ value: Int8) throws { node = .integer(Int64(value)) }
        func encode(_ value: Int16) throws { node = .integer(Int64(value)) }
        func encode(_ value: Int32) throws { node = .integer(Int64(value)) }
        func encode(_ value: Int64) throws { node = .integer(value) }
        func encode(_ value: UInt) throws { node = .unsigned(UInt64(value)) }
        func encode(_ value: UInt8) throws { node = .unsigned(UInt64(value)) }
        func encode(_ value: UInt16) throws { node = .unsigned(UInt64(value)) }
        func encode(_ value: UInt32) throws { node = .unsigned(UInt64(value)) }
        func encode(_ value: UInt64) throws { node = .unsigned(value) }
        func encode<T: Encodable>(_ value: T) throws { node = try Node.of(value, path: path) }
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let object: Node.Object
        let path: Path?
        var codingPath: [CodingKey] { path?.codingPath ?? [] }

        mutating func encodeNil(forKey key: Key) throws { object.set(.null, for: key.stringValue) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { object.set(.bool(value), for: key.stringValue) }
        mutating func encode(_ value: String, forKey key: Key) throws { object.set(.string(value), for: key.stringValue) }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            object.set(try Node.double(value, path: path, key: key), for: key.stringValue)
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            object.set(try Node.double(Double(value), path: path, key: key), for: key.stringValue)
        }
        mutating func encode(_ value: Int, forKey key: Key) throws { object.set(.integer(Int64(value)), for: key.stringValue) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { object.set(.integer(Int64(value)), for: key.stringValue) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { object.set(.integer(Int64(value)), for: key.stringValue) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { object.set(.integer(Int64(value)), for: key.stringValue) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { object.set(.integer(value), for: key.stringValue) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { object.set(.unsigned(UInt64(value)), for: key.stringValue) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { object.set(.unsigned(UInt64(value)), for: key.stringValue) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { object.set(.unsigned(UInt64(value)), for: key.stringValue) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { object.set(.unsigned(UInt64(value)), for: key.stringValue) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { object.set(.unsigned(value), for: key.stringValue) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            object.set(try Node.of(value, path: Path(parent: path, key: key)), for: key.stringValue)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let nested: Node.Object
            if case .object(let existing) = object.existing(key.stringValue) {
                nested = existing
            } else {
                nested = Node.Object()
                object.set(.object(nested), for: key.stringValue)
            }
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested, path: Path(parent: path, key: key)))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            let nested: Node.Array
            if case .array(let existing) = object.existing(key.stringValue) {
                nested = existing
            } else {
                nested = Node.Array()
                object.set(.array(nested), for: key.stringValue)
            }
            return UnkeyedContainer(array: nested, path: Path(parent: path, key: key))
        }

        mutating func superEncoder() -> Encoder { superEncoder(named: SuperKey()) }
        mutating func superEncoder(forKey key: Key) -> Encoder { superEncoder(named: key) }

        private func superEncoder(named key: CodingKey) -> Encoder {
            let encoder = TreeEncoder(path: Path(parent: path, key: key))
            object.set(.deferred(encoder), for: key.stringValue)
            return encoder
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let array: Node.Array
        let path: Path?
        var codingPath: [CodingKey] { path?.codingPath ?? [] }
        var count: Int { array.values.count }

        mutating func encodeNil() throws { array.values.append(.null) }
        mutating func encode(_ value: Bool) throws { array.values.append(.bool(value)) }
        mutating func encode(_ value: String) throws { array.values.append(.string(value)) }
        mutating func encode(_ value: Double) throws {
            array.values.append(try Node.double(value, path: path, key: IndexKey(count)))
        }
        mutating func encode(_ value: Float) throws {
            array.values.append(try Node.double(Double(value), path: path, key: IndexKey(count)))
        }
        mutating func encode(_ value: Int) throws { array.values.append(.integer(Int64(value))) }
        mutating func encode(_ value: Int8) throws { array.values.append(.integer(Int64(value))) }
        mutating func encode(_ value: Int16) throws { array.values.append(.integer(Int64(value))) }
        mutating func encode(_ value: Int32) throws { array.values.append(.integer(Int64(value))) }
        mutating func encode(_ value: Int64) throws { array.values.append(.integer(value)) }
        mutating func encode(_ value: UInt) throws { array.values.append(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt8) throws { array.values.append(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt16) throws { array.values.append(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt32) throws { array.values.append(.unsigned(UInt64(value))) }
        mutating func encode(_ value: UInt64) throws { array.values.append(.unsigned(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            array.values.append(try Node.of(value, path: Path(parent: path, key: IndexKey(count))))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let nested = Node.Object()
            let key = IndexKey(count)
            array.values.append(.object(nested))
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested, path: Path(parent: path, key: key)))
        }

        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
            let nested = Node.Array()
            let key = IndexKey(count)
            array.values.append(.array(nested))
            return UnkeyedContainer(array: nested, path: Path(parent: path, key: key))
        }

        mutating func superEncoder() -> Encoder {
            let encoder = TreeEncoder(path: Path(parent: path, key: IndexKey(count)))
            array.values.append(.deferred(encoder))
            return encoder
        }
    }

    /// Writes nodes as JSONEncoder's pretty printer does: two spaces per level, `" : "` after a key,
    /// `",\n"` between elements, an empty container as its brackets around a blank line.
    struct Writer {
        var bytes: [UInt8] = []
        var level: Int

        init(level: Int) { self.level = level }

        mutating func write(_ node: Node) {
            switch node {
            case .string(let string): writeString(string)
            case .integer(let value): writeInteger(value)
            case .unsigned(let value): writeUnsigned(value)
            case .double(let value): writeDouble(value)
            case .bool(let value): bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
            case .null: bytes.append(contentsOf: Self.nullBytes)
            case .array(let array): writeArray(array.values)
            case .object(let object): writeObject(object)
            case .deferred(let encoder): write(encoder.node ?? .object(Node.Object()))
            }
        }

        static let trueBytes = Swift.Array("true".utf8)
        static let falseBytes = Swift.Array("false".utf8)
        static let nullBytes = Swift.Array("null".utf8)

        mutating func indent() {
            for _ in 0..<level { bytes.append(0x20); bytes.append(0x20) }
        }

        mutating func writeArray(_ values: [Node]) {
            writeElements(of: values) { writer, value in writer.write(value) }
        }

        /// A list as JSONEncoder's pretty printer writes one, each element written by `write` at
        /// the level inside the brackets.
        mutating func writeElements<Element>(of elements: [Element], _ write: (inout Writer, Element) throws -> Void) rethrows {
            bytes.append(UInt8(ascii: "["))
            bytes.append(UInt8(ascii: "\n"))
            level += 1
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")); bytes.append(UInt8(ascii: "\n")) }
                indent()
                try write(&self, element)
            }
            bytes.append(UInt8(ascii: "\n"))
            level -= 1
            indent()
            bytes.append(UInt8(ascii: "]"))
        }

        mutating func writeObject(_ object: Node.Object) {
            bytes.append(UInt8(ascii: "{"))
            bytes.append(UInt8(ascii: "\n"))
            level += 1
            let plan = plan(for: object.keys)
            for (position, index) in plan.order.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")); bytes.append(UInt8(ascii: "\n")) }
                indent()
                bytes.append(contentsOf: plan.prefixes[position])
                write(object.values[index])
            }
            bytes.append(UInt8(ascii: "\n"))
            level -= 1
            indent()
            bytes.append(UInt8(ascii: "}"))
        }

        /// How an object with these keys is written: the indices of the values to write, in
        /// JSONEncoder's order (of a key encoded twice, only the later), and before each value its
        /// key as written, `"key" : `.
        struct ObjectPlan {
            var order: [Int]
            var prefixes: [[UInt8]]
        }

        /// The last key lists planned: objects of one type mostly have the same keys, and sorting
        /// and escaping each one's keys anew was most of the time of writing them.
        private var recentPlans: [(keys: [String], plan: ObjectPlan)] = []

        mutating func plan(for keys: [String]) -> ObjectPlan {
            if let known = recentPlans.first(where: { $0.keys == keys }) { return known.plan }
            let sorted = sortedOrder(of: keys)
            var plan = ObjectPlan(order: [], prefixes: [])
            for (position, index) in sorted.enumerated() {
                if position + 1 < sorted.count, keys[sorted[position + 1]] == keys[index] { continue }
                var key = Writer(level: 0)
                key.writeString(keys[index])
                plan.order.append(index)
                plan.prefixes.append(key.bytes + [0x20, UInt8(ascii: ":"), 0x20])
            }
            if recentPlans.count == 8 { recentPlans.removeFirst() }
            recentPlans.append((keys, plan))
            return plan
        }

        /// The indices of `keys` in JSONEncoder's order; of a key encoded twice, the later comes
        /// last (the writer keeps that one, as JSONEncoder's dictionary keeps the last value).
        func sortedOrder(of keys: [String]) -> [Int] {
            var order = Swift.Array(keys.indices)
            order.sort { left, right in
                keys[left] == keys[right] ? left < right : Self.precedes(keys[left], keys[right])
            }
            return order
        }

        /// JSONEncoder's key order: UTF-8 bytes, lexicographically.
        static func precedes(_ left: String, _ right: String) -> Bool {
            var left = left, right = right
            return left.withUTF8 { l in
                right.withUTF8 { r in
                    let common = min(l.count, r.count)
                    if common > 0, let lb = l.baseAddress, let rb = r.baseAddress {
                        let order = memcmp(lb, rb, common)
                        if order != 0 { return order < 0 }
                    }
                    return l.count < r.count
                }
            }
        }

        mutating func writeString(_ string: String) {
            var string = string
            bytes.append(UInt8(ascii: "\""))
            string.withUTF8 { utf8 in
                var mark = 0
                for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    if index > mark { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark..<index])) }
                    bytes.append(UInt8(ascii: "\\"))
                    switch byte {
                    case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
                    case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                    case 0x08: bytes.append(UInt8(ascii: "b"))
                    case 0x0C: bytes.append(UInt8(ascii: "f"))
                    case 0x0A: bytes.append(UInt8(ascii: "n"))
                    case 0x0D: bytes.append(UInt8(ascii: "r"))
                    case 0x09: bytes.append(UInt8(ascii: "t"))
                    default:
                        let hex = Swift.Array("0123456789abcdef".utf8)
                        bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                    }
                    mark = index + 1
                }
                if utf8.count > mark { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[mark...])) }
            }
            bytes.append(UInt8(ascii: "\""))
        }

        mutating func writeInteger(_ value: Int64) {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            writeUnsigned(value.magnitude)
        }

        mutating func writeUnsigned(_ value: UInt64) {
            if value < 10 {
                bytes.append(UInt8(truncatingIfNeeded: value) + UInt8(ascii: "0"))
                return
            }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
                var rest = value
                var start = 20
                while rest > 0 {
                    start -= 1
                    digits[start] = UInt8(truncatingIfNeeded: rest % 10) + UInt8(ascii: "0")
                    rest /= 10
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
            }
        }

        /// As JSONEncoder: the shortest digits that read back as the value (`description`), without
        /// a trailing ".0".
        mutating func writeDouble(_ value: Double) {
            if value == value.rounded(.towardZero), value.magnitude < 1e15, value != 0 || value.sign == .plus {
                writeInteger(Int64(value))
                return
            }
            // Most of a report's doubles are percentages to one decimal. When `tenths / 10` is the
            // double nearest a number of tenths, no shorter digits read back as it (it is not
            // whole), so its description is those tenths; written without making a String (a
            // fifth of the chart rows' JSON was `description`).
            let tenths = (value * 10).rounded()
            if value.magnitude < 1e14, value != 0, tenths / 10 == value {
                if value < 0 { bytes.append(UInt8(ascii: "-")) }
                let magnitude = UInt64(tenths.magnitude)
                writeUnsigned(magnitude / 10)
                bytes.append(UInt8(ascii: "."))
                bytes.append(UInt8(truncatingIfNeeded: magnitude % 10) + UInt8(ascii: "0"))
                return
            }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            bytes.append(contentsOf: text.utf8)
        }
    }
}
