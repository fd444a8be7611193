import BoxOfficeModel
import Foundation

/// Each cached daily top 10's totals (charted audience and sales, and its biggest opening), kept beside the cache in one
/// small file a year, so a figure over a year of charts (the year to date) reads two files and
/// stats each chart instead of reading and decoding every chart.
///
/// Measured (`boxoffice-bench compare`, month workload at the end of October, 7 paired runs):
/// reading and decoding the ~600 cached charts of both years' spans made a month's report
/// 1.37–1.41× slower, in chunks on every core or one by one. An entry keeps the chart file's
/// stamp (modification time and size, ``ResponseCache/stamp(_:)``) from when it was read: a chart
/// written again (a provisional day re-fetched, `--refresh`) no longer matches and is read afresh,
/// so the index never holds a figure the cache has replaced.
///
/// The files (`kobis/totals/<filters>/<yyyy>-v4.txt`, one `yyyyMMdd stamp audience sales code opening films crossings screens`
/// line a day, `screens` the most screens a charted film had that day (v4, for KOFIC's ten-year
/// table; the `-v3` files before it had no such field and are not read), `code opening` the day's biggest opening or `- 0`, `films` every charted film with
/// its cumulative and its admissions that day as `code:cumulative:audience` joined by commas (the
/// `-v2` files before it had no admissions, and the `<yyyy>.txt` ones only the films at 1,000만
/// or more; neither is read), `crossings` the 100만 steps passed that day
/// as `threshold:code:day-of-release`, each list `-` when empty,
/// behind the cache's header and checksum) are derived data: an `--offline` run may update them,
/// a damaged one is read as empty, and one that cannot be written is simply not kept.
package final class DailyTotalsIndex {
    package struct Totals: Sendable, Equatable {
        package var audience: Int64
        package var sales: Int64
        /// The day's biggest opening: the film charted on its own open date with the most admissions.
        package var opening: Opening? = nil
        /// Every charted film with its cumulative and its admissions that day: the lifetimes the
        /// cache holds (``FilmLadder``) and a distributor's charted year (`company`), found without
        /// reading every chart. Read from an index line only when
        /// asked: a report's year to date reads two years of lines and needs none of them (parsing
        /// them all as each line was read made a warm month's report 1.09× the CPU, 15 paired runs).
        package var films: [Hit] { storedFilms ?? Self.films(in: filmsText) }
        private var storedFilms: [Hit]?
        /// The line's `films` field, as written (``films(in:)``).
        private var filmsText: Substring = "-"
        /// The charted films whose cumulative that day is ``FilmPace/threshold`` or more: the films
        /// that went on to 1,000만 (``FilmPace``).
        package var hits: [Hit] { films.filter { $0.cumulative >= FilmPace.threshold } }
        /// The 100만 steps films passed that day: "the year's fastest to 300만 so far".
        package var crossings: [MilestoneCrossing] = []
        /// The most screens a charted film had that day: the charts' peak, a floor of the screens
        /// Korea had (a screen shows several films a day; KOBIS's API has no count of screens).
        package var screens: Int64 = 0

        package init(
            audience: Int64, sales: Int64, opening: Opening? = nil, films: [Hit] = [], crossings: [MilestoneCrossing] = [], screens: Int64 = 0
        ) {
            self.screens = screens
            self.audience = audience
            self.sales = sales
            self.opening = opening
            self.storedFilms = films
            self.crossings = crossings
        }

        /// A chart's totals and its biggest opening.
        package init(_ chart: DailyChart) {
            audience = chart.entries.reduce(0) { $0 + $1.audience }
            sales = chart.entries.reduce(0) { $0 + $1.sales }
            opening = chart.entries.filter { $0.openDate == chart.date }.max { ($0.audience, $1.rank) < ($1.audience, $0.rank) }
                .map { Opening(movieCode: $0.movieCode, audience: $0.audience) }
            storedFilms = chart.entries.map { Hit(movieCode: $0.movieCode, cumulative: $0.audienceCumulative, audience: $0.audience) }
            crossings = MilestoneCrossing.of(chart)
            screens = chart.entries.map(\.screens).max() ?? 0
        }

        /// Takes an index line's `films` field, to be read when asked for.
        mutating func read(films text: Substring) {
            storedFilms = nil
            filmsText = text
        }

        /// The films of a `films` field; none when an item is not `code:cumulative:audience`
        /// within the bounds of a cumulative and a day's admissions (``ChartBounds``): a damaged
        /// field says nothing.
        static func films(in text: Substring) -> [Hit] {
            DailyTotalsIndex.list(text, parts: 3) { parts in
                guard let cumulative = Int64(parts[1]), ChartBounds.audienceCumulative.contains(cumulative), let audience = Int64(parts[2]),
                    ChartBounds.audience.contains(audience)
                else { return nil }
                return Hit(movieCode: String(parts[0]), cumulative: cumulative, audience: audience)
            } ?? []
        }
    }

    package struct Hit: Sendable, Equatable {
        package var movieCode: String
        package var cumulative: Int64
        /// Its admissions that day.
        package var audience: Int64

        package init(movieCode: String, cumulative: Int64, audience: Int64 = 0) {
            self.movieCode = movieCode
            self.cumulative = cumulative
            self.audience = audience
        }
    }

    package struct Opening: Sendable, Equatable {
        package var movieCode: String
        package var audience: Int64

        package init(movieCode: String, audience: Int64) {
            self.movieCode = movieCode
            self.audience = audience
        }
    }

    private let cache: ResponseCache
    private let filters: KOBISFilters
    private var years: [Int: [Day: (stamp: String, totals: Totals)]] = [:]
    private var changed: Set<Int> = []

    package init(cache: ResponseCache, filters: KOBISFilters) {
        self.cache = cache
        self.filters = filters
    }

    static func key(year: Int, filters: KOBISFilters) -> String {
        "kobis/totals/\(KOBISCacheKeys.filterFolder(filters))/\(year)-v4.txt"
    }

    /// The day's top-10 totals when the cache holds its chart: from the index while the chart's
    /// file is the one the index read, else from `chart()` (the chart at hand, or read from the
    /// cache), which is then indexed. Nil when the cache holds no chart for the day.
    package func totals(on day: Day, chart: () -> DailyChart?) -> Totals? {
        guard let stamp = cache.stamp(KOBISCacheKeys.chart(day, filters: filters)) else { return nil }
        if years[day.year] == nil { years[day.year] = load(day.year) }
        if let known = years[day.year]?[day], known.stamp == stamp { return known.totals }
        guard let chart = chart() else { return nil }
        let totals = Totals(chart)
        years[day.year, default: [:]][day] = (stamp, totals)
        changed.insert(day.year)
        return totals
    }

    /// Writes the years whose entries changed; a failure leaves the index as it was.
    package func save() {
        for year in changed.sorted() {
            let lines = (years[year] ?? [:]).sorted { $0.key < $1.key }.map { day, entry in
                let opening = entry.totals.opening.map { "\(CacheKeys.safe($0.movieCode)) \($0.audience)" } ?? "- 0"
                let films = Self.field(entry.totals.films) { "\(CacheKeys.safe($0.movieCode)):\($0.cumulative):\($0.audience)" }
                let crossings = Self.field(entry.totals.crossings) { "\($0.threshold):\(CacheKeys.safe($0.movieCode)):\($0.dayOfRelease)" }
                return
                    "\(day.compact) \(entry.stamp) \(entry.totals.audience) \(entry.totals.sales) \(opening) \(films) \(crossings) \(entry.totals.screens)\n"
            }
            try? cache.write(Self.key(year: year, filters: filters), body: Data(lines.joined().utf8), fetchedAt: Date())
        }
        changed.removeAll()
    }

    private func load(_ year: Int) -> [Day: (stamp: String, totals: Totals)] {
        guard let body = cache.read(Self.key(year: year, filters: filters))?.body else { return [:] }
        var entries: [Day: (stamp: String, totals: Totals)] = [:]
        // Split on bytes: splitting by Character (grapheme breaking) made reading a year's
        // index 50,000 instructions a line, 4% of a month's report.
        for line in String(decoding: body, as: UTF8.self).utf8.split(separator: UInt8(ascii: "\n")) {
            // A line of another shape (an older index) is left out: its chart is read again.
            let fields = line.split(separator: UInt8(ascii: " ")).map { Substring($0) }
            // Every figure within what a top 10 of bounded rows can sum to (``ChartBounds``): the
            // index is input like the cache, and a figure past the bounds (Int64.max) would overflow
            // the year's sums. Such a line is unreadable, and its chart is read again.
            guard fields.count == 9, let day = Day(compact: fields[0]), day.year == year,
                let audience = Int64(fields[2]), Self.dayAudience.contains(audience), let sales = Int64(fields[3]), Self.daySales.contains(sales),
                let openingAudience = Int64(fields[5]), ChartBounds.audience.contains(openingAudience)
            else { continue }
            let opening = fields[4] == "-" ? nil : Opening(movieCode: String(fields[4]), audience: openingAudience)
            // A damaged list is a damaged line: its chart is read again. The films are only checked
            // for their characters here, and read when asked for (``Totals/films``).
            guard
                fields[6].utf8.allSatisfy(Self.isListByte),
                let crossings = Self.list(
                    fields[7], parts: 3,
                    { (parts: [Substring]) -> MilestoneCrossing? in
                        guard let threshold = Int64(parts[0]), ChartBounds.audienceCumulative.contains(threshold), let days = Int(parts[2]),
                            Self.daysOfRelease.contains(days)
                        else { return nil }
                        return MilestoneCrossing(threshold: threshold, movieCode: String(parts[1]), dayOfRelease: days)
                    })
            else { continue }
            guard let screens = Int64(fields[8]), ChartBounds.screens.contains(screens) else { continue }
            var totals = Totals(audience: audience, sales: sales, opening: opening, crossings: crossings, screens: screens)
            totals.read(films: fields[6])
            entries[day] = (String(fields[1]), totals)
        }
        return entries
    }

    /// A byte a list field may hold: the codes' (``CacheKeys/safe(_:)``), digits, `:` and `,`.
    static func isListByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
        case UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): true
        default: false
        }
    }

    /// A day's top-10 totals at most: ten rows at their bounds.
    static let dayAudience = 0...(10 * ChartBounds.audience.upperBound)
    static let daySales = 0...(10 * ChartBounds.sales.upperBound)
    /// A film's day of release in a crossing: previews come days before it, runs last years, not centuries.
    static let daysOfRelease = -36_500...36_500

    /// A list field as written: `-` when empty, else each item's `a:b…` joined by commas.
    private static func field<Item>(_ items: [Item], _ item: (Item) -> String) -> String {
        items.isEmpty ? "-" : items.map(item).joined(separator: ",")
    }

    /// A list field as read: empty for `-`; nil when any item does not have `parts` parts or `make` refuses it.
    static func list<Item>(_ field: Substring, parts: Int, _ make: ([Substring]) -> Item?) -> [Item]? {
        guard field != "-" else { return [] }
        var items: [Item] = []
        for text in field.utf8.split(separator: UInt8(ascii: ",")) {
            let split = text.split(separator: UInt8(ascii: ":")).map { Substring($0) }
            guard split.count == parts, let item = make(split) else { return nil }
            items.append(item)
        }
        return items
    }
}
