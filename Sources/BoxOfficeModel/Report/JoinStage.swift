import Foundation

/// Joins daily charts with movie info: per-film totals and per-day rows. Pure and synchronous.
package enum JoinStage {
    /// What the films table is built from: a chart and the days it covers (one day for a daily
    /// chart, a week, weekend or weekdays for a period chart).
    package struct Slot: Sendable {
        package var start: Day
        package var end: Day
        package var entries: [ChartEntry]

        package init(start: Day, end: Day, entries: [ChartEntry]) {
            self.start = start
            self.end = end
            self.entries = entries
        }
    }

    /// One entry per film that appears in `charts`, unranked (rank 0), in order of first appearance.
    package static func films(charts: [DailyChart], movies: [String: MovieInfo], matches: [String: TMDBMatch] = [:]) -> [FilmRanking] {
        films(slots: charts.map { Slot(start: $0.date, end: $0.date, entries: $0.entries) }, movies: movies, matches: matches)
    }

    /// One entry per film that appears in `slots`, unranked (rank 0), in order of first appearance.
    /// For period charts, `daysOnChart` counts periods and the totals are KOBIS's period totals.
    package static func films(slots: [Slot], movies: [String: MovieInfo], matches: [String: TMDBMatch] = [:]) -> [FilmRanking] {
        let sorted = slots.sorted(by: { $0.start < $1.start })
        // Each film's rows as positions in `sorted`, in order: a row's fields are read where they
        // are. Grouping copies of the rows (each entry's strings retained, then released) and
        // summing them through `map` and `reduce` copies was most of the 45 ms this took for a
        // twenty-year report, on the one core the films' side of the build has (`perf`).
        var order: [String] = []
        var rowsByFilm: [String: [RowPosition]] = [:]
        var chartedAudience: Int64 = 0
        for slot in sorted.indices {
            for index in sorted[slot].entries.indices {
                chartedAudience += sorted[slot].entries[index].audience
                var isNew = false
                appending(RowPosition(slot: slot, index: index), to: &rowsByFilm[sorted[slot].entries[index].movieCode, default: []], new: &isNew)
                if isNew { order.append(sorted[slot].entries[index].movieCode) }
            }
        }
        return order.map { code in
            let rows = rowsByFilm[code]!
            var audience: Int64 = 0, sales: Int64 = 0, screens: Int64 = 0
            var chartTitle: String?
            var openDate: Day?
            var bestRank = Int.max
            var days = 0
            for (position, row) in rows.enumerated() {
                let slot = sorted[row.slot]
                audience += slot.entries[row.index].audience
                sales += slot.entries[row.index].sales
                screens += slot.entries[row.index].screens
                bestRank = min(bestRank, slot.entries[row.index].rank)
                if !slot.entries[row.index].title.isEmpty { chartTitle = slot.entries[row.index].title }
                if let date = slot.entries[row.index].openDate { openDate = date }
                // The slots are in date order: a film's rows of one date are side by side.
                if position == 0 || sorted[rows[position - 1].slot].start != slot.start { days += 1 }
            }
            let first = sorted[rows[0].slot].entries[rows[0].index]
            let lastRow = rows[rows.count - 1]
            let last = sorted[lastRow.slot].entries[lastRow.index]
            let info = movies[code]
            let span = firstToLast(first: first, last: last, chartedAudience: audience, chartedSales: sales)
            return FilmRanking(
                rank: 0,
                movieCode: code,
                title: chartTitle ?? info?.title ?? "",
                titleEnglish: info?.titleEnglish ?? "",
                openDate: openDate ?? info?.openDate,
                daysOnChart: days,
                bestRank: bestRank,
                firstChartDate: sorted[rows[0].slot].start,
                lastChartDate: sorted[lastRow.slot].end,
                audience: audience,
                sales: sales,
                audienceSharePercent: percent(audience, of: chartedAudience),
                audienceFirstToLast: span.audience,
                salesFirstToLast: span.sales,
                firstToLastMethod: span.fromCumulative ? .cumulative : .chartedSum,
                audienceCumulative: last.audienceCumulative,
                salesCumulative: last.salesCumulative,
                audiencePerScreen: ratio(audience, screens),
                hasMovieInfo: info != nil,
                nations: info?.nations ?? [],
                genres: info?.genres ?? [],
                directors: info?.directors.map(\.name) ?? [],
                distributors: info?.distributors ?? [],
                distributorCompanies: info?.distributorCompanies ?? [],
                watchGrade: info?.watchGrades.last,
                runtimeMinutes: info?.runtimeMinutes,
                tmdbMatch: matches[code]?.confidence,
                tmdb: matches[code].flatMap { match in match.confidence == .none ? nil : match.details.map(FilmTMDB.init) },
                tmdbReason: matches[code]?.how
            )
        }
    }

    /// Where a film's row is: its slot, and its place among the slot's entries.
    private struct RowPosition {
        let slot: Int
        let index: Int
    }

    /// Appends `row` to a film's rows, found in the dictionary once; `new` when they were none.
    private static func appending(_ row: RowPosition, to rows: inout [RowPosition], new: inout Bool) {
        new = rows.isEmpty
        rows.append(row)
    }

    /// Every chart as a day of the report, with audience per screen, days since opening and the
    /// comparisons: %± LW against the chart a week earlier, screens against the day before, both
    /// looked up among `charts` and `history` (charts outside the range).
    ///
    /// A merged (deeper) chart's rank changes are its own: against the previous day's merged chart
    /// when that is at hand, else unknown (nil).
    package static func days(charts: [DailyChart], history: [Day: DailyChart] = [:]) -> [DayReport] {
        var all = history
        for chart in charts { all[chart.date] = chart }
        return charts.sorted { $0.date < $1.date }.map { chart in
            let merged = chart.depth != .top10
            let dayBefore = all[chart.date - 1]
            let lastWeek = all[chart.date - 7]
            let before = dayBefore.flatMap {
                $0.depth == chart.depth ? Dictionary($0.entries.map { ($0.movieCode, $0.rank) }, uniquingKeysWith: min) : nil
            }
            var day = DayReport(
                date: chart.date,
                audience: chart.entries.reduce(0) { $0 + $1.audience },
                sales: chart.entries.reduce(0) { $0 + $1.sales },
                entries: chart.entries.map { entry in
                    var row = Self.entry(entry, asOf: chart.date)
                    if merged {
                        row.rankChange = before.map { ranks in ranks[entry.movieCode].map { $0 - entry.rank } ?? 0 }
                        row.rankExact = entry.rank <= chart.exactThroughRank
                    }
                    compare(&row, lastWeek: lastWeek, before: dayBefore)
                    return row
                }
            )
            day.depth = chart.depth
            day.exactThroughRank = chart.exactThroughRank
            day.holiday = KoreanHolidays.holiday(on: chart.date)
            if let earlier = all[YearEarlier.sameDate(chart.date)], !chart.entries.isEmpty {
                day.lastYear = YearEarlier(charted: earlier.entries, start: earlier.date, end: earlier.date, comparedWith: (day.audience, day.sales))
            }
            if let holiday = KoreanHolidays.sameHolidayLastYear(chart.date), let earlier = all[holiday], !chart.entries.isEmpty {
                day.holidayLastYear = YearEarlier(charted: earlier.entries, start: holiday, end: holiday, comparedWith: (day.audience, day.sales))
            }
            if let market = DayReport.marketEstimate(day.entries) {
                day.estimatedMarketSales = market.sales
                day.chartedSalesSharePercent = market.chartedShare
            }
            return day
        }
    }

    /// Fills a row's %± LW from the chart a week earlier and its screens change from the chart
    /// before it, each when the film is on that chart.
    static func compare(_ row: inout DayEntry, lastWeek: DailyChart?, before: DailyChart?) {
        // The rows are found by index and read in place, not copied out of their charts.
        let code = row.movieCode
        if let lastWeek, let then = lastWeek.entries.firstIndex(where: { $0.movieCode == code }) {
            row.audienceLastWeek = lastWeek.entries[then].audience
            row.audienceChangeLastWeekPercent = RunFacts.change(row.audience, from: lastWeek.entries[then].audience)
        }
        if let before, let then = before.entries.firstIndex(where: { $0.movieCode == code }) {
            row.screensChange = row.screens - before.entries[then].screens
        }
    }

    /// A chart row as the report shows it, its age counted to `date`.
    static func entry(_ entry: ChartEntry, asOf date: Day) -> DayEntry {
        DayEntry(
            rank: entry.rank,
            rankChange: entry.rankChange,
            isNew: entry.isNew,
            movieCode: entry.movieCode,
            title: entry.title,
            openDate: entry.openDate,
            dayOfRelease: entry.openDate.map { Milestone.dayOfRelease($0, on: date) },
            audience: entry.audience,
            audienceChange: entry.audienceChange,
            audienceChangePercent: entry.audienceChangePercent,
            audienceCumulative: entry.audienceCumulative,
            sales: entry.sales,
            salesSharePercent: entry.salesShare,
            salesChange: entry.salesChange,
            salesChangePercent: entry.salesChangePercent,
            salesCumulative: entry.salesCumulative,
            screens: entry.screens,
            showings: entry.showings,
            audiencePerScreen: ratio(entry.audience, entry.screens),
            audiencePerShowing: ratio(entry.audience, entry.showings),
            averageTicketPrice: wholeRatio(entry.sales, entry.audience),
            partition: entry.partition
        )
    }

    /// What a film sold from its first to its last chart day in the range, off-chart days between
    /// included: the cumulative on the last day minus the cumulative on the first, plus the first
    /// day's own figures. When the cumulatives cannot be trusted for it (missing, or adding up to
    /// less than the charted days alone), the charted sums, and `fromCumulative` false.
    static func firstToLast(
        first: ChartEntry, last: ChartEntry, chartedAudience: Int64, chartedSales: Int64
    ) -> (
        audience: Int64, sales: Int64, fromCumulative: Bool
    ) {
        let audience = last.audienceCumulative - first.audienceCumulative + first.audience
        let sales = last.salesCumulative - first.salesCumulative + first.sales
        guard first.audienceCumulative >= first.audience, first.salesCumulative >= first.sales,
            audience >= chartedAudience, sales >= chartedSales
        else { return (chartedAudience, chartedSales, false) }
        return (audience, sales, true)
    }

    /// A percentage rounded to two decimals; 0 when the whole is 0.
    package static func percent(_ part: Int64, of whole: Int64) -> Double {
        whole == 0 ? 0 : (Double(part) * 10_000 / Double(whole)).rounded() / 100
    }

    /// A ratio rounded to a whole number (won per admission, admissions per won of price); nil when
    /// the divisor is 0.
    static func wholeRatio(_ numerator: Int64, _ denominator: Int64) -> Int64? {
        denominator == 0 ? nil : Int64((Double(numerator) / Double(denominator)).rounded())
    }

    /// A ratio rounded to one decimal; nil when the divisor is 0.
    static func ratio(_ numerator: Int64, _ denominator: Int64) -> Double? {
        denominator == 0 ? nil : (Double(numerator) * 10 / Double(denominator)).rounded() / 10
    }
}
