import BoxOfficeModel

/// The base name of a report's files, the one place that writes it and reads it back:
/// `boxoffice-[sample-][weekly-|weekend-|weekdays-][regions-][top20-|top40-][korean-|foreign-][diversity-|commercial-][areaCODE-](START[_END]|latest)`.
///
/// Every part that changes what a report holds is in its name, so reports of one range in
/// different shapes or with different filters never replace each other, and the index can tell
/// them apart. A file's name is the base followed by its part (``ArchiveIndex/parts``).
package struct ReportFileName: Hashable, Sendable {
    package var sample = false
    package var kind: PeriodKind?
    /// `--regions`: every region's chart beside each period's.
    package var regions = false
    package var depth: ChartDepth = .top10
    package var filters = KOBISFilters()
    /// Nil for the stable `latest` name.
    package var range: DateRange?

    package init(
        sample: Bool = false, kind: PeriodKind? = nil, regions: Bool = false, depth: ChartDepth = .top10, filters: KOBISFilters = .init(),
        range: DateRange?
    ) {
        self.sample = sample
        self.kind = kind
        self.regions = regions
        self.depth = depth
        self.filters = filters
        self.range = range
    }

    /// The name of `report`'s files, or of its `latest` copies.
    package init(_ report: BoxOfficeReport, latest: Bool = false) {
        self.init(
            sample: report.simulated, kind: report.periodKind, regions: report.periods.contains { $0.regions != nil }, depth: report.depth,
            filters: report.filters,
            range: latest ? nil : report.range.dateRange)
    }

    static let prefix = "boxoffice-"

    /// The words for the filters, in a fixed order.
    static func words(_ filters: KOBISFilters) -> [String] {
        var words: [String] = []
        if let nation = filters.nation { words.append(nation.rawValue) }
        if let films = filters.films { words.append(films.rawValue) }
        if let area = filters.area { words.append("area" + area) }
        return words
    }

    package var stem: String {
        var words: [String] = []
        if sample { words.append("sample") }
        if let kind { words.append(kind.optionName) }
        if regions { words.append("regions") }
        if depth != .top10 { words.append("top\(depth.rawValue)") }
        words += Self.words(filters)
        words.append(range?.fileStem ?? "latest")
        return Self.prefix + words.joined(separator: "-")
    }

    /// Reads a stem this type wrote; nil for any other.
    package init?(stem: String) {
        guard stem.hasPrefix(Self.prefix) else { return nil }
        var words = stem.dropFirst(Self.prefix.count).split(separator: "-", omittingEmptySubsequences: false).map(String.init)[...]
        if words.first == "sample" { sample = true; words = words.dropFirst() }
        if let kind = PeriodKind.allCases.first(where: { $0.optionName == words.first }) { self.kind = kind; words = words.dropFirst() }
        if kind != nil, words.first == "regions" { regions = true; words = words.dropFirst() }
        if let depth = ChartDepth.allCases.first(where: { $0 != .top10 && "top\($0.rawValue)" == words.first }) {
            self.depth = depth
            words = words.dropFirst()
        }
        if let nation = KOBISFilters.Nation.allCases.first(where: { $0.rawValue == words.first }) {
            filters.nation = nation
            words = words.dropFirst()
        }
        if let films = KOBISFilters.FilmKind.allCases.first(where: { $0.rawValue == words.first }) {
            filters.films = films
            words = words.dropFirst()
        }
        if let word = words.first, word.hasPrefix("area"), KOBISFilters.isValidArea(String(word.dropFirst(4))) {
            filters.area = String(word.dropFirst(4))
            words = words.dropFirst()
        }
        let rest = words.joined(separator: "-")
        if rest == "latest" {
            range = nil
            return
        }
        let dates = rest.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(dates.count), let start = Day(iso: dates[0]), let end = dates.count == 2 ? Day(iso: dates[1]) : start,
            start <= end
        else { return nil }
        range = DateRange(start: start, end: end)
        // Only the names this type writes: a date range written another way is not one of them.
        guard self.stem == stem else { return nil }
    }
}
