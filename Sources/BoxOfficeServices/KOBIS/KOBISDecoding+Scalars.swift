import BoxOfficeModel
import Foundation

// MARK: - Raw shapes

/// JSON scalars read as text whatever their JSON type; KOBIS sends numbers as strings, mostly.
enum Scalar {
    /// The text of a scalar (`null` is empty); nil when absent; a shape error for an object or array.
    static func text(_ value: JSONValue?) throws(MalformedBody) -> String? {
        switch value {
        case nil: nil
        case .string(let string): trimmed(string)
        case .number(let raw): Int64(raw).map { String($0) } ?? Double(raw).map { String($0) } ?? raw
        case .bool(let bool): String(bool)
        case .null: ""
        case .object, .array: throw KOBISDecoding.shapeError
        }
    }

    /// Trims white space and line breaks (Foundation's `.whitespacesAndNewlines`) at either end; most
    /// values have none, and are returned as they are without Foundation's slower trimming.
    static func trimmed(_ string: String) -> String {
        let utf8 = string.utf8
        guard let firstByte = utf8.first, let lastByte = utf8.last else { return string }
        func isPlain(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x80 }
        if isPlain(firstByte), isPlain(lastByte) { return string }
        // Korean titles start and end with bytes beyond ASCII: their first and last scalars decide.
        return ScalarTrimmer.spaces.trimmed(string)
    }
}

/// A chart row's fields as KOBIS sends them, read in one pass over the row's keys.
struct RawChartRow {
    var rank, rankInten, rankOldAndNew, movieCd, movieNm, openDt: String?
    var salesAmt, salesShare, salesInten, salesChange, salesAcc: String?
    var audiCnt, audiInten, audiChange, audiAcc, scrnCnt, showCnt: String?

    init() {}

    init(_ value: JSONValue) throws(MalformedBody) {
        guard case .object(let pairs) = value else { throw KOBISDecoding.shapeError }
        for (key, value) in pairs {
            guard let field = Field(rawValue: key) else { continue }
            set(field, try Scalar.text(value))
        }
    }

    /// The fields kept, named as KOBIS names them.
    enum Field: String, CaseIterable {
        case rank, rankInten, rankOldAndNew, movieCd, movieNm, openDt
        case salesAmt, salesShare, salesInten, salesChange, salesAcc
        case audiCnt, audiInten, audiChange, audiAcc, scrnCnt, showCnt
    }

    private static let fields = Field.allCases
    private static let names = KOBISBodyScanner.NameTable(fields.map(\.rawValue))

    /// The field a key's UTF-8 bytes name, if the row keeps it.
    static func field(_ key: UnsafeBufferPointer<UInt8>) -> Field? {
        names.index(of: key).map { fields[$0] }
    }

    mutating func set(_ field: Field, _ text: String?) {
        switch field {
        case .rank: rank = text
        case .rankInten: rankInten = text
        case .rankOldAndNew: rankOldAndNew = text
        case .movieCd: movieCd = text
        case .movieNm: movieNm = text
        case .openDt: openDt = text
        case .salesAmt: salesAmt = text
        case .salesShare: salesShare = text
        case .salesInten: salesInten = text
        case .salesChange: salesChange = text
        case .salesAcc: salesAcc = text
        case .audiCnt: audiCnt = text
        case .audiInten: audiInten = text
        case .audiChange: audiChange = text
        case .audiAcc: audiAcc = text
        case .scrnCnt: scrnCnt = text
        case .showCnt: showCnt = text
        }
    }
}

extension KOBISDecoding {
    /// `text` as `Double(text)` reads it, when it is a plain decimal (`-13`, `100.0`, `+2.5`) of
    /// at most 15 digits; nil for anything else, which `Double(_:)` then reads.
    ///
    /// Why: `Double(_:)` goes through `strtod`, about 1,100 instructions a value, and a chart row
    /// has three decimals (a twenty-year report's 219,000 took 2.3% of its instructions). Such a
    /// decimal is its digits as an integer, exact in a Double below 2^53, divided by a power of
    /// ten that is exact too (10^22 at most): one correctly rounded division, the same Double
    /// `strtod` rounds the text to. A test holds the two together.
    static func plainDecimal(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes -> Double? in
            var index = 0
            var negative = false
            if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
                negative = first == UInt8(ascii: "-")
                index = 1
            }
            var mantissa: Int64 = 0
            var digits = 0
            var fraction = -1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ".") {
                    guard fraction < 0, digits > 0 else { return nil }
                    fraction = 0
                } else {
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 15 else { return nil }
                    mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
                    digits += 1
                    if fraction >= 0 { fraction += 1 }
                }
                index += 1
            }
            // Digits before the point, and after it when there is one.
            guard digits > 0, fraction != 0 else { return nil }
            let value = fraction > 0 ? Double(mantissa) / Self.powersOfTen[fraction] : Double(mantissa)
            return negative ? -value : value
        }
    }

    /// 10^0 … 10^15, each exact in a Double.
    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]
}
