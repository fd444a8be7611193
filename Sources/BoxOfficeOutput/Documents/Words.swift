import BoxOfficeModel
import Foundation

/// The language a report is written in: `--lang en|ko`.
package enum ReportLanguage: String, CaseIterable, Sendable, Codable {
    case en, ko

    /// Korean when `LANG` (or `LC_ALL`, `LC_MESSAGES`) names a Korean locale, else English.
    package static func fromEnvironment(_ environment: [String: String]) -> ReportLanguage {
        let locale =
            environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LC_MESSAGES"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LANG"] ?? ""
        return locale.lowercased().hasPrefix("ko") ? .ko : .en
    }

    /// What a document's file name carries for the language: nothing for English, `.ko` for Korean
    /// (`boxoffice-2025-03-09.ko.html`); so does a user's Korean-only template (`report.ko.html`).
    package var infix: String { self == .en ? "" : ".\(rawValue)" }
}

/// The words and number formats of a report in one language: what the view models build in Swift
/// (titles, notes, chart labels, dates, units). The documents' labels are in ``ReportLabels``, the
/// highlights' sentences in ``HighlightView``.
package struct Words: Sendable {
    package let language: ReportLanguage

    package static let english = Words(language: .en)
    package static let korean = Words(language: .ko)

    package init(language: ReportLanguage) {
        self.language = language
    }

    var ko: Bool { language == .ko }

    // MARK: Numbers

    /// `1,234,567` in both languages.
    func grouped(_ value: Int64) -> String { PeopleFormat.grouped(value) }

    /// Won: `₩1,368억` in English; `1,368억 원` in Korean, with 만/억/조 grouped the same way.
    func won(_ value: Int64) -> String {
        let english = PeopleFormat.won(value)
        guard ko else { return english }
        return english.replacingOccurrences(of: "₩", with: "") + " 원"
    }

    /// A price to the won: `₩10,873` in English, `10,873원` in Korean (an average ticket).
    func price(_ value: Int64) -> String { ko ? "\(grouped(value))원" : "₩\(grouped(value))" }

    /// An axis label: `150k`, `1.5M` in English; `15만`, `150만`, `1.5억` in Korean.
    func compact(_ value: Int64) -> String {
        let number = Double(value)
        if ko {
            if number >= 1e8 { return PeopleFormat.trimmed(number / 1e8, places: 1) + "억" }
            if number >= 1e4 { return PeopleFormat.trimmed(number / 1e4, places: 1) + "만" }
            return grouped(value)
        }
        if number >= 1e6 { return PeopleFormat.trimmed(number / 1e6, places: 2) + "M" }
        if number >= 1e3 { return PeopleFormat.trimmed(number / 1e3, places: 1) + "k" }
        return grouped(value)
    }

    /// `7 days`, `1 day`; `7일` in Korean.
    func count(_ value: Int, _ one: String, _ many: String, korean: String) -> String {
        ko ? "\(value)\(korean)" : "\(value) \(value == 1 ? one : many)"
    }

    // MARK: Dates

    /// `Mon` … `Sun`; `월` … `일`.
    func weekday(_ day: Day) -> String {
        ko ? ["월", "화", "수", "목", "금", "토", "일"][day.isoWeekday - 1] : PeopleFormat.weekday(day)
    }

    /// `2024-07-19`; `2024년 7월 19일`.
    func date(_ day: Day) -> String {
        ko ? "\(day.year)년 \(day.month)월 \(day.day)일" : day.iso
    }

    /// `Fri 2024-07-19`; `2024년 7월 19일 (금)`.
    func dateWithWeekday(_ day: Day) -> String {
        ko ? "\(date(day)) (\(weekday(day)))" : "\(weekday(day)) \(day.iso)"
    }

    /// `2024-07-15 – 2024-07-21`; `2024년 7월 15일 ~ 21일` (the year and month once when shared).
    func range(_ range: DateRange) -> String {
        guard ko else { return range.displayText }
        guard range.start != range.end else { return date(range.start) }
        let end =
            range.end.year != range.start.year
            ? date(range.end) : range.end.month != range.start.month ? "\(range.end.month)월 \(range.end.day)일" : "\(range.end.day)일"
        return "\(date(range.start)) ~ \(end)"
    }

    /// A short axis date: `07-19`; `7.19`.
    func monthDay(_ day: Day) -> String {
        ko ? "\(day.month).\(day.day)" : String(day.iso.dropFirst(5))
    }

    // MARK: Chart

    func chartUnit(_ kind: PeriodKind?, weekly: Bool) -> String {
        switch kind {
        case .week?: ko ? "주" : "week"
        case .weekend?: ko ? "주말" : "weekend"
        case .weekdays?: ko ? "주중(월–목)" : "Mon–Thu stretch"
        case nil: weekly ? (ko ? "주" : "week") : (ko ? "일" : "day")
        }
    }

    func chartAxis(_ kind: PeriodKind?, weekly: Bool) -> String {
        switch kind {
        case .week?: ko ? "주 (월요일 날짜)" : "Week (dated by its Monday)"
        case .weekend?: ko ? "주말 (금요일 날짜)" : "Weekend (dated by its Friday)"
        case .weekdays?: ko ? "주중 (월요일 날짜)" : "Weekdays (dated by their Monday)"
        case nil: weekly ? (ko ? "주 (월–일, 월요일 날짜)" : "Week, Monday to Sunday (dated by its Monday)") : (ko ? "날짜" : "Date")
        }
    }

    func chartYAxis(_ unit: String) -> String {
        ko ? "\(unit)별 관객 수" : "Audience per \(unit)"
    }

    func chartTitle(count: Int, unit: String, range: DateRange) -> String {
        ko
            ? "상위 \(count)편의 \(unit)별 관객 수, \(self.range(range))"
            : "Audience per \(unit) of the top \(count) film\(count == 1 ? "" : "s"), \(range.displayText)"
    }

    func barsCaption(count: Int, periodKind: PeriodKind?, range: DateRange) -> String {
        if ko { return "상위 \(count)편의 관객 수, \(self.range(range))" }
        let unit = periodKind.map { $0.unitName(plural: false) }
        return "Audience of the top \(count) film\(count == 1 ? "" : "s"), \(unit.map { "the \($0) " } ?? "")\(range.displayText)"
    }

    /// The chart's caption after its title: what a gap means, and any partial week left out.
    func chartNote(leftOut: [DateRange]) -> String {
        let gaps = ko ? "선이 끊긴 곳은 그 영화가 순위 밖이던 날입니다." : "Lines break where a film was off the chart."
        guard !leftOut.isEmpty else { return gaps }
        let spans = leftOut.map { self.range($0) }.joined(separator: ko ? ", " : " and ")
        return gaps
            + (ko
                ? " 한 주 전체가 아닌 \(spans)은(는) 그래프에서 빠졌고 표에는 있습니다."
                : " Partial weeks (\(spans)) are left out of the chart, not drawn as a drop; the tables hold them.")
    }

    // MARK: Report text

    /// `Korean box office, weekend 2025-03-07 – 2025-03-09`; `한국 박스오피스, 2025년 3월 7일 ~ 9일 주말`.
    func reportTitle(_ kind: PeriodKind?, periods: Int, range: DateRange) -> String {
        (ko ? "한국 박스오피스, " : "Korean box office, ") + coverage(kind, periods: periods, range: range)
    }

    /// What a report covers, as its title says after the comma: `weekend 2025-03-07 – 2025-03-09`;
    /// `2025년 3월 7일 ~ 9일 주말`.
    func coverage(_ kind: PeriodKind?, periods: Int, range: DateRange) -> String {
        guard ko else {
            let title = kind.map { ($0 == .weekdays ? "weekdays" : $0.unitName(plural: periods != 1)) + " " } ?? ""
            return "\(title)\(range.displayText)"
        }
        let kindText: String =
            switch kind {
            case .week?: " 주간"
            case .weekend?: " 주말"
            case .weekdays?: " 주중"
            case nil: ""
            }
        return "\(self.range(range))\(kindText)"
    }

    /// `7 days`, `2 weekends, up to 20 films a day`; `7일`, `주말 2회`.
    func extent(count: Int, kind: PeriodKind?, depth: ChartDepth) -> String {
        if ko {
            let unit: String =
                switch kind {
                case .week?: "\(count)주"
                case .weekend?: "주말 \(count)회"
                case .weekdays?: "주중 \(count)회"
                case nil: "\(count)일"
                }
            return unit + (depth == .top10 ? "" : ", 하루 최대 \(depth.rawValue)편")
        }
        let unit = kind.map { ($0.unitName(plural: false), $0.unitName(plural: true)) } ?? ("day", "days")
        return "\(count) \(count == 1 ? unit.0 : unit.1)\(depth == .top10 ? "" : ", up to \(depth.rawValue) films a day")"
    }

    func source(_ report: BoxOfficeReport) -> String {
        source(report.source, simulated: report.simulated)
    }

    /// Where figures come from: the model's English `source`, or its Korean for a daily source.
    func source(_ english: String, simulated: Bool) -> String {
        guard ko else { return english }
        return simulated ? "KOBIS 모의 데이터 (boxoffice 내장 샘플)" : "KOBIS 일별 박스오피스 (영화진흥위원회)"
    }

    func rankedBy(_ key: RankKey) -> String {
        ko ? (key == .audience ? "관객 수" : "매출") : key.rawValue
    }

    func filters(_ filters: KOBISFilters) -> String {
        guard ko else { return filters.displayText }
        var parts: [String] = []
        if let nation = filters.nation { parts.append(nation == .korean ? "한국 영화" : "외국 영화") }
        if let films = filters.films { parts.append(films == .diversity ? "다양성 영화" : "상업 영화") }
        if let area = filters.area { parts.append("지역 \(area)") }
        return parts.joined(separator: ", ")
    }

    func marketDays(_ days: Int, of count: Int, periods: Bool) -> String {
        ko ? " (\(count)\(periods ? "개 기간" : "일") 중 \(days)\(periods ? "개" : "일"))" : " (\(days) of \(count) \(periods ? "periods" : "days"))"
    }

    /// What %± LW means; `period` is the unit of a period report.
    func lwNote(period: String?) -> String {
        if let period {
            return ko
                ? "%± LW는 KOBIS가 계산한 한 주 전 같은 \(period) 대비 증감으로, 기간의 모든 \(period)에 순위에 들고 새로 진입하지 않은 영화만 표시합니다."
                : "%± LW is KOBIS's change against the same \(period) a week earlier, for films charted in every \(period) of the range and new in none."
        }
        return ko
            ? "%± LW는 한 주 전 같은 요일들과 비교하며, 그 날들과 기간의 모든 날에 순위에 든 영화만 표시합니다. 하루라도 없으면 –입니다."
            : "%± LW compares with the same days a week earlier, for films charted on every one of those days and of the range; – where one is missing."
    }

    func daysLabel(_ kind: PeriodKind?) -> String {
        guard let kind else { return ko ? "일수" : "Days" }
        if ko { return kind == .week ? "주" : "횟수" }
        let many = kind.unitName(plural: true)
        return many.prefix(1).uppercased() + many.dropFirst()
    }

    /// `Korean`, `foreign · diversity`: which filtered chart a merged row came from.
    func partition(_ partition: ChartPartition) -> String {
        switch partition {
        case .korean: ko ? "한국" : "Korean"
        case .foreign: ko ? "외국" : "foreign"
        case .koreanDiversity: ko ? "한국 · 다양성" : "Korean · diversity"
        case .koreanCommercial: ko ? "한국 · 상업" : "Korean · commercial"
        case .foreignDiversity: ko ? "외국 · 다양성" : "foreign · diversity"
        case .foreignCommercial: ko ? "외국 · 상업" : "foreign · commercial"
        }
    }

    /// `opening day`, `day 5`, `preview, 3 days before`; `개봉일`, `5일째`, `시사 (개봉 3일 전)`.
    func sinceOpen(_ days: Int) -> String {
        if ko {
            if days == 0 { return "개봉일" }
            if days < 0 { return "시사 (개봉 \(-days)일 전)" }
            return "\(days + 1)일째"
        }
        if days == 0 { return "opening day" }
        if days < 0 { return "preview, \(-days) day\(days == -1 ? "" : "s") before" }
        return "day \(days + 1)"
    }

    /// `2025-W10 weekend, 2025-03-07 (Fri) – 2025-03-09 (Sun)`; `2025-W10 주말, 2025년 3월 7일 (금) ~ 9일 (일)`.
    func periodHeading(_ period: PeriodReport) -> String {
        guard ko else {
            return
                "\(period.isoWeek) \(period.kind == .week ? "week" : period.kind.rawValue), \(period.start.iso) (\(weekday(period.start))) – \(period.end.iso) (\(weekday(period.end)))"
        }
        let kind = Self.koreanKind(period.kind)
        return "\(period.isoWeek) \(kind), \(dateWithWeekday(period.start)) ~ \(dateWithWeekday(period.end))"
    }

    /// A note in the report's language. Facts inside a note that come from the services (a KOBIS
    /// or TMDB reason, a chart's name) stay as they were given.
    func note(_ note: ReportNote) -> String {
        guard ko else { return note.english }
        switch note {
        case .simulated:
            return "모의 데이터: 이 수치는 KOBIS가 아니라 boxoffice에 내장된 샘플입니다."
        case .chartCoverage:
            return "KOBIS 일별 박스오피스는 하루 10위까지만 싣기 때문에, 기간 합계는 순위에 든 날만 셉니다."
        case .deepChart(.top20):
            return "하루마다 한국 영화 10위와 외국 영화 10위를 관객 수로 합쳐 최대 20편의 순위를 만듭니다. 각 날짜에 밝힌 순위까지는 확실한 순위이며, 기간 합계는 순위에 든 날만 셉니다."
        case .deepChart:
            return "하루마다 네 가지 10위(한국·외국 각각 다양성·상업)를 관객 수로 합쳐 최대 40편의 순위를 만듭니다. 각 날짜에 밝힌 순위까지는 확실한 순위이며, 기간 합계는 순위에 든 날만 셉니다."
        case .periodChart(let kind):
            return "KOBIS \(Self.koreanKind(kind)) 박스오피스는 기간별 10위와 그 기간 전체의 수치(일별 10위 밖인 날 포함)를 싣습니다. 증감과 순위 변동, NEW는 KOBIS가 계산한 한 주 전 같은 기간 대비입니다."
        case .noLookBack:
            return "기간 안에서만 비교했습니다 (--no-look-back): %± LW는 기간 안에 한 주 전 날이 있어야 하고, 1위 연속 기록은 기간 첫날부터 셉니다."
        case .provisionalDays(let days):
            return "잠정치: KOBIS는 \(DateRange.compactList(days))의 수치를 오전 늦게(KST)까지 수정합니다. 최종 수치는 나중에 다시 실행해 받으세요."
        case .provisionalPeriods(let periods):
            let list = periods.map { "\($0.start.iso)..\($0.end.iso)" }.joined(separator: ", ")
            return "잠정치: KOBIS는 \(list)의 수치를 기간이 끝난 뒤 오전 늦게(KST)까지 수정합니다. 최종 수치는 나중에 다시 실행해 받으세요."
        case .earlyCoverage:
            return "2011년 이전 KOBIS 집계는 일부 극장만 포함해 당시 합계는 실제보다 적습니다."
        case .missingMovieInfo(let films):
            return "KOBIS에 영화 정보가 없는 영화가 \(films)편 있어, 그 국가·장르·배급사 칸은 비어 있습니다."
        case .tmdbIncomplete(let reason):
            return reason.map { "TMDB 정보를 다 받지 못했습니다: \($0)." } ?? "TMDB 정보를 다 받지 못했습니다: 실행 중에 TMDB가 실패했습니다."
        case .rankChangesUnknown(let day):
            return "순위 변동은 합친 차트끼리 비교하므로, \(day.iso)의 순위 변동은 알 수 없습니다 (전날 차트를 받지 못했습니다)."
        case .historyUnavailable(let days, let reasons):
            return "기간 밖의 차트를 받지 못했습니다: \(DateRange.compactList(days)) (\(reasons.joined(separator: "; "))). "
                + "그 차트가 필요한 비교(%± LW, 스크린 증감, 1위 연속 기록, 1년 전 대비)는 비어 있거나 “이상”으로 표시됩니다."
        case .gaps(let count, let listed):
            return "누락 (--allow-gaps): KOBIS가 잘못된 응답을 보낸 차트 \(count)개를 이 보고서에서 뺐습니다: "
                + listed.joined(separator: "; ") + (count > listed.count ? "; …" : "")
        case .snapped(let asked, let kind, let periods, let covered):
            let unit = kind == .week ? "주" : Self.koreanKind(kind)
            return
                "\(asked.start.iso)..\(asked.end.iso)는 완결된 \(unit) 단위가 아니어서, 겹치는 완결된 \(unit) \(periods)개(\(covered.start.iso)..\(covered.end.iso))를 씁니다."
        case .filmChartCoverage:
            return "일별 차트는 하루 10위까지만 싣습니다. 영화가 10위 밖에 있던 날은 표에 없고, 주간 합계는 순위에 든 날의 합입니다 (한 주 내내 순위에 들었을 때만 완전합니다)."
        case .offlineGaps(let days):
            return "캐시에 없어 읽지 않았습니다 (--offline): \(DateRange.compactList(days)). 그 사이에 순위에 든 날이 있을 수 있습니다."
        case .yearToDateNotCached(let missing, let spans):
            return "연간 누적은 캐시에서만 읽는데, 그 차트 중 \(missing)개가 캐시에 없습니다. "
                + spans.map { "boxoffice fetch \($0.start.iso)..\($0.end.iso)" }.joined(separator: ", ") + "로 채울 수 있습니다."
        }
    }

    /// 주간, 주말, 주중.
    static func koreanKind(_ kind: PeriodKind) -> String {
        switch kind {
        case .week: "주간"
        case .weekend: "주말"
        case .weekdays: "주중"
        }
    }
}
