import BoxOfficeModel
import Foundation

/// Korean words for the comparisons across time (issue 64): a period's weekends, its place among
/// the years, a holiday's or season's days, and films compared by day of release.
extension Korean {
    func weekend(_ friday: Day, _ sunday: Day) -> String {
        friday.month == sunday.month
            ? "\(friday.month)월 \(friday.day)~\(sunday.day)일" : "\(friday.month)월 \(friday.day)일~\(sunday.month)월 \(sunday.day)일"
    }

    func andMore(_ title: String, _ others: Int) -> String { others == 0 ? title : "\(title) 외 \(others)편" }

    func namedSpan(_ named: NamedPeriod) -> String {
        switch named {
        case .holiday: "공휴일과 그에 이어진 주말·휴일"
        case .season(.summer, _): "영진위 여름 성수기(7~8월)"
        case .season(.winter, _): "영진위 겨울 성수기(12~2월)"
        }
    }

    func sameSpanAgainst(_ period: SameSpan.Year, yearBefore: SameSpan.Year?, baselinePercent: Double?, named: NamedPeriod?) -> String? {
        var parts: [String] = []
        if let before = yearBefore, let change = RunFacts.change(period.audiencePerDay, from: before.audiencePerDay) {
            let what =
                named.map { "\($0.inYear(before.year).names.ko)(\(range(DateRange(start: before.start, end: before.end))), \(before.days)일)" }
                ?? "\(before.year)년 같은 기간"
            parts.append("하루 평균 \(PeopleFormat.grouped(period.audiencePerDay))명으로 \(what) 대비 일평균 \(PeopleFormat.signedPercent(change))")
        }
        if let baseline = baselinePercent { parts.append("2017~2019년 평균의 \(PeopleFormat.percent(baseline)) 수준(일평균)") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ") + "입니다."
    }

    func sameSpanPlace(_ period: SameSpan.Year, years: [SameSpan.Year], missing: [Int], named: NamedPeriod?) -> String {
        func place(_ rank: Int) -> String { rank == 1 ? "가장 많았고" : rank == years.count ? "가장 적었고" : "\(rank)위였고" }
        let first = years.map(\.year).min() ?? period.year, last = years.map(\.year).max() ?? period.year
        var text =
            "차트에 있는 \(first)~\(last)년 \(years.count)개 연도의 \(named.map(\.kindNames.ko) ?? "같은 기간") 가운데 \(Set(years.map(\.days)).count > 1 ? "일평균 " : "")관객 수는 \(place(period.audienceRank)), "
            + "매출은 \(period.salesRank)위, 한국 영화 점유율은 \(period.koreanRank)위입니다."
        if !missing.isEmpty { text += " 캐시에 없어 순위에서 뺀 해: \(SameSpan.runs(missing, dash: "~"))." }
        return text
    }

    var comparisonNote: String {
        "각 영화의 개봉일을 1일째로 맞췄습니다(유료 시사는 0일째 이전). 누적 관객은 그 일자에 KOBIS 일별 10위 차트가 집계한 값입니다."
    }

    var comparisonAtLeast: String { "≥: 그날 일별 10위 밖이어서 마지막으로 순위에 든 날의 누적입니다(실제는 그 이상)." }

    func openedOnDifferentWeekdays(_ films: [(title: String, opened: String)]) -> String {
        "개봉 요일이 다릅니다(" + films.map { "\($0.title) \($0.opened)" }.joined(separator: ", ")
            + "). 같은 개봉 후 일자라도 요일이 달라, 한 영화의 주말이 다른 영화에는 평일일 수 있습니다."
    }

    func comparisonChart(_ titles: [String]) -> String { "개봉 후 일자별 누적 관객: " + titles.joined(separator: ", ") + "." }
}
