import Foundation

/// The projection replayed on a series of real (or simulated) daily charts: for each film that
/// opened in the series and left the chart a week or more before it ends, the projection made on
/// day 4, 7, 14 and 21 of its release from the charts up to that day alone, against the film's last
/// cumulative in the series (its total while in the top 10, which is where the projection ends).
/// `boxoffice-bench backtest FILE.csv` prints it; the figures are in docs/projections.md.
package struct ProjectionBacktest: Sendable, Equatable {
    package struct Row: Sendable, Equatable {
        package var dayOfRelease: Int
        /// Films measured: at least `minimum` admissions in the series, projected that day.
        package var films: Int
        /// Median of |mid − final| ÷ final, in percent.
        package var medianErrorPercent: Double
        /// How often low ≤ final ≤ high, in percent.
        package var heldPercent: Double
        /// The naive fade's median error, for comparison (``naiveFade(_:charts:asOf:open:)``); nil
        /// before two whole weeks of release.
        package var naiveMedianErrorPercent: Double?
        /// Each film's projection that day against its final total.
        package var cases: [Case] = []
    }

    /// One film's projection on one day of its release, and its last cumulative in the series.
    package struct Case: Sendable, Equatable {
        package var movieCode: String
        package var title: String
        package var final: Int64
        package var low: Int64
        package var mid: Int64
        package var high: Int64
    }

    package var minimum: Int64
    package var rows: [Row]

    package static let days = [4, 7, 14, 21]

    /// Replays `charts` for films that reached `minimum` admissions in them and opened on or after
    /// `openedFrom` (the first chart's day when nil; a later day leaves the charts before it to the
    /// projection's market shape and last year's holidays).
    package static func run(_ charts: [DailyChart], minimum: Int64 = 300_000, days: [Int] = days, openedFrom: Day? = nil) -> ProjectionBacktest {
        let charts = charts.sorted { $0.date < $1.date }
        guard let start = charts.first?.date, let end = charts.last?.date else { return ProjectionBacktest(minimum: minimum, rows: []) }
        let first = max(start, openedFrom ?? start)
        var runs: [String: (open: Day, last: Day, final: Int64, title: String)] = [:]
        for chart in charts {
            for entry in chart.entries {
                guard let open = entry.openDate ?? runs[entry.movieCode]?.open else { continue }
                runs[entry.movieCode] = (open, chart.date, max(entry.audienceCumulative, runs[entry.movieCode]?.final ?? 0), entry.title)
            }
        }
        let films = runs.filter { $0.value.open >= first && $0.value.last <= end - 7 && $0.value.final >= minimum }.sorted { $0.key < $1.key }
        let rows = days.map { day -> Row in
            var errors: [Double] = []
            var naive: [Double] = []
            var held = 0
            var cases: [Case] = []
            for (code, run) in films {
                let asOf = run.open + (day - 1)
                guard let projection = Projection.project(code, charts: charts, asOf: asOf) else { continue }
                let final = Double(run.final)
                errors.append(abs(Double(projection.finalMid) - final) / final)
                cases.append(
                    Case(
                        movieCode: code, title: run.title, final: run.final, low: projection.finalLow, mid: projection.finalMid,
                        high: projection.finalHigh))
                if projection.finalLow <= run.final, run.final <= projection.finalHigh { held += 1 }
                if let guess = naiveFade(code, charts: charts, asOf: asOf, open: run.open) { naive.append(abs(guess - final) / final) }
            }
            return Row(
                dayOfRelease: day, films: errors.count, medianErrorPercent: median(errors) * 100,
                heldPercent: errors.isEmpty ? 0 : Double(held) / Double(errors.count) * 100,
                naiveMedianErrorPercent: naive.isEmpty ? nil : median(naive) * 100, cases: cases)
        }
        return ProjectionBacktest(minimum: minimum, rows: rows)
    }

    /// The naive fade, for comparison: the cumulative plus this week's admissions × h, h², … with
    /// h this week against the week before (at most 0.95); nil before two whole weeks of release.
    static func naiveFade(_ code: String, charts: [DailyChart], asOf: Day, open: Day) -> Double? {
        guard open.distance(to: asOf) >= 13 else { return nil }
        var byDay: [Day: ChartEntry] = [:]
        for chart in charts where chart.date <= asOf {
            if let entry = chart.entries.first(where: { $0.movieCode == code }) { byDay[chart.date] = entry }
        }
        guard let last = byDay.keys.max(), let cumulative = byDay[last]?.audienceCumulative else { return nil }
        func week(_ end: Day) -> Double { (0..<7).reduce(0) { $0 + Double(byDay[end - $1]?.audience ?? 0) } }
        let (thisWeek, before) = (week(asOf), week(asOf - 7))
        guard thisWeek > 0, before > 0 else { return Double(cumulative) }
        let hold = min(thisWeek / before, 0.95)
        return Double(cumulative) + thisWeek * hold / (1 - hold)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
    }
}

/// A series of daily charts as CSV (`date,rank,movie_cd,title,open_date,audience,
/// audience_cumulative,sales,sales_cumulative,screens,showings`, the columns of
/// `../shared/fixtures/kobis-series/daily-2024-h1.csv`, in any order; quoted fields as RFC 4180).
package enum ChartSeries {
    package struct Problem: Error, LocalizedError {
        package var message: String
        package var errorDescription: String? { message }
    }

    package static func charts(csv text: String) throws -> [DailyChart] {
        var records = rows(text)
        guard !records.isEmpty else { throw Problem(message: "the series is empty") }
        let header = records.removeFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        let needed = ["date", "rank", "movie_cd", "title", "open_date", "audience", "audience_cumulative", "showings"]
        var column: [String: Int] = [:]
        for name in needed {
            guard let index = header.firstIndex(of: name) else { throw Problem(message: "the series has no '\(name)' column") }
            column[name] = index
        }
        var byDay: [Day: [ChartEntry]] = [:]
        for (number, record) in records.enumerated() where !(record.count == 1 && record[0].isEmpty) {
            func field(_ name: String) -> String { column[name].flatMap { $0 < record.count ? record[$0] : nil } ?? "" }
            guard let day = Day(iso: field("date")), let rank = Int(field("rank")), let audience = Int64(field("audience")),
                let cumulative = Int64(field("audience_cumulative"))
            else { throw Problem(message: "line \(number + 2) of the series is not a chart row") }
            byDay[day, default: []].append(
                ChartEntry(
                    rank: rank, movieCode: field("movie_cd"), title: field("title"), openDate: Day(iso: field("open_date")), audience: audience,
                    audienceCumulative: cumulative, showings: Int64(field("showings")) ?? 0))
        }
        return byDay.map { DailyChart(date: $0.key, entries: $0.value.sorted { $0.rank < $1.rank }) }.sorted { $0.date < $1.date }
    }

    /// RFC 4180 records: commas, quoted fields with doubled quotes, CRLF or LF.
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = iterator.next()
        while let scalar = pending {
            pending = iterator.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = iterator.next()
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"": quoted = true
            case ",":
                row.append(field)
                field = ""
            case "\r": continue
            case "\n":
                row.append(field)
                rows.append(row)
                (row, field) = ([], "")
            case "\u{FEFF}" where rows.isEmpty && row.isEmpty && field.isEmpty: continue
            default: field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}
