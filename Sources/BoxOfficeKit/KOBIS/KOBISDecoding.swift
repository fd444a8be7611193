import Foundation

/// Turns KOBIS response bodies into models, leniently where KOBIS is inconsistent (numbers as
/// strings, stray spaces, blank dates) and strictly where a report would otherwise lie (a rank
/// that is not a number, a row without a movie code).
public enum KOBISDecoding {
    /// What a body held instead of data.
    public enum Outcome<Value> {
        case value(Value)
        /// `{"faultInfo":{…}}`, which KOBIS sends with HTTP 200.
        case fault(code: String, message: String)
    }

    /// Decodes a `searchDailyBoxOfficeList` body; throws a description of what is malformed.
    public static func dailyChart(_ body: Data, date: Day) throws(MalformedBody) -> Outcome<DailyChart> {
        let envelope: Envelope = try decodeEnvelope(body)
        if let fault = envelope.faultInfo { return .fault(code: fault.errorCode.text, message: fault.message.text) }
        guard let result = envelope.boxOfficeResult else { throw MalformedBody("no boxOfficeResult in the body") }
        guard let rows = result.dailyBoxOfficeList else { throw MalformedBody("no dailyBoxOfficeList in the body") }
        var entries: [ChartEntry] = []
        entries.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            entries.append(try chartEntry(row, label: "row \(index + 1)"))
        }
        entries.sort { $0.rank < $1.rank }
        return .value(DailyChart(date: date, entries: entries))
    }

    /// Decodes a `searchMovieInfo` body; `.value(nil)` when KOBIS knows no such film.
    public static func movieInfo(_ body: Data) throws(MalformedBody) -> Outcome<MovieInfo?> {
        let envelope: Envelope = try decodeEnvelope(body)
        if let fault = envelope.faultInfo { return .fault(code: fault.errorCode.text, message: fault.message.text) }
        guard let result = envelope.movieInfoResult else { throw MalformedBody("no movieInfoResult in the body") }
        guard let raw = result.movieInfo, !raw.scalars.isEmpty else { return .value(nil) }
        let row = Row(fields: raw.scalars, label: "movieInfo")
        let code = row.text("movieCd")
        guard !code.isEmpty else { return .value(nil) }
        func list(_ key: String) -> [Row] {
            (raw.lists[key] ?? []).enumerated().map { Row(fields: $1, label: "\(key)[\($0)]") }
        }
        return .value(MovieInfo(
            code: code,
            title: row.text("movieNm"),
            titleEnglish: row.text("movieNmEn"),
            titleOriginal: row.text("movieNmOg"),
            runtimeMinutes: try row.optionalInt("showTm"),
            productionYear: try row.optionalInt("prdtYear"),
            openDate: row.day("openDt"),
            nations: list("nations").map { $0.text("nationNm") }.filter { !$0.isEmpty },
            genres: list("genres").map { $0.text("genreNm") }.filter { !$0.isEmpty },
            directors: list("directors").map { .init(name: $0.text("peopleNm"), nameEnglish: $0.text("peopleNmEn")) }
                .filter { !$0.name.isEmpty },
            companies: list("companys").map {
                .init(code: $0.text("companyCd"), name: $0.text("companyNm"), nameEnglish: $0.text("companyNmEn"),
                      role: $0.text("companyPartNm"))
            }.filter { !$0.name.isEmpty },
            watchGrades: list("audits").map { $0.text("watchGradeNm") }.filter { !$0.isEmpty }
        ))
    }

    private static func chartEntry(_ raw: RawChartRow, label: String) throws(MalformedBody) -> ChartEntry {
        let row = Fields(label: label)
        let code = raw.movieCd?.text ?? ""
        guard !code.isEmpty else { throw MalformedBody("\(label) has no movieCd") }
        let rank = try row.int64(raw.rank, "rank", required: true)
        guard (1...1000).contains(rank) else { throw MalformedBody("\(label) has rank \(rank)") }
        return ChartEntry(
            rank: Int(rank),
            rankChange: Int(clamping: try row.int64(raw.rankInten, "rankInten")),
            isNew: raw.rankOldAndNew?.text.uppercased() == "NEW",
            movieCode: code,
            title: raw.movieNm?.text ?? "",
            openDate: raw.openDt.flatMap { Day(lenient: $0.text) },
            sales: try row.int64(raw.salesAmt, "salesAmt"),
            salesShare: try row.decimal(raw.salesShare, "salesShare"),
            salesChange: try row.int64(raw.salesInten, "salesInten"),
            salesChangePercent: try row.decimal(raw.salesChange, "salesChange"),
            salesCumulative: try row.int64(raw.salesAcc, "salesAcc"),
            audience: try row.int64(raw.audiCnt, "audiCnt"),
            audienceChange: try row.int64(raw.audiInten, "audiInten"),
            audienceChangePercent: try row.decimal(raw.audiChange, "audiChange"),
            audienceCumulative: try row.int64(raw.audiAcc, "audiAcc"),
            screens: try row.int64(raw.scrnCnt, "scrnCnt"),
            showings: try row.int64(raw.showCnt, "showCnt")
        )
    }

    private static func decodeEnvelope(_ body: Data) throws(MalformedBody) -> Envelope {
        guard !body.isEmpty else { throw MalformedBody("the body is empty") }
        do {
            return try JSONDecoder().decode(Envelope.self, from: body)
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted: throw MalformedBody("the body is not valid JSON")
            default: throw MalformedBody("the JSON does not have the documented shape")
            }
        } catch {
            throw MalformedBody("the body is not valid JSON")
        }
    }
}

/// Why a body could not be read as the data it should hold; one phrase for messages.
public struct MalformedBody: Error, Equatable, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}

// MARK: - Raw shapes

/// A JSON scalar read as text whatever its JSON type; KOBIS sends numbers as strings, mostly.
struct Scalar: Decodable, Sendable {
    let text: String

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { text = "" }
        else if let string = try? container.decode(String.self) { text = Scalar.trimmed(string) }
        else if let int = try? container.decode(Int64.self) { text = String(int) }
        else if let double = try? container.decode(Double.self) { text = String(double) }
        else if let bool = try? container.decode(Bool.self) { text = String(bool) }
        else { throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a scalar") }
    }
}

extension Scalar {
    /// Trims white space at either end; most values have none, and they are returned as they are.
    static func trimmed(_ string: String) -> String {
        let utf8 = string.utf8
        guard let first = utf8.first, let last = utf8.last else { return string }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) || byte >= 0x80 }
        guard isSpace(first) || isSpace(last) else { return string }
        return string.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

private struct Envelope: Decodable {
    struct Fault: Decodable {
        let message: Scalar
        let errorCode: Scalar
    }
    struct BoxOfficeResult: Decodable {
        let dailyBoxOfficeList: [RawChartRow]?
    }
    struct MovieInfoResult: Decodable {
        let movieInfo: RawMovieInfo?
    }
    let faultInfo: Fault?
    let boxOfficeResult: BoxOfficeResult?
    let movieInfoResult: MovieInfoResult?
}

/// A chart row's fields as KOBIS sends them; decoding named fields is much cheaper than a dictionary.
private struct RawChartRow: Decodable {
    let rank, rankInten, rankOldAndNew, movieCd, movieNm, openDt: Scalar?
    let salesAmt, salesShare, salesInten, salesChange, salesAcc: Scalar?
    let audiCnt, audiInten, audiChange, audiAcc, scrnCnt, showCnt: Scalar?
}

/// Movie info mixes scalars and arrays of objects; both are kept by key.
private struct RawMovieInfo: Decodable {
    var scalars: [String: Scalar] = [:]
    var lists: [String: [[String: Scalar]]] = [:]

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        for key in container.allKeys {
            if let list = try? container.decode([[String: Scalar]].self, forKey: key) {
                lists[key.stringValue] = list
            } else if let scalar = try? container.decode(Scalar.self, forKey: key) {
                scalars[key.stringValue] = scalar
            }
        }
    }
}

/// Lenient number parsing that names the row and field when it fails.
private struct Fields {
    let label: String

    /// Whole numbers: blank or missing is 0; thousands separators are tolerated; anything else is malformed.
    func int64(_ scalar: Scalar?, _ key: String, required: Bool = false) throws(MalformedBody) -> Int64 {
        let raw = scalar?.text ?? ""
        if let value = Int64(raw) { return value }
        if raw.isEmpty {
            if required { throw MalformedBody("\(label) has no \(key)") }
            return 0
        }
        let digits = raw.contains(",") ? raw.replacingOccurrences(of: ",", with: "") : raw
        if let value = Int64(digits) { return value }
        if let value = Double(digits), value.isFinite, value == value.rounded(), abs(value) < 9e18 { return Int64(value) }
        throw MalformedBody("\(label) has a \(key) that is not a whole number")
    }

    func optionalInt(_ scalar: Scalar?, _ key: String) throws(MalformedBody) -> Int? {
        (scalar?.text ?? "").isEmpty ? nil : Int(clamping: try int64(scalar, key))
    }

    /// Decimals written as "100", "100.0" or "-13"; blank is 0.
    func decimal(_ scalar: Scalar?, _ key: String) throws(MalformedBody) -> Double {
        let raw = scalar?.text ?? ""
        if raw.isEmpty { return 0 }
        let digits = raw.contains(",") ? raw.replacingOccurrences(of: ",", with: "") : raw
        guard let value = Double(digits), value.isFinite else {
            throw MalformedBody("\(label) has a \(key) that is not a number")
        }
        return value
    }
}

/// A movie-info object's fields by key, with the same lenient accessors.
private struct Row {
    let fields: [String: Scalar]
    let label: String

    func text(_ key: String) -> String { fields[key]?.text ?? "" }
    func optionalInt(_ key: String) throws(MalformedBody) -> Int? { try Fields(label: label).optionalInt(fields[key], key) }
    func day(_ key: String) -> Day? { Day(lenient: text(key)) }
}
