import Foundation

/// One field of a model value as its JSON writer reads it, keyed by the value's own `CodingKeys`:
/// the report's most numerous objects (days, chart rows, films) are written straight from their
/// fields, and each type says here, beside its properties and keys, what each key holds, so a
/// field added to the model is named in its own file only.
package enum JSONFieldValue {
    /// Left out, as `encodeIfPresent` leaves out a nil.
    case absent
    case integer(Int64)
    case double(Double)
    case string(String)
    /// A date, written as its ISO text (which needs no escaping).
    case day(Day)
    case bool(Bool)
    /// An object or list, which the writer writes from the field itself.
    case nested

    // An optional field: its value, or `absent` for nil.
    package static func maybe(_ value: Int64?) -> JSONFieldValue { value.map { .integer($0) } ?? .absent }
    package static func maybe(_ value: Int?) -> JSONFieldValue { value.map { .integer(Int64($0)) } ?? .absent }
    package static func maybe(_ value: Double?) -> JSONFieldValue { value.map { .double($0) } ?? .absent }
    package static func maybe(_ value: Bool?) -> JSONFieldValue { value.map { .bool($0) } ?? .absent }
    package static func maybe(_ value: Day?) -> JSONFieldValue { value.map { .day($0) } ?? .absent }
    package static func maybe(_ value: String?) -> JSONFieldValue { value.map { .string($0) } ?? .absent }
    package static func maybe(nested value: (some Any)?) -> JSONFieldValue { value == nil ? .absent : .nested }
}
