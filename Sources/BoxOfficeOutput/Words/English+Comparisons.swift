import BoxOfficeModel
import Foundation

/// English words for the comparisons across time (issue 64): a period's weekends, its place among
/// the years, a holiday's or season's days, and films compared by day of release.
extension English {
    /// A place among `count`: `the highest`, `the 2nd-highest`, `the 11th-highest`, `the lowest`.
    static func place(_ rank: Int, of count: Int) -> String {
        if rank == 1 { return "the highest" }
        if rank == count { return "the lowest" }
        let suffix = (11...13).contains(rank % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][rank % 10] ?? "th"
        return "the \(rank)\(suffix)-highest"
    }

    func weekend(_ friday: Day, _ sunday: Day) -> String { friday.iso }

    func andMore(_ title: String, _ others: Int) -> String { others == 0 ? title : "\(title) and \(others) more" }

    func namedSpan(_ named: NamedPeriod) -> String {
        switch named {
        case .holiday: "its official days in the holiday table and the weekend days and holidays they join"
        case .season(.summer, _): "KOFIC's summer peak season, July and August"
        case .season(.winter, _): "KOFIC's winter peak season, December to February"
        }
    }

    func sameSpanAgainst(_ period: SameSpan.Year, yearBefore: SameSpan.Year?, baselinePercent: Double?, named: NamedPeriod?) -> String? {
        var parts: [String] = []
        if let before = yearBefore, let change = RunFacts.change(period.audiencePerDay, from: before.audiencePerDay) {
            let what =
                named.map { "\($0.inYear(before.year).names.en) (\(before.start.iso) – \(before.end.iso), \(before.days) days)" }
                ?? "the same dates of \(before.year)"
            parts.append(
                "\(PeopleFormat.grouped(period.audiencePerDay)) admissions a day, \(PeopleFormat.signedPercent(change)) a day against \(what)")
        }
        if let baseline = baselinePercent { parts.append("\(PeopleFormat.percent(baseline)) of the 2017–2019 average a day") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ") + "."
    }

    func sameSpanPlace(_ period: SameSpan.Year, years: [SameSpan.Year], missing: [Int], named: NamedPeriod?) -> String {
        func place(_ rank: Int) -> String { Self.place(rank, of: years.count) }
        let first = years.map(\.year).min() ?? period.year, last = years.map(\.year).max() ?? period.year
        var text =
            "Among the \(named.map(\.kindNames.en) ?? "same dates") of the \(years.count) years from \(first) to \(last) in the charts: "
            + "\(place(period.audienceRank)) for admissions\(Set(years.map(\.days)).count > 1 ? " a day" : ""), "
            + "\(place(period.salesRank)) for sales, \(place(period.koreanRank)) for the Korean films' share."
        if !missing.isEmpty { text += " Not in the cache, so not ranked: \(SameSpan.runs(missing, dash: "–"))." }
        return text
    }

    var comparisonNote: String {
        "Each film's opening day is its day 1 (paid previews before it are day 0 and earlier); a cumulative is KOBIS's own on that day of release, from the daily top 10."
    }

    var comparisonAtLeast: String {
        "≥: the film was off the daily top 10 that day, so its cumulative is its last charted day's: at least that."
    }

    func openedOnDifferentWeekdays(_ films: [(title: String, opened: String)]) -> String {
        "They opened on different weekdays (" + films.map { "\($0.title) on \($0.opened)" }.joined(separator: ", ")
            + "), so the same day of release falls on another weekday for each: a weekend in one is weekdays in another."
    }

    func comparisonChart(_ titles: [String]) -> String { "Cumulative admissions by day of release: " + titles.joined(separator: ", ") + "." }
}
