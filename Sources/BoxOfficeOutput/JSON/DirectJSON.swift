import BoxOfficeModel
import Foundation

/// A type whose JSON ``PrettyJSONEncoder/Writer`` writes straight from its fields, in the order
/// of a table made once, without asking `encode(to:)` for a tree first: the same bytes, for the
/// report's most numerous objects (days, periods, their chart rows, and films).
///
/// Why: a twenty-year report has 84,000 chart rows (`DayEntry`) of 20-odd fields in 8,400 days.
/// Through `Codable` each field became a `Node` (a class per object, an array of keys and one of
/// values, a `Path` per nested value), and the tree was then walked and its keys' order looked up:
/// 0.55 s of the run's 3.1 s CPU and the data lane's last 0.5 s (`perf` on the release binary).
///
/// `JSONField` names the keys again beside `CodingKeys`, and `jsonValue(_:)` switches over all of
/// them, so the compiler holds the two together; `DirectJSONTests` holds every such type to
/// `JSONEncoder`'s bytes with every optional field set and with none, and counts its stored
/// properties, so a field added to the model and not here fails a test.
protocol DirectJSONObject: Encodable {
    associatedtype JSONField: RawRepresentable<String>, CaseIterable, Sendable
    /// The keys in JSONEncoder's order, made once.
    static var jsonTable: PrettyJSONEncoder.FieldTable<JSONField> { get }
    /// A field's value; `.nested` for one ``writeNested(_:to:)`` writes.
    func jsonValue(_ field: JSONField) -> PrettyJSONEncoder.FieldValue
    /// Writes a field `jsonValue(_:)` called `.nested`, at the writer's level.
    func writeNested(_ field: JSONField, to writer: inout PrettyJSONEncoder.Writer) throws
}

extension DirectJSONObject {
    /// An object with no nested fields writes none.
    func writeNested(_ field: JSONField, to writer: inout PrettyJSONEncoder.Writer) throws {}
}

extension PrettyJSONEncoder {
    /// One field's value, as a ``DirectJSONObject`` reads it.
    enum FieldValue {
        /// Left out, as `encodeIfPresent` leaves out a nil.
        case absent
        case integer(Int64)
        case double(Double)
        case string(String)
        /// A date, written as its ISO text (which needs no escaping).
        case day(Day)
        case bool(Bool)
        /// An object or list: ``DirectJSONObject/writeNested(_:to:)`` writes it.
        case nested

        // An optional field: its value, or `absent` for nil.
        static func maybe(_ value: Int64?) -> FieldValue { value.map { .integer($0) } ?? .absent }
        static func maybe(_ value: Int?) -> FieldValue { value.map { .integer(Int64($0)) } ?? .absent }
        static func maybe(_ value: Double?) -> FieldValue { value.map { .double($0) } ?? .absent }
        static func maybe(_ value: Bool?) -> FieldValue { value.map { .bool($0) } ?? .absent }
        static func maybe(_ value: Day?) -> FieldValue { value.map { .day($0) } ?? .absent }
        static func maybe(nested value: (some Any)?) -> FieldValue { value == nil ? .absent : .nested }
    }

    /// A type's fields in JSONEncoder's key order (by UTF-8 bytes), and each key as written
    /// (`"key" : `), all in one buffer.
    struct FieldTable<Field: RawRepresentable<String> & CaseIterable & Sendable>: Sendable {
        let order: [Field]
        let prefixes: [UInt8]
        let prefixEnds: [Int]

        init() {
            order = Field.allCases.sorted { Writer.precedes($0.rawValue, $1.rawValue) }
            var key = Writer(level: 0)
            var ends: [Int] = []
            for field in order {
                key.writeString(field.rawValue)
                key.bytes += [0x20, UInt8(ascii: ":"), 0x20]
                ends.append(key.bytes.count)
            }
            prefixes = key.bytes
            prefixEnds = ends
        }
    }
}

extension PrettyJSONEncoder.Writer {
    /// Writes `value` from its fields, as ``writeObject(_:)`` writes the tree `encode(to:)` builds.
    mutating func writeFields<Value: DirectJSONObject>(_ value: Value) throws {
        let table = Value.jsonTable
        bytes.append(UInt8(ascii: "{"))
        bytes.append(UInt8(ascii: "\n"))
        level += 1
        try table.prefixes.withUnsafeBufferPointer { prefixes in
            var first = true
            var start = 0
            for (position, field) in table.order.enumerated() {
                let end = table.prefixEnds[position]
                defer { start = end }
                let fieldValue = value.jsonValue(field)
                if case .absent = fieldValue { continue }
                if !first { bytes.append(UInt8(ascii: ",")); bytes.append(UInt8(ascii: "\n")) }
                first = false
                indent()
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: prefixes[start..<end]))
                switch fieldValue {
                case .absent: break
                case .integer(let number): writeInteger(number)
                case .double(let number):
                    guard number.isFinite else {
                        _ = try PrettyJSONEncoder.Node.double(number, path: nil, key: PrettyJSONEncoder.NamedKey(field.rawValue))
                        break
                    }
                    writeDouble(number)
                case .string(let text): writeString(text)
                case .day(let day):
                    bytes.append(UInt8(ascii: "\""))
                    day.appendISO(to: &bytes)
                    bytes.append(UInt8(ascii: "\""))
                case .bool(let flag): bytes.append(contentsOf: flag ? Self.trueBytes : Self.falseBytes)
                case .nested: try value.writeNested(field, to: &self)
                }
            }
        }
        bytes.append(UInt8(ascii: "\n"))
        level -= 1
        indent()
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes a list of such objects, as ``writeArray(_:)`` writes a list.
    mutating func writeList<Element: DirectJSONObject>(_ list: [Element]) throws {
        try writeElements(of: list) { writer, element in try writer.writeFields(element) }
    }
}

extension PrettyJSONEncoder {
    /// A key named by its string, for the coding path of a value JSON cannot hold.
    struct NamedKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension DayEntry: DirectJSONObject {
    enum JSONField: String, CaseIterable, Sendable {
        case rank, rankChange = "rank_change", isNew = "is_new", movieCode = "movie_cd", title, openDate = "open_date"
        case daysSinceOpen = "days_since_open", audience, audienceChange = "audience_change"
        case audienceChangePercent = "audience_change_pct", audienceCumulative = "audience_cumulative", sales
        case salesSharePercent = "sales_share_pct", salesChange = "sales_change", salesChangePercent = "sales_change_pct"
        case salesCumulative = "sales_cumulative", screens, showings, audiencePerScreen = "audience_per_screen"
        case audiencePerShowing = "audience_per_showing", averageTicketPrice = "average_ticket_price", partition
        case audienceLastWeek = "audience_last_week", audienceChangeLastWeekPercent = "audience_change_lw_pct", watched
        case screensChange = "screens_change", rankExact = "rank_exact"
    }

    static let jsonTable = PrettyJSONEncoder.FieldTable<JSONField>()

    func jsonValue(_ field: JSONField) -> PrettyJSONEncoder.FieldValue {
        switch field {
        case .rank: .integer(Int64(rank))
        case .rankChange: .maybe(rankChange)
        case .isNew: .bool(isNew)
        case .movieCode: .string(movieCode)
        case .title: .string(title)
        case .openDate: .maybe(openDate)
        case .daysSinceOpen: .maybe(daysSinceOpen)
        case .audience: .integer(audience)
        case .audienceChange: .integer(audienceChange)
        case .audienceChangePercent: .double(audienceChangePercent)
        case .audienceCumulative: .integer(audienceCumulative)
        case .sales: .integer(sales)
        case .salesSharePercent: .double(salesSharePercent)
        case .salesChange: .integer(salesChange)
        case .salesChangePercent: .double(salesChangePercent)
        case .salesCumulative: .integer(salesCumulative)
        case .screens: .integer(screens)
        case .showings: .integer(showings)
        case .audiencePerScreen: .maybe(audiencePerScreen)
        case .audiencePerShowing: .maybe(audiencePerShowing)
        case .averageTicketPrice: .maybe(averageTicketPrice)
        case .partition: partition.map { .string($0.rawValue) } ?? .absent
        case .audienceLastWeek: .maybe(audienceLastWeek)
        case .audienceChangeLastWeekPercent: .maybe(audienceChangeLastWeekPercent)
        case .watched: .maybe(watched)
        case .screensChange: .maybe(screensChange)
        case .rankExact: .maybe(rankExact)
        }
    }
}

extension DayReport: DirectJSONObject {
    enum JSONField: String, CaseIterable, Sendable {
        case date, audience = "charted_audience", sales = "charted_sales", entries, provisional
        case estimatedMarketSales = "estimated_market_sales", chartedSalesSharePercent = "charted_sales_share_pct", depth
        case exactThroughRank = "exact_through_rank", holiday, lastYear = "last_year", holidayLastYear = "holiday_last_year"
        case yearToDate = "year_to_date"
    }

    static let jsonTable = PrettyJSONEncoder.FieldTable<JSONField>()

    func jsonValue(_ field: JSONField) -> PrettyJSONEncoder.FieldValue {
        switch field {
        case .date: .day(date)
        case .audience: .integer(audience)
        case .sales: .integer(sales)
        case .entries: .nested
        case .provisional: .bool(provisional)
        case .estimatedMarketSales: .maybe(estimatedMarketSales)
        case .chartedSalesSharePercent: .maybe(chartedSalesSharePercent)
        case .depth: .integer(Int64(depth.rawValue))
        case .exactThroughRank: .integer(Int64(exactThroughRank))
        case .holiday: .maybe(nested: holiday)
        case .lastYear: .maybe(nested: lastYear)
        case .holidayLastYear: .maybe(nested: holidayLastYear)
        case .yearToDate: .maybe(nested: yearToDate)
        }
    }

    func writeNested(_ field: JSONField, to writer: inout PrettyJSONEncoder.Writer) throws {
        switch field {
        case .entries: try writer.writeList(entries)
        case .holiday: if let holiday { try PrettyJSONEncoder.append(holiday, to: &writer) }
        case .lastYear: if let lastYear { try writer.writeFields(lastYear) }
        case .holidayLastYear: if let holidayLastYear { try writer.writeFields(holidayLastYear) }
        case .yearToDate: if let yearToDate { try writer.writeFields(yearToDate) }
        default: break
        }
    }
}

extension FilmRanking: DirectJSONObject {
    enum JSONField: String, CaseIterable, Sendable {
        case rank, movieCode = "movie_cd", title, titleEnglish = "title_en", openDate = "open_date", daysOnChart = "days_on_chart"
        case bestRank = "best_rank", firstChartDate = "first_chart_date", lastChartDate = "last_chart_date", audience, sales
        case audienceSharePercent = "audience_share_pct", audienceFirstToLast = "audience_first_to_last"
        case salesFirstToLast = "sales_first_to_last", firstToLastMethod = "first_to_last_method"
        case audienceCumulative = "audience_cumulative", salesCumulative = "sales_cumulative", audiencePerScreen = "audience_per_screen"
        case hasMovieInfo = "has_movie_info", nations, genres, directors, distributors = "distributor", watchGrade = "watch_grade"
        case runtimeMinutes = "runtime_min", tmdbMatch = "tmdb_match", tmdb, tmdbReason = "tmdb_reason"
        case audienceLastWeek = "audience_last_week", audienceChangeLastWeekPercent = "audience_change_lw_pct"
        case daysAtNumberOne = "days_at_number_one", numberOneStreak = "number_one_streak", milestones
        case openingDay = "opening_day", openingWeekend = "opening_weekend", bestDay = "best_day", daysInRelease = "days_in_release"
        case watched
    }

    static let jsonTable = PrettyJSONEncoder.FieldTable<JSONField>()

    func jsonValue(_ field: JSONField) -> PrettyJSONEncoder.FieldValue {
        switch field {
        case .rank: .integer(Int64(rank))
        case .movieCode: .string(movieCode)
        case .title: .string(title)
        case .titleEnglish: .string(titleEnglish)
        case .openDate: .maybe(openDate)
        case .daysOnChart: .integer(Int64(daysOnChart))
        case .bestRank: .integer(Int64(bestRank))
        case .firstChartDate: .day(firstChartDate)
        case .lastChartDate: .day(lastChartDate)
        case .audience: .integer(audience)
        case .sales: .integer(sales)
        case .audienceSharePercent: .double(audienceSharePercent)
        case .audienceFirstToLast: .integer(audienceFirstToLast)
        case .salesFirstToLast: .integer(salesFirstToLast)
        case .firstToLastMethod: .string(firstToLastMethod.rawValue)
        case .audienceCumulative: .integer(audienceCumulative)
        case .salesCumulative: .integer(salesCumulative)
        case .audiencePerScreen: .maybe(audiencePerScreen)
        case .hasMovieInfo: .bool(hasMovieInfo)
        case .nations, .genres, .directors, .distributors, .milestones: .nested
        case .watchGrade: watchGrade.map { .string($0) } ?? .absent
        case .runtimeMinutes: .maybe(runtimeMinutes)
        case .tmdbMatch: tmdbMatch.map { .string($0.rawValue) } ?? .absent
        case .tmdb: .maybe(nested: tmdb)
        case .tmdbReason: tmdbReason.map { .string($0) } ?? .absent
        case .audienceLastWeek: .maybe(audienceLastWeek)
        case .audienceChangeLastWeekPercent: .maybe(audienceChangeLastWeekPercent)
        case .daysAtNumberOne: .integer(Int64(daysAtNumberOne))
        case .numberOneStreak: .maybe(nested: numberOneStreak)
        case .openingDay: .maybe(nested: openingDay)
        case .openingWeekend: .maybe(nested: openingWeekend)
        case .bestDay: .maybe(nested: bestDay)
        case .daysInRelease: .maybe(daysInRelease)
        case .watched: .maybe(watched)
        }
    }

    func writeNested(_ field: JSONField, to writer: inout PrettyJSONEncoder.Writer) throws {
        switch field {
        // All but TMDB's entry from their fields: 3,700 films' lists and run figures through
        // `encode(to:)` were a tenth of a twenty-year JSON's CPU.
        case .nations: writer.writeElements(of: nations) { writer, text in writer.writeString(text) }
        case .genres: writer.writeElements(of: genres) { writer, text in writer.writeString(text) }
        case .directors: writer.writeElements(of: directors) { writer, text in writer.writeString(text) }
        case .distributors: writer.writeElements(of: distributors) { writer, text in writer.writeString(text) }
        case .milestones: try writer.writeList(milestones)
        case .tmdb: if let tmdb { try PrettyJSONEncoder.append(tmdb, to: &writer) }
        case .numberOneStreak: if let numberOneStreak { try writer.writeFields(numberOneStreak) }
        case .openingDay: if let openingDay { try writer.writeFields(openingDay) }
        case .openingWeekend: if let openingWeekend { try writer.writeFields(openingWeekend) }
        case .bestDay: if let bestDay { try writer.writeFields(bestDay) }
        default: break
        }
    }
}

extension PeriodReport: DirectJSONObject {
    enum JSONField: String, CaseIterable, Sendable {
        case kind, start, end, isoWeek = "iso_week", provisional, audience = "charted_audience", sales = "charted_sales"
        case audienceChangePercent = "audience_change_pct", salesChangePercent = "sales_change_pct"
        case estimatedMarketSales = "estimated_market_sales", chartedSalesSharePercent = "charted_sales_share_pct"
        case entries, lastYear = "last_year"
    }

    static let jsonTable = PrettyJSONEncoder.FieldTable<JSONField>()

    func jsonValue(_ field: JSONField) -> PrettyJSONEncoder.FieldValue {
        switch field {
        case .kind: .string(kind.rawValue)
        case .start: .day(start)
        case .end: .day(end)
        case .isoWeek: .string(isoWeek)
        case .provisional: .bool(provisional)
        case .audience: .integer(audience)
        case .sales: .integer(sales)
        case .audienceChangePercent: .maybe(audienceChangePercent)
        case .salesChangePercent: .maybe(salesChangePercent)
        case .estimatedMarketSales: .maybe(estimatedMarketSales)
        case .chartedSalesSharePercent: .maybe(chartedSalesSharePercent)
        case .entries: .nested
        case .lastYear: .maybe(nested: lastYear)
        }
    }

    func writeNested(_ field: JSONField, to writer: inout PrettyJSONEncoder.Writer) throws {
        switch field {
        case .entries: try writer.writeList(entries)
        case .lastYear: if let lastYear { try writer.writeFields(lastYear) }
        default: break
        }
    }
}

// A twenty-year report's days hold 7,300 of each: through `encode(to:)` and a tree of nodes they
// were a quarter of the JSON's CPU.
extension YearEarlier: DirectJSONObject {
    enum JSONField: String, CaseIterable, Sendable {
        case start, end, chartedAudience = "charted_audience", chartedSales = "charted_sales"
        case audienceChangePercent = "charted_audience_change_pct", salesChangePercent = "charted_sales_change_pct"
    }

    static let jsonTable = PrettyJSONEncoder.FieldTable<JSONField>()

    func jsonValue(_ field: JSONField) -> PrettyJSONEncoder.FieldValue {
        switch field {
        case .start: .day(start)
        case .end: .day(end)
        case .chartedAudience: .integer(chartedAudience)
        case .chartedSales: .integer(chartedSales)
        case .audienceChangePercent: .maybe(audienceChangePercent)
        case .salesChangePercent: .maybe(salesChangePercent)
        }
    }
}

extension YearToDate: DirectJSONObject {
    enum JSONField: String, CaseIterable, Sendable {
        case start, end, chartedAudience = "charted_audience", chartedSales = "charted_sales", lastYear = "last_year"
    }

    static let jsonTable = PrettyJSONEncoder.FieldTable<JSONField>()

    func jsonValue(_ field: JSONField) -> PrettyJSONEncoder.FieldValue {
        switch field {
        case .start: .day(start)
        case .end: .day(end)
        case .chartedAudience: .integer(chartedAudience)
        case .chartedSales: .integer(chartedSales)
        case .lastYear: .nested
        }
    }

    func writeNested(_ field: JSONField, to writer: inout PrettyJSONEncoder.Writer) throws {
        if field == .lastYear { try writer.writeFields(lastYear) }
    }
}

extension Milestone: DirectJSONObject {
    enum JSONField: String, CaseIterable, Sendable {
        case threshold, date, dayOfRelease = "day_of_release", earliestDate = "earliest_date"
    }

    static let jsonTable = PrettyJSONEncoder.FieldTable<JSONField>()

    func jsonValue(_ field: JSONField) -> PrettyJSONEncoder.FieldValue {
        switch field {
        case .threshold: .integer(threshold)
        case .date: .day(date)
        case .dayOfRelease: .maybe(dayOfRelease)
        case .earliestDate: .maybe(earliestDate)
        }
    }
}

extension RunFigure: DirectJSONObject {
    enum JSONField: String, CaseIterable, Sendable {
        case start, end, audience, sales, rank
    }

    static let jsonTable = PrettyJSONEncoder.FieldTable<JSONField>()

    func jsonValue(_ field: JSONField) -> PrettyJSONEncoder.FieldValue {
        switch field {
        case .start: .day(start)
        case .end: .day(end)
        case .audience: .integer(audience)
        case .sales: .integer(sales)
        case .rank: .maybe(rank)
        }
    }
}

extension Streak: DirectJSONObject {
    enum JSONField: String, CaseIterable, Sendable {
        case movieCode = "movie_cd", start, end, length, atLeast = "at_least"
    }

    static let jsonTable = PrettyJSONEncoder.FieldTable<JSONField>()

    func jsonValue(_ field: JSONField) -> PrettyJSONEncoder.FieldValue {
        switch field {
        case .movieCode: .string(movieCode)
        case .start: .day(start)
        case .end: .day(end)
        case .length: .integer(Int64(length))
        case .atLeast: .bool(atLeast)
        }
    }
}
