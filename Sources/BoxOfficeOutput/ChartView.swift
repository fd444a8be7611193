import BoxOfficeModel
import Foundation

/// Geometry for the HTML report's SVG line chart of the top five films' audience over the range,
/// as stored strings the template draws with presentation attributes.
///
/// Daily points for ranges up to ``ReportView/dailyTablesMaxDays`` days, weekly sums beyond. A
/// film's line breaks on days it was off the chart rather than dropping to zero.
enum ChartView {
    static let width = 760.0
    static let plotLeft = 78.0
    static let plotRight = 744.0
    static let plotTop = 16.0
    static let plotBottom = 236.0
    static let legendTop = 296.0
    static let legendRowHeight = 20.0
    static let colors = ["#1f5f99", "#c8414b", "#d99a20", "#16846e", "#6b4a9a"]

    static func make(_ report: BoxOfficeReport) -> [String: Any] {
        let range = report.range.dateRange
        let periodKind = report.periodKind
        let weekly = periodKind == nil && range.dayCount > ReportView.dailyTablesMaxDays
        // The x positions: each period of a period report, each day, or each Monday-based week
        // clipped to the range.
        let buckets: [Day] =
            periodKind != nil
            ? report.periods.map(\.start)
            : weekly ? Array(Set(range.days.map { max($0.weekStart, range.start) })).sorted() : range.days
        let bucketIndex = Dictionary(uniqueKeysWithValues: buckets.enumerated().map { ($1, $0) })
        func bucket(_ day: Day) -> Int { bucketIndex[weekly ? max(day.weekStart, range.start) : day]! }
        let charts: [(date: Day, entries: [DayEntry])] =
            periodKind != nil ? report.periods.map { ($0.start, $0.entries) } : report.days.map { ($0.date, $0.entries) }

        let top = Array(report.films.prefix(5))
        var values = Array(repeating: [Int64?](repeating: nil, count: buckets.count), count: top.count)
        let slot = Dictionary(uniqueKeysWithValues: top.enumerated().map { ($1.movieCode, $0) })
        for chart in charts {
            for entry in chart.entries {
                guard let series = slot[entry.movieCode] else { continue }
                values[series][bucket(chart.date)] = (values[series][bucket(chart.date)] ?? 0) + entry.audience
            }
        }
        let peak = values.flatMap { $0.compactMap { $0 } }.max() ?? 0
        let scaleMax = niceCeiling(peak)

        func x(_ index: Int) -> Double {
            buckets.count == 1
                ? (plotLeft + plotRight) / 2
                : plotLeft + (plotRight - plotLeft) * Double(index) / Double(buckets.count - 1)
        }
        func y(_ value: Int64) -> Double {
            plotBottom - (plotBottom - plotTop) * Double(value) / Double(max(scaleMax, 1))
        }

        let series: [[String: Any]] = top.enumerated().map { index, film in
            var segments: [[String]] = []
            var current: [String] = []
            var dots: [[String: String]] = []
            for (position, value) in values[index].enumerated() {
                if let value {
                    let point = "\(coordinate(x(position))),\(coordinate(y(value)))"
                    current.append(point)
                    dots.append(["cx": coordinate(x(position)), "cy": coordinate(y(value))])
                } else if !current.isEmpty {
                    segments.append(current)
                    current = []
                }
            }
            if !current.isEmpty { segments.append(current) }
            let legendY = legendTop + legendRowHeight * Double(index)
            return [
                "title": film.title,
                "rank": String(film.rank),
                "color": colors[index],
                "segments": segments.map { ["points": $0.joined(separator: " ")] },
                "dots": dots,
                "legend_y": coordinate(legendY),
                "legend_text_y": coordinate(legendY + 4),
                "audience": PeopleFormat.grouped(film.audience),
            ]
        }

        let yTicks: [[String: String]] = (0...4).map { step in
            let value = scaleMax / 4 * Int64(step)
            return ["y": coordinate(y(value)), "label_y": coordinate(y(value) + 4), "label": PeopleFormat.grouped(value)]
        }
        let labelEvery = max(1, Int((Double(buckets.count) / 8).rounded(.up)))
        var labelled = Array(stride(from: 0, to: buckets.count, by: labelEvery))
        if let last = labelled.last, buckets.count - 1 - last >= max(1, labelEvery / 2) { labelled.append(buckets.count - 1) }
        let xTicks: [[String: String]] = labelled.map { index in
            let label = String(buckets[index].iso.dropFirst(5))
            return ["x": coordinate(x(index)), "label": weekly ? "w/c \(label)" : label]
        }
        let unit = periodKind.map { $0.unitName(plural: false) } ?? (weekly ? "week" : "day")
        let axis: String =
            switch periodKind {
            case .week?: "Week (from its Monday)"
            case .weekend?: "Weekend (from its Friday)"
            case .weekdays?: "Weekdays (from their Monday)"
            case nil: weekly ? "Week commencing (Monday)" : "Date"
            }

        // One day or one period has nothing to draw a line through: ranked bars instead.
        let barTop = 12.0
        let barRow = 38.0
        let bars: [[String: String]] = top.enumerated().map { index, film in
            let value = values[index].first.flatMap { $0 } ?? 0
            let y = barTop + barRow * Double(index)
            return [
                "label": "\(film.rank). \(film.title) — \(PeopleFormat.grouped(value))",
                "label_y": coordinate(y + 12),
                "bar_y": coordinate(y + 18),
                "bar_width": coordinate(max(2, (plotRight - 16) * Double(value) / Double(max(peak, 1)))),
                "color": colors[index],
            ]
        }

        return [
            "has_series": !top.isEmpty && peak > 0,
            "single": buckets.count == 1,
            "bars": bars,
            "bars_height": coordinate(barTop + barRow * Double(max(top.count, 1)) + 4),
            "bars_caption":
                "Audience of the top \(top.count) film\(top.count == 1 ? "" : "s"), \(periodKind == nil ? range.displayText : "the \(unit) \(range.displayText)")",
            "title": "Audience per \(unit) of the top \(top.count) film\(top.count == 1 ? "" : "s"), \(range.displayText)",
            "description": top.map { "\($0.title): \(PeopleFormat.grouped($0.audience))" }.joined(separator: "; "),
            "width": coordinate(width),
            "height": coordinate(legendTop + legendRowHeight * Double(max(top.count, 1)) + 4),
            "plot_left": coordinate(plotLeft),
            "plot_right": coordinate(plotRight),
            "plot_top": coordinate(plotTop),
            "plot_bottom": coordinate(plotBottom),
            "x_tick_label_y": coordinate(plotBottom + 18),
            "x_tick_end_y": coordinate(plotBottom + 5),
            "x_axis_label": axis,
            "x_axis_label_x": coordinate((plotLeft + plotRight) / 2),
            "x_axis_label_y": coordinate(plotBottom + 42),
            "y_axis_label": "Audience per \(unit)",
            "y_axis_label_x": coordinate(16),
            "y_axis_label_y": coordinate((plotTop + plotBottom) / 2),
            "y_ticks": yTicks,
            "x_ticks": xTicks,
            "series": series,
            "legend_x": coordinate(plotLeft),
            "legend_text_x": coordinate(plotLeft + 22),
        ]
    }

    /// 1, 2, 2.5 or 5 times a power of ten, at least `value`, so the axis reads in round numbers.
    static func niceCeiling(_ value: Int64) -> Int64 {
        guard value > 0 else { return 4 }
        var power: Int64 = 1
        while power * 10 <= value { power *= 10 }
        for multiple in [1.0, 2.0, 2.5, 5.0, 10.0] {
            let candidate = Int64(Double(power) * multiple)
            if candidate >= value, candidate % 4 == 0 || candidate < 4 { return candidate }
        }
        return power * 10
    }

    /// One decimal at most, as SVG coordinates.
    static func coordinate(_ value: Double) -> String { PeopleFormat.trimmed(value, places: 1) }
}
