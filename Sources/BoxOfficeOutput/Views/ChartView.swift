import BoxOfficeModel
import Foundation

/// Geometry for the HTML report's SVG line chart of the top five films' audience over the range,
/// as stored strings the template draws with presentation attributes.
///
/// Daily points for ranges up to ``ReportView/dailyTablesMaxDays`` days, whole Monday-to-Sunday
/// weeks beyond (a partial week at either end is left out and said so, not drawn as a dive). A
/// film's line breaks on days it was off the chart rather than dropping to zero.
///
/// The SVG scales with its box, so its text would shrink or swell with the screen: the chart is
/// drawn three times, each shown at the widths where its text lands between 11 and 18 px: a wide
/// layout from 800 px and on paper, a medium one for tablets (520–799 px), a narrow one for
/// phones. The legend and a single day's ranked bars are HTML, which wraps at any width.
enum ChartView {
    /// One drawing of the chart: the box and its text size, in SVG units.
    struct Layout {
        var name: String
        var width: Double
        var plotLeft: Double
        var plotRight: Double
        var plotTop = 30.0
        var plotBottom: Double
        var fontSize: Double

        /// Shown from 800 px (and printed): 760 units in at least ~700 px keeps 12-unit text ≥ 11 px.
        static let wide = Layout(name: "wide", width: 760, plotLeft: 64, plotRight: 732, plotBottom: 236, fontSize: 12)
        /// Shown from 520 to 799 px: 560 units in the 468–703 px a tablet leaves: 13.5-unit text at 11.3–17 px.
        static let medium = Layout(name: "medium", width: 560, plotLeft: 58, plotRight: 536, plotBottom: 220, fontSize: 13.5)
        /// Shown below 520 px: 360 units in at least the ~300 px a 360 px phone leaves keeps 13-unit text ≥ 11 px.
        static let narrow = Layout(name: "narrow", width: 360, plotLeft: 50, plotRight: 340, plotBottom: 200, fontSize: 13)

        static let all = [wide, medium, narrow]
    }

    /// A value axis in round steps: 1, 2, 2.5 or 5 times a power of ten, as few as reach the peak
    /// in at most four steps, so every gridline reads as a round number (250k, 500k, 750k, 1M).
    struct Scale: Equatable {
        var step: Int64
        var steps: Int
        var top: Int64 { step * Int64(steps) }
        var ticks: [Int64] { (0...steps).map { step * Int64($0) } }

        init(peak: Int64) {
            guard peak > 0 else {
                (step, steps) = (1, 4)
                return
            }
            var power: Int64 = 1
            while power * 10 <= peak / 4 { power *= 10 }
            // peak < 40 × power, so ten times the power reaches it in four steps at most.
            func stepsFor(_ step: Int64) -> Int64 { (peak + step - 1) / step }
            let step = [power, power * 2, power * 5 / 2, power * 5].first { stepsFor($0) <= 4 } ?? power * 10
            (self.step, steps) = (step, Int(stepsFor(step)))
        }
    }

    /// The x labels a layout has room for: the first, then every `every`-th, and the last, which ends
    /// at its tick; a label that would touch the one before it is left out (the last one wins).
    static func labelledIndices(count: Int, labelWidth: Double, plotWidth: Double) -> [Int] {
        guard count > 1 else { return count == 1 ? [0] : [] }
        let spacing = plotWidth / Double(count - 1)
        // Centred labels need a label's width between ticks, plus a gap.
        let every = max(1, Int(((labelWidth + 8) / spacing).rounded(.up)))
        var indices = Array(stride(from: 0, to: count - 1, by: every))
        // The last label is anchored at its end: it needs a label and a half from the one before.
        while let previous = indices.last, Double(count - 1 - previous) * spacing < labelWidth * 1.5 + 8 {
            indices.removeLast()
        }
        return indices + [count - 1]
    }

    /// About how wide `text` is drawn at `fontSize`: digits and Latin letters ~0.6 em, Hangul 1 em.
    static func textWidth(_ text: String, fontSize: Double) -> Double {
        Double(DisplayWidth.of(text)) * 0.6 * fontSize
    }

    static let colors = ["#1f5aa6", "#c8414b", "#d99a20", "#16846e", "#6b4a9a"]

    /// The data the layouts draw: the x positions and each top film's value at each.
    struct Data {
        var buckets: [Day]
        var top: [FilmRanking]
        var values: [[Int64?]]
        var weekly: Bool
        var periodKind: PeriodKind?
        /// Days of the range in partial weeks left out of a weekly chart.
        var leftOut: [DateRange]
        var peak: Int64 { values.flatMap { $0.compactMap { $0 } }.max() ?? 0 }
    }

    static func data(_ report: BoxOfficeReport) -> Data {
        let range = report.range.dateRange
        let periodKind = report.periodKind
        let weekly = periodKind == nil && range.dayCount > ReportView.dailyTablesMaxDays
        var leftOut: [DateRange] = []
        let buckets: [Day]
        if periodKind != nil {
            buckets = report.periods.map(\.start)
        } else if weekly {
            // Whole weeks only: a partial week's sum is not comparable with the others.
            let firstMonday = range.start.isoWeekday == 1 ? range.start : range.start.weekStart + 7
            let lastSunday = range.end.isoWeekday == 7 ? range.end : range.end.weekStart - 1
            buckets = stride(from: 0, through: firstMonday.distance(to: lastSunday) - 6, by: 7).map { firstMonday + $0 }
            if firstMonday > range.start { leftOut.append(DateRange(start: range.start, end: firstMonday - 1)) }
            if lastSunday < range.end { leftOut.append(DateRange(start: lastSunday + 1, end: range.end)) }
        } else {
            buckets = range.days
        }
        let bucketIndex = Dictionary(uniqueKeysWithValues: buckets.enumerated().map { ($1, $0) })
        let charts: [(date: Day, entries: [DayEntry])] =
            periodKind != nil ? report.periods.map { ($0.start, $0.entries) } : report.days.map { ($0.date, $0.entries) }
        let top = Array(report.films.prefix(5))
        var values = Array(repeating: [Int64?](repeating: nil, count: buckets.count), count: top.count)
        let slot = Dictionary(top.enumerated().map { ($1.movieCode, $0) }, uniquingKeysWith: { first, _ in first })
        for chart in charts {
            guard let position = bucketIndex[weekly ? chart.date.weekStart : chart.date] else { continue }
            for entry in chart.entries {
                guard let series = slot[entry.movieCode] else { continue }
                values[series][position] = (values[series][position] ?? 0) + entry.audience
            }
        }
        return Data(buckets: buckets, top: top, values: values, weekly: weekly, periodKind: periodKind, leftOut: leftOut)
    }

    static func make(_ report: BoxOfficeReport, words: Words = .english) -> [String: Any] {
        let range = report.range.dateRange
        let data = data(report)
        let top = data.top
        let peak = data.peak
        let unit = words.say.chartUnit(data.periodKind, weekly: data.weekly)
        let names = legendNames(top)

        // One day or one period has nothing to draw a line through: ranked bars instead.
        let bars: [[String: String]] = top.enumerated().map { index, film in
            let value = data.values[index].first.flatMap { $0 } ?? 0
            return [
                "label": "\(film.rank). \(names[index])",
                "audience": words.grouped(value),
                "percent": PeopleFormat.trimmed(max(0.5, 100 * Double(value) / Double(max(peak, 1))), places: 1) + "%",
                "color": colors[index],
            ]
        }
        let legend: [[String: String]] = top.enumerated().map { index, film in
            ["label": "\(film.rank). \(names[index])", "audience": words.grouped(film.audience), "color": colors[index]]
        }
        return [
            "has_series": !top.isEmpty && peak > 0,
            "single": data.buckets.count == 1,
            "bars": bars,
            "legend": legend,
            "bars_caption": words.say.barsCaption(count: top.count, periodKind: data.periodKind, range: range),
            "title": words.say.chartTitle(count: top.count, unit: unit, range: range),
            "caption_note": words.say.chartNote(leftOut: data.leftOut),
            "description": top.map { "\($0.title): \(words.grouped($0.audience))" }.joined(separator: "; "),
            "layouts": data.buckets.count > 1 ? Layout.all.map { draw(data, $0, words: words) } : [],
        ]
    }

    /// Titles as the legend shows them: a title shared by two of the films gets its open year (or
    /// its KOBIS code when that is shared too), so the lines can be told apart.
    static func legendNames(_ films: [FilmRanking]) -> [String] {
        let counts = Dictionary(films.map { ($0.title, 1) }, uniquingKeysWith: +)
        let years = Dictionary(films.map { ("\($0.title)|\($0.openDate?.year ?? 0)", 1) }, uniquingKeysWith: +)
        return films.map { film in
            guard counts[film.title, default: 0] > 1 else { return film.title }
            if let year = film.openDate?.year, years["\(film.title)|\(year)"] == 1 { return "\(film.title) (\(year))" }
            return "\(film.title) (\(film.movieCode))"
        }
    }

    static func draw(_ data: Data, _ layout: Layout, words: Words) -> [String: Any] {
        let scale = Scale(peak: data.peak)
        let count = data.buckets.count
        // Drawn for two points or more only: one day or one period is ranked bars instead.
        func x(_ index: Int) -> Double { layout.plotLeft + (layout.plotRight - layout.plotLeft) * Double(index) / Double(count - 1) }
        func y(_ value: Int64) -> Double {
            layout.plotBottom - (layout.plotBottom - layout.plotTop) * Double(value) / Double(max(scale.top, 1))
        }
        let series: [[String: Any]] = data.top.enumerated().map { index, film in
            var segments: [[String]] = []
            var current: [String] = []
            var dots: [[String: String]] = []
            for (position, value) in data.values[index].enumerated() {
                if let value {
                    current.append("\(coordinate(x(position))),\(coordinate(y(value)))")
                    dots.append(["cx": coordinate(x(position)), "cy": coordinate(y(value))])
                } else if !current.isEmpty {
                    segments.append(current)
                    current = []
                }
            }
            if !current.isEmpty { segments.append(current) }
            return [
                "title": film.title, "rank": String(film.rank), "color": colors[index], "audience": words.grouped(film.audience),
                "segments": segments.map { ["points": $0.joined(separator: " ")] }, "dots": dots,
            ]
        }
        let yTicks: [[String: String]] = scale.ticks.map { value in
            ["y": coordinate(y(value)), "label_y": coordinate(y(value) + layout.fontSize / 3), "label": words.compact(value)]
        }
        let labels = data.buckets.map { words.say.monthDay($0) }
        let widest = labels.map { textWidth($0, fontSize: layout.fontSize) }.max() ?? 0
        let xTicks: [[String: String]] = labelledIndices(count: count, labelWidth: widest, plotWidth: layout.plotRight - layout.plotLeft).map {
            index in
            // The last label ends at its tick, so it is never cut at the edge.
            ["x": coordinate(x(index)), "label": labels[index], "anchor": index == count - 1 ? "end" : "middle"]
        }
        return [
            "name": layout.name,
            "width": coordinate(layout.width),
            "height": coordinate(layout.plotBottom + layout.fontSize * 3.6),
            "font_size": coordinate(layout.fontSize),
            "plot_left": coordinate(layout.plotLeft),
            "plot_right": coordinate(layout.plotRight),
            "plot_top": coordinate(layout.plotTop),
            "plot_bottom": coordinate(layout.plotBottom),
            "x_tick_label_y": coordinate(layout.plotBottom + layout.fontSize * 1.5),
            "x_tick_end_y": coordinate(layout.plotBottom + 5),
            "x_axis_label": words.say.chartAxis(data.periodKind, weekly: data.weekly),
            "x_axis_label_x": coordinate((layout.plotLeft + layout.plotRight) / 2),
            "x_axis_label_y": coordinate(layout.plotBottom + layout.fontSize * 3.1),
            "y_axis_label": words.say.chartYAxis(words.say.chartUnit(data.periodKind, weekly: data.weekly)),
            "y_axis_label_x": coordinate(layout.plotLeft),
            "y_axis_label_y": coordinate(layout.plotTop - 14),
            "y_ticks": yTicks,
            "x_ticks": xTicks,
            "series": series,
        ]
    }

    /// One decimal at most, as SVG coordinates.
    /// Lines through each series of points (x, y), drawn once per ``Layout``, in ``colors``' order:
    /// a film's cumulative admissions over its days of release (films compared, one line each), a
    /// ranking's months. The y axis in round steps and the page's units; the x axis labelled at its
    /// two ends by the template (`x_first_at`, `x_last_at`).
    static func lines(_ series: [[(Double, Int64)]], words w: Words) -> [[String: Any]] {
        let points = series.flatMap { $0 }
        guard let firstX = points.map(\.0).min(), let lastX = points.map(\.0).max(), let peak = points.map(\.1).max(), peak > 0 else {
            return []
        }
        let spanX = max(1, lastX - firstX)
        let scale = Scale(peak: peak)
        return Layout.all.map { layout in
            let (top, bottom) = (16.0, layout.plotBottom - 20)
            let left = layout.plotLeft + 8
            let right = layout.width - 20
            func x(_ value: Double) -> String { coordinate(left + (value - firstX) / spanX * (right - left)) }
            func y(_ value: Int64) -> String { coordinate(bottom - Double(value) / Double(scale.top) * (bottom - top)) }
            return [
                "name": layout.name,
                "width": coordinate(layout.width), "height": coordinate(bottom + layout.fontSize * 2.4),
                "font_size": coordinate(layout.fontSize),
                "plot_left": coordinate(left), "plot_right": coordinate(right), "plot_bottom": coordinate(bottom),
                "series": series.enumerated().map { index, points in
                    ["color": colors[index % colors.count], "points": points.map { "\(x($0.0)),\(y($0.1))" }.joined(separator: " ")]
                },
                "y_ticks": scale.ticks.map { ["y": y($0), "label": w.compact($0)] },
                "x_first_at": x(firstX), "x_last_at": x(lastX), "x_label_y": coordinate(bottom + layout.fontSize * 1.6),
            ]
        }
    }

    static func coordinate(_ value: Double) -> String { PeopleFormat.trimmed(value, places: 1) }
}
