import Foundation

/// The simulated services' JSON bodies, compact, keys in UTF-8 order (so a body is the same bytes
/// every run).
///
/// Why not `JSONSerialization`: with `.sortedKeys` it compares keys through `NSString` with a
/// locale and bridges every dictionary, and it was 43% of the CPU of `report --sample` (perf, the
/// release binary). The bodies hold only strings, integers, doubles, booleans, nulls, arrays and
/// string-keyed objects.
enum SimulatedJSON {
    static func data(_ object: Any) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        write(object, to: &bytes)
        return Data(bytes)
    }

    static func write(_ value: Any, to bytes: inout [UInt8]) {
        // Dispatched on the dynamic type, not by trying `as` casts in turn: a failed cast of a
        // dictionary to [String: String] inspects every element, and casting to [String: Any]
        // bridges it.
        let type = Swift.type(of: value)
        if type == String.self {
            writeString(value as! String, to: &bytes)
        } else if type == [String: String].self {
            writeObject(value as! [String: String], to: &bytes)
        } else if type == [[String: String]].self {
            writeList(value as! [[String: String]], to: &bytes) { writeObject($0, to: &$1) }
        } else if type == Int.self {
            bytes.append(contentsOf: String(value as! Int).utf8)
        } else if type == Int64.self {
            bytes.append(contentsOf: String(value as! Int64).utf8)
        } else if type == Bool.self {
            bytes.append(contentsOf: ((value as! Bool) ? "true" : "false").utf8)
        } else if type == Double.self {
            var text = (value as! Double).description
            if text.hasSuffix(".0") { text.removeLast(2) }
            bytes.append(contentsOf: text.utf8)
        } else if type == NSNull.self {
            // By type, not `value is NSNull`: that asks whether any value bridges to an NSNull,
            // and bridged every dictionary and list to Foundation's classes to find out (a tenth
            // of `report --sample`).
            bytes.append(contentsOf: "null".utf8)
        } else if type == [String: Any].self {
            writeObject(value as! [String: Any], to: &bytes) { write($0, to: &$1) }
        } else if type == [Any].self {
            writeList(value as! [Any], to: &bytes) { write($0, to: &$1) }
        } else if let object = value as? [String: Any] {
            writeObject(object, to: &bytes) { write($0, to: &$1) }
        } else if let list = value as? [Any] {
            writeList(list, to: &bytes) { write($0, to: &$1) }
        } else {
            preconditionFailure("SimulatedJSON cannot write \(type)")
        }
    }

    static func writeList<Element>(_ list: [Element], to bytes: inout [UInt8], _ element: (Element, inout [UInt8]) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, item) in list.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element(item, &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// An object, its keys in UTF-8 order, each value written by `value`.
    static func writeObject<Value>(_ object: [String: Value], to bytes: inout [UInt8], _ value: (Value, inout [UInt8]) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        for (index, key) in object.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            writeString(key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            value(object[key]!, &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    static func writeObject(_ object: [String: String], to bytes: inout [UInt8]) {
        writeObject(object, to: &bytes) { writeString($0, to: &$1) }
    }

    static func writeString(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x0A: bytes.append(contentsOf: "\\n".utf8)
            case 0x0D: bytes.append(contentsOf: "\\r".utf8)
            case 0x09: bytes.append(contentsOf: "\\t".utf8)
            case 0..<0x20: bytes.append(contentsOf: String(format: "\\u%04x", byte).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
