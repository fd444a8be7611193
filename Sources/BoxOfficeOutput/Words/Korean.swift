import BoxOfficeModel
import Foundation

/// What a report says in Korean.
struct Korean: Vocabulary {
    // MARK: Numbers and dates

    func won(_ value: Int64) -> String { PeopleFormat.won(value).replacingOccurrences(of: "₩", with: "") + " 원" }

    func compact(_ value: Int64) -> String {
        let number = Double(value)
        if number >= 1e8 { return PeopleFormat.trimmed(number / 1e8, places: 1) + "억" }
        if number >= 1e4 { return PeopleFormat.trimmed(number / 1e4, places: 1) + "만" }
        return PeopleFormat.grouped(value)
    }

    func price(_ value: Int64) -> String { "\(PeopleFormat.grouped(value))원" }
    func people(_ value: Int64) -> String { PeopleFormat.grouped(value) + "명" }
    func days(_ count: Int) -> String { "\(count)일" }
    func rank(_ rank: Int) -> String { "\(rank)위" }
    func dayOfRelease(_ day: Int) -> String { "\(day)일째" }
    func weekday(_ day: Day) -> String { ["월", "화", "수", "목", "금", "토", "일"][day.isoWeekday - 1] }
    func date(_ day: Day) -> String { "\(day.year)년 \(day.month)월 \(day.day)일" }
    func dateWithWeekday(_ day: Day) -> String { "\(date(day)) (\(weekday(day)))" }

    /// `2024년 7월 15일 ~ 21일`: the year and month once when shared.
    func range(_ range: DateRange) -> String {
        guard range.start != range.end else { return date(range.start) }
        let end =
            range.end.year != range.start.year
            ? date(range.end) : range.end.month != range.start.month ? "\(range.end.month)월 \(range.end.day)일" : "\(range.end.day)일"
        return "\(date(range.start)) ~ \(end)"
    }

    var rangeDash: String { " ~ " }
    func monthDay(_ day: Day) -> String { "\(day.month).\(day.day)" }
    func holiday(_ holiday: KoreanHoliday) -> String { holiday.ko }

    /// 주간, 주말, 주중.
    static func kind(_ kind: PeriodKind) -> String {
        switch kind {
        case .week: "주간"
        case .weekend: "주말"
        case .weekdays: "주중"
        }
    }

    // MARK: The report's chart

    func chartUnit(_ kind: PeriodKind?, weekly: Bool) -> String {
        switch kind {
        case .week?: "주"
        case .weekend?: "주말"
        case .weekdays?: "주중(월–목)"
        case nil: weekly ? "주" : "일"
        }
    }

    func chartAxis(_ kind: PeriodKind?, weekly: Bool) -> String {
        switch kind {
        case .week?: "주 (월요일 날짜)"
        case .weekend?: "주말 (금요일 날짜)"
        case .weekdays?: "주중 (월요일 날짜)"
        case nil: weekly ? "주 (월–일, 월요일 날짜)" : "날짜"
        }
    }

    func chartYAxis(_ unit: String) -> String { "\(unit)별 관객 수" }
    func chartTitle(count: Int, unit: String, range: DateRange) -> String { "상위 \(count)편의 \(unit)별 관객 수, \(self.range(range))" }
    func barsCaption(count: Int, periodKind: PeriodKind?, range: DateRange) -> String { "상위 \(count)편의 관객 수, \(self.range(range))" }

    func chartNote(leftOut: [DateRange]) -> String {
        let gaps = "선이 끊긴 곳은 그 영화가 순위 밖이던 날입니다."
        guard !leftOut.isEmpty else { return gaps }
        let spans = leftOut.map(range).joined(separator: ", ")
        return gaps + " 한 주 전체가 아닌 \(spans)은(는) 그래프에서 빠졌고 표에는 있습니다."
    }

    // MARK: The report

    func reportTitle(_ kind: PeriodKind?, periods: Int, range: DateRange) -> String {
        "한국 박스오피스, " + coverage(kind, periods: periods, range: range)
    }

    func coverage(_ kind: PeriodKind?, periods: Int, range: DateRange) -> String {
        "\(self.range(range))\(kind.map { " " + Self.kind($0) } ?? "")"
    }

    func extent(count: Int, kind: PeriodKind?, depth: ChartDepth) -> String {
        let unit: String =
            switch kind {
            case .week?: "\(count)주"
            case .weekend?: "주말 \(count)회"
            case .weekdays?: "주중 \(count)회"
            case nil: "\(count)일"
            }
        return unit + (depth == .top10 ? "" : ", 하루 최대 \(depth.rawValue)편")
    }

    func source(_ english: String, simulated: Bool) -> String {
        simulated ? "KOBIS 모의 데이터 (boxoffice 내장 샘플)" : "KOBIS 일별 박스오피스 (영화진흥위원회)"
    }

    func rankedBy(_ key: RankKey) -> String { key == .audience ? "관객 수" : "매출" }

    func seoulShares(_ shares: [(title: String, share: String)]) -> String {
        "영화별 서울 관객 비중: " + shares.map { "\($0.title) \($0.share)" }.joined(separator: ", ") + "."
    }

    var everyRegion: String { "지역별 포함" }

    func filters(_ filters: KOBISFilters) -> String {
        var parts: [String] = []
        if let nation = filters.nation { parts.append(nation == .korean ? "한국 영화" : "외국 영화") }
        if let films = filters.films { parts.append(films == .diversity ? "다양성 영화" : "상업 영화") }
        if let area = filters.area { parts.append(KOBISRegion.koreanNames[area].map { "\($0) 지역" } ?? "지역 \(area)") }
        return parts.joined(separator: ", ")
    }

    func marketDays(_ days: Int, of count: Int, periods: Bool) -> String {
        " (\(count)\(periods ? "개 기간" : "일") 중 \(days)\(periods ? "개" : "일"))"
    }

    func lwNote(period: String?) -> String {
        if let period {
            return "전주 대비는 KOBIS가 계산한 한 주 전 같은 \(period) 대비 증감으로, 기간의 모든 \(period)에 순위에 들고 새로 진입하지 않은 영화만 표시합니다."
        }
        return "전주 대비는 한 주 전 같은 요일들과 비교하며, 그 날들과 기간의 모든 날에 순위에 든 영화만 표시합니다. 하루라도 없으면 –입니다."
    }

    func daysLabel(_ kind: PeriodKind?) -> String {
        guard let kind else { return "일수" }
        return kind == .week ? "주" : "횟수"
    }

    func partition(_ partition: ChartPartition) -> String {
        switch partition {
        case .korean: "한국"
        case .foreign: "외국"
        case .koreanDiversity: "한국 · 다양성"
        case .koreanCommercial: "한국 · 상업"
        case .foreignDiversity: "외국 · 다양성"
        case .foreignCommercial: "외국 · 상업"
        }
    }

    func inRelease(_ day: Int) -> String {
        if day == 1 { return "개봉일" }
        if day < 1 { return "시사 (개봉 \(1 - day)일 전)" }
        return "\(day)일째"
    }

    func periodHeading(_ period: PeriodReport) -> String {
        "\(period.isoWeek) \(Self.kind(period.kind)), \(dateWithWeekday(period.start)) ~ \(dateWithWeekday(period.end))"
    }

    func note(_ note: ReportNote) -> String {
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
            return "KOBIS \(Self.kind(kind)) 박스오피스는 기간별 10위와 그 기간 전체의 수치(일별 10위 밖인 날 포함)를 싣습니다. 증감과 순위 변동, NEW는 KOBIS가 계산한 한 주 전 같은 기간 대비입니다."
        case .noLookBack:
            return "기간 안에서만 비교했습니다 (--no-look-back): 전주 대비는 기간 안에 한 주 전 날이 있어야 하고, 1위 연속 기록은 기간 첫날부터 셉니다."
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
            return "순위 변동은 합친 차트끼리 비교하므로, \(date(day))의 순위 변동은 알 수 없습니다 (전날 차트를 받지 못했습니다)."
        case .historyUnavailable(let days, let reasons):
            return "기간 밖의 차트를 받지 못했습니다: \(DateRange.compactList(days)) (\(reasons.joined(separator: "; "))). "
                + "그 차트가 필요한 비교(전주 대비, 스크린 증감, 1위 연속 기록, 1년 전 대비)는 비어 있거나 “이상”으로 표시됩니다."
        case .gaps(let count, let listed):
            return "누락 (--allow-gaps): KOBIS가 잘못된 응답을 보낸 차트 \(count)개를 이 보고서에서 뺐습니다: "
                + listed.joined(separator: "; ") + (count > listed.count ? "; …" : "")
        case .snapped(let asked, let kind, let periods, let covered):
            let unit = kind == .week ? "주" : Self.kind(kind)
            return
                "\(asked.start.iso)..\(asked.end.iso)는 완결된 \(unit) 단위가 아니어서, 겹치는 완결된 \(unit) \(periods)개(\(covered.start.iso)..\(covered.end.iso))를 씁니다."
        case .filmChartCoverage:
            return "일별 차트는 하루 10위까지만 싣습니다. 영화가 10위 밖에 있던 날은 표에 없고, 주간 합계는 순위에 든 날의 합입니다 (한 주 내내 순위에 들었을 때만 완전합니다)."
        case .offlineGaps(let days):
            return "캐시에 없어 읽지 않았습니다 (--offline): \(DateRange.compactList(days)). 그 사이에 순위에 든 날이 있을 수 있습니다."
        case .yearToDateNotCached(let missing, let spans):
            return "연간 누적은 캐시에서만 읽는데, 그 차트 중 \(missing)개가 캐시에 없습니다. "
                + spans.map { "boxoffice fetch \($0.start.iso)..\($0.end.iso)" }.joined(separator: ", ") + "로 채울 수 있습니다."
        case .yearEarlierOverlaps:
            return "기간이 1년보다 길어 합계를 1년 전과 비교하지 않습니다(1년 전 기간이 이 기간과 겹칩니다). 날짜(주)별 비교는 1년 전 날짜가 이 기간 안에 있을 때만 합니다."
        case .regionsMissing(let charts, let all):
            return "지역별 차트 \(all)개 중 \(charts)개를 받지 못했습니다(--offline에 캐시 없음, 이번 실행의 KOBIS 호출 소진, 또는 KOBIS 오류). 그 지역은 빠졌고 JSON의 regions_missing에 있습니다."
        case .namedPeriod(let named, let range):
            switch named {
            case .holiday:
                return "\(named.names.ko): \(self.range(range)), 공휴일 표의 공식 휴일과 그에 이어진 주말·휴일입니다."
            case .season:
                return "\(named.names.ko): \(self.range(range)), 영진위 성수기(여름 7~8월, 겨울 12~2월)입니다."
            }
        case .weekendsMissing(let fridays):
            return
                "주말 \(fridays.count)개(금요일 \(DateRange.compactList(fridays)))의 주말 차트를 받지 못했습니다(--offline에 캐시 없음, 또는 이번 실행의 KOBIS 호출 소진). 주말 표에서 빠졌고, "
                + "\(WeekendTable.fillCommand(fridays))로 채울 수 있습니다."
        case .kofic(let note): return kofic(note)
        case .regionalCharts:
            return
                "지역별: 각 지역의 KOBIS 10위 차트와 그 관객(10위 관객)입니다. 전국 대비는 그 관객을 전국 10위 관객과 견준 것이라 합이 100이 아닐 수 있고, 영화의 지역 비중(1위 비중, 또는 지역 1위 옆 수치)은 그 지역 관객을 전국 관객과 견준 것으로 그 지역 10위 안에 든 경우만 보입니다."
        }
    }

    var firstToLastNote: String {
        "“순위 밖 포함”은 기간 안에서 처음 순위에 든 날부터 마지막 날까지의 관객 수로, 그 사이 10위 밖이던 날도 KOBIS 누적 관객 수로 셉니다. *는 누적 수치가 맞지 않아 순위에 든 날만 센 영화입니다."
    }

    var releaseDateUnknown: String { "개봉일 미정" }
    func audienceLabel(period: Bool) -> String { period ? "관객 수 (기간 합계)" : "순위권 관객 수" }
    func salesLabel(period: Bool) -> String { period ? "매출 (기간 합계)" : "순위권 매출" }
    func dailyHeading(_ depth: ChartDepth) -> String { depth == .top10 ? "일별 박스오피스 10위" : "일별 순위 (최대 \(depth.rawValue)편)" }

    func periodsNote(periods: Int, shown: Int) -> String {
        "기간이 \(PeopleFormat.grouped(Int64(periods)))개로 많아 최근 \(shown)개의 순위만 싣습니다. 모든 기간은 JSON과 주간 CSV(weeks.csv)에 있습니다."
    }

    func weeklyNote(days: Int) -> String {
        "기간이 \(days)일보다 길어 일별 순위를 주(월–일) 단위로 요약했습니다. 모든 날짜는 JSON과 일별 CSV에 있습니다."
    }

    func runtime(_ minutes: Int) -> String { "\(minutes)분" }
    func streak(_ streak: Streak) -> String { "\(date(streak.start))부터 \(streak.length)일\(streak.atLeast ? " 이상" : "")" }

    func milestone(_ milestone: Milestone) -> String {
        "\(PeopleFormat.manwon(milestone.threshold)) \(date(milestone.date))\(milestone.earliestDate == nil ? "" : "까지")"
            + (milestone.dayOfRelease.map { " (개봉 \($0)일째)" } ?? "")
    }

    func textTitle(_ kind: PeriodKind?, periods: Int, single: Bool, range: DateRange) -> String {
        reportTitle(kind, periods: periods, range: range)
    }

    func textTableHeading(top: Int, single: Bool, kind: PeriodKind?, periods: Int, range: DateRange, rankedBy: RankKey) -> String {
        "\(coverage(kind, periods: periods, range: range)) 상위 \(top)편, \(self.rankedBy(rankedBy)) 순"
    }

    var textHeader: (title: String, audience: String, cumulative: String) { ("영화", "관객 수", "누적 관객") }
    var textLegend: String { "전주 대비: 한 주 전 같은 날들 대비 관객 증감 (-: 비교할 수 없음)." }

    func headline(title: String, audience: Int64, total: Int64) -> String {
        "최다 관객 \(title) \(PeopleFormat.grouped(audience))명, 순위권 합계 \(PeopleFormat.grouped(total))명"
    }

    var noFilmCharted: String { "순위권 영화 없음" }
    var provisionalMark: String { " · 잠정치" }

    // MARK: Highlights

    func periodWhen(_ when: String, kind: PeriodKind) -> String { "\(when) \(chartUnit(kind, weekly: false))" }

    func countUnits(_ kind: PeriodKind?) -> (String, String) {
        (chartUnit(kind, weekly: false), chartUnit(kind, weekly: false))
    }

    func earlierDay(_ day: Day) -> String? { date(day) }
    var earlyCoverageAside: String { " 당시 KOBIS 집계는 일부 극장만 포함합니다." }
    func filmWithRank(_ title: String, rank: String) -> Sentence { "\(title) (\(rank)위)" }

    // MARK: Revisions and the digest

    func revisedField(_ field: Revision.Field) -> String {
        switch field {
        case .audience: "관객"
        case .sales: "매출"
        case .rank: "순위"
        case .screens: "스크린"
        case .showings: "상영 횟수"
        case .charted: "순위"
        }
    }

    func chartedChange(now: Bool) -> String { now ? "순위에 새로 들어옴" : "순위에서 빠짐" }
    func moreRevisions(_ count: Int) -> String { "그 밖에 \(count)건" }
    func digestNew(_ titles: String) -> String { "새로 진입 " + titles }
    func digestLeft(_ titles: String) -> String { "순위에서 빠짐 " + titles }
    func digestPassed(_ title: String, threshold: String) -> String { "\(title) \(threshold) 돌파" }
    func digestRevised(_ count: Int) -> String { "KOBIS 수정 \(count)건" }
    func digestSince(_ day: Day) -> String { "지난 보고서(\(date(day))) 이후: " }

    // MARK: Your films

    func offChartSince(_ day: Day) -> String { "\(date(day))부터 순위 밖" }
    var notOnChart: String { "순위 밖" }
    func asOf(_ day: Day) -> String { " (\(date(day)) 기준)" }
    func cumulativeTotal(_ figure: String) -> String { "누적 " + figure }
    func breakEvenCrossed(on day: Day, target: String) -> String { "\(date(day)) 손익분기점 \(target)명 돌파" }
    func breakEvenCrossed(by day: Day, target: String) -> String { "\(date(day)) 이전에 손익분기점 \(target)명 돌파" }
    func breakEvenReached(_ percent: String, target: String) -> String { "손익분기점 \(target)명의 \(percent)" }

    func projectedMilestone(_ milestone: Projection.Milestone) -> String {
        guard milestone.expected, let mid = milestone.mid else { return "도달하지 못할 전망" }
        return "\(date(mid))께 (\(projectedRange(earliest: milestone.earliest, latest: milestone.latest)))"
    }

    /// 추정 날짜의 범위: 가장 이른 날~가장 늦은 날, 구간 하단이 닿지 못하면 가장 이른 날부터.
    func projectedRange(earliest: Day?, latest: Day?) -> String {
        let interval = "\(Projection.intervalPercent)% 구간"
        switch (earliest, latest) {
        case let (earliest?, latest?): return "\(date(earliest))~\(date(latest)), \(interval)"
        case let (earliest?, nil): return "빠르면 \(date(earliest)), 구간 하단에서는 도달하지 못함; \(interval)"
        default: return interval
        }
    }

    func breakEvenProjection(_ milestone: Projection.Milestone) -> String { "; 추정: \(projectedMilestone(milestone))" }

    func heading(_ projection: Projection) -> String {
        "추정: 최종 관객 \(PeopleFormat.grouped(projection.finalLow))~\(PeopleFormat.grouped(projection.finalHigh))명(\(projection.interval)% 구간), 가장 가능성 높은 값 \(PeopleFormat.grouped(projection.finalMid))명, 일별 10위권에는 \(date(projection.lastDay))께까지."
    }

    func projectionMilestone(_ named: FilmProjection.Named) -> String {
        let figure = PeopleFormat.grouped(named.milestone.admissions)
        let what =
            switch named.kind {
            case .tenMillion: "1,000만(\(figure)명)"
            case .nextFilm: "\(named.title ?? "다음 영화")(\(figure)명) 추월"
            case .nextMillion: "다음 100만(\(figure)명)"
            }
        return what + ": " + projectedMilestone(named.milestone)
    }

    func projectionMethod(_ projection: Projection) -> String {
        let hold = Int((projection.hold * 100).rounded())
        return
            "방법: 개봉 \(projection.dayOfRelease)일째까지의 일별 관객에 시장의 요일별 흐름과 공휴일을 반영하고, 한 주에 \(hold)%씩 유지되는 관객(\(projection.holdIsObserved ? "최근 한 주 실적" : "개봉 2주 전까지는 첫 며칠로 추정"))이 매주 5%씩 더 줄어든다고 보아 10위 관객 아래로 내려갈 때까지 더했습니다. 2024년 실제 차트로 검증하면 이 시점 추정의 최종 관객 오차 중앙값은 \(projection.backtestMedianErrorPercent)%입니다."
    }

    func watchedAudience(_ audience: String, lw: String) -> String { "관객 \(audience)명 (\(lwText(lw)))" }

    // MARK: boxoffice rank

    func year(_ year: Int) -> String { "\(year)년" }
    func yearMonth(_ year: Int, _ month: Int, span: String) -> String { "\(year)년 \(month)월" }
    func years(_ first: Substring, _ last: Substring) -> String { "\(first)~\(last)년" }
    func toDate(_ end: Day, asked: Day) -> String { " · \(date(end))까지 (\(date(asked))까지 진행 중)" }
    func rankMarketDays(_ days: Int, of count: Int) -> String { " (\(days)일)" }
    func notListed(_ count: Int) -> String { "그 밖에 \(count)편이 순위에 들었습니다 (--top으로 더 보기; CSV·JSON 등 데이터 파일에는 모든 영화가 있습니다)." }

    func record(_ kind: PeriodRanking.Record.Kind, value: Int64) -> String {
        switch kind {
        case .openingDay: "최고 개봉일 관객"
        case .openingWeekend: "최고 개봉 주말 관객"
        case .longestRunAtOne: "최장 연속 1위"
        case .fastestToMilestone: "\(PeopleFormat.manwon(value)) 최단 돌파"
        }
    }

    func releaseDay(_ day: Int) -> String { "개봉 \(day)일째" }

    var partialCoverage: String {
        "2011년 이전의 KOBIS 집계는 전국 극장의 일부만 포함합니다: 이 기간의 수치와 기록은 그 이후와 그대로 비교할 수 없습니다."
    }

    func caveat(_ caveat: PeriodRanking.Caveat, _ ranking: PeriodRanking) -> String {
        switch caveat {
        case .partialCoverageBefore2011: partialCoverage
        case .chartedDaysOnly:
            "관객 수는 영화가 일별 상위 10위에 든 날만 합한 것입니다 (순위 밖인 날은 빠집니다). 누적 관객은 KOBIS가 마지막 순위일에 집계한 값입니다."
        case .toDate: "기간이 아직 끝나지 않았습니다: \(date(ranking.end))까지의 수치이며, 상영 중인 영화는 지금까지의 관객입니다."
        case .recordsWithinSpan:
            "기록은 이 기간(\(range(DateRange(start: ranking.start, end: ranking.end))))의 차트에서 찾은 최고치이며, 역대 기록이 아닙니다."
        case .coDistributedCountsForEach: "여러 배급사가 함께 배급한 영화는 각 배급사(KOBIS 회사 코드 기준)에 모두 셉니다. 그래서 배급사 점유율의 합은 100%를 넘습니다."
        case .firstListedNationGenre: "영화는 첫 번째로 기재된 국적과 장르, 가장 최근의 관람 등급으로 셉니다."
        case .marketAudienceEstimated:
            "전체 시장 관객 수는 추정치입니다: KOBIS의 매출 점유율로 boxoffice가 추정한 전체 시장 매출을 순위권 영화의 평균 관람 요금으로 나눈 값입니다."
        case .showingsUpperBound: "상위 영화의 상영 횟수 점유율은 순위에 든 영화의 상영 횟수만으로 계산한 값(순위 밖 영화는 알 수 없음)으로, 실제보다 높게 나옵니다."
        case .weekendChartTop10:
            "주말 관객은 KOBIS 주말 차트(금~일) 상위 10편의 합이며, 기간 안에 온전히 든 주말만 싣습니다. 전주 대비는 한 주 전 주말, 전년 대비는 52주 전 주말(같은 요일)과 견줍니다."
        }
    }

    var rankHeader: (admissions: String, cumulative: String, film: String) { ("관객", "누적", "영화") }
    var toDateMark: String { " (상영 중)" }
    var unknownGroup: String { "(KOBIS 영화 정보 없음)" }

    func monthChart(first: String, last: String) -> String { "월별 순위권 관객 수, \(first) ~ \(last)." }

    func groupHeading(_ table: ReportTable) -> String {
        switch table {
        case .nations: "국적별"
        case .grades: "관람 등급별"
        default: "장르별"
        }
    }

    func concentration(_ concentration: MarketStructure.Concentration) -> String {
        let shares = concentration.averageShowingSharePercent.map { PeopleFormat.fixed($0, places: 1) }.joined(separator: " / ")
        return "1위 영화가 순위권 영화 상영 횟수의 40%를 넘게 차지한 날은 \(concentration.days)일 중 \(concentration.daysOver40)일, "
            + "50%를 넘은 날은 \(concentration.daysOver50)일이며, 하루 평균 1~3위의 상영 점유율은 \(shares)%입니다."
    }

    // MARK: boxoffice film

    func weekDays(charted: Int, inRun: Int) -> String { "\(inRun)일 중 \(charted)일" }
    var preview: String { "시사" }

    func pace(_ pace: FilmPace, title: String, span: String) -> String {
        "개봉 \(pace.day)일째(\(date(pace.date))) \(title)의 누적 관객은 \(PeopleFormat.grouped(pace.cumulative))명으로, 캐시된 차트(\(span))에서 1,000만을 넘은 영화 \(pace.hits.count)편 가운데 \(pace.ahead)편보다 같은 날 많았습니다."
    }

    func paceNoHits(span: String) -> String { "캐시된 차트(\(span))에는 1,000만 관객을 넘은 영화가 없어 비교할 수 없습니다." }
    func ladder(_ ladder: FilmLadder, span: String) -> String {
        let place =
            "누적 관객 \(PeopleFormat.grouped(ladder.audienceCumulative))명으로 캐시된 차트(\(span))의 영화 \(PeopleFormat.grouped(Int64(ladder.films)))편 가운데 \(ladder.place)위, \(ladder.year)년에 처음 순위에 든 \(PeopleFormat.grouped(Int64(ladder.yearFilms)))편 가운데 \(ladder.yearPlace)위입니다."
        guard let next = ladder.next, let gap = ladder.gap else { return place + " 그보다 관객이 많은 영화는 없습니다." }
        return place + " 다음 추월 대상: \(next.title)(\(PeopleFormat.grouped(next.lifetime))명), \(PeopleFormat.grouped(gap))명 남음."
    }

    func ladderProjection(_ passing: FilmProjection.Named) -> String {
        let title = passing.title ?? "다음 영화"
        guard passing.milestone.expected else { return "추정: \(title)을(를) 넘지 못할 전망입니다." }
        return "추정: \(title)을(를) \(projectedMilestone(passing.milestone)) 넘습니다."
    }

    func tenMillion(_ count: FilmLadder.TenMillion, since: Day) -> String {
        "\(date(since)) 이후 차트에서 \(count.nth)번째 천만 영화\(count.nthKorean.map { "(한국 영화 \($0)번째)" } ?? "")입니다."
    }

    var ladderNote: String { "여기서 누적은 캐시된 일별 차트(KOBIS 집계, 순위 밖인 날 포함)에서 본 최고 누적으로, 역대 기록이 아닙니다. 영화의 연도는 그 차트에서 처음 순위에 든 해입니다." }

    func filmography(films: Int, charted: Int, audience: String, tenMillion: [String]) -> String {
        "KOBIS 영화 \(films)편, 캐시된 차트에 나온 \(charted)편의 관객 합계 \(audience)명"
            + (tenMillion.isEmpty ? "." : "; 천만 영화: \(tenMillion.joined(separator: ", ")).")
    }

    func filmographyNote(span: String, years: Bool) -> String {
        "관객은 캐시된 일별 차트(\(span); KOBIS 집계, 순위 밖인 날 포함)에서 본 각 영화의 최고 누적으로 역대 기록이 아닙니다. –는 그 차트에 없는 영화입니다(boxoffice fetch로 그 해를 채우세요)."
            + (years ? " 연도별 관객은 그 해 일별 박스오피스 10위 안에 든 날의 관객 합계이며, 공동 배급 영화는 rank와 보고서처럼 배급사마다 전부 집계합니다." : "")
    }

    var filmographyNoCache: String { "캐시된 일별 차트가 없어 관객을 알 수 없습니다. 먼저 boxoffice fetch로 기간을 채우세요." }

    func firstNumberOne(day: Int, date: String) -> String { "개봉 \(day)일째인 \(date)에 처음 1위: 역주행." }

    func backAtNumberOne(days: Int, date: String, since: String) -> String { "\(date)에 \(days)일 만에 다시 1위 (마지막 1위 \(since))." }

    func franchisePace(_ pace: Franchise.Pace) -> String {
        let change = pace.changePercent.map { " (\(PeopleFormat.signedPercent($0)))" } ?? ""
        let at = pace.atDay == pace.day ? "같은 \(pace.day)일째" : "\(pace.atDay)일째(\(pace.day)일째는 순위 밖)"
        let against = "\(pace.predecessor)의 \(at) \(PeopleFormat.grouped(pace.predecessorCumulative))명 대비"
        return "개봉 \(pace.day)일째 누적 관객 \(PeopleFormat.grouped(pace.cumulative))명\(change), \(against)."
    }

    var franchiseNote: String {
        "TMDB가 같은 컬렉션으로 묶은 영화 가운데 캐시에 있는 것(영화 정보와 정확한 TMDB 매칭)입니다. 개봉 주말은 캐시된 KOBIS 주말 차트, 관객은 캐시된 차트의 최고 누적입니다."
    }

    func runShape(_ shape: RunShape) -> String {
        let admissions = shape.toDate ? "현재까지 누적 관객" : "누적 관객"
        var parts: [String] = []
        if let multiplier = shape.multiplier, let opening = shape.weekends.first?.audience {
            parts.append(
                "배수 \(PeopleFormat.fixed(multiplier, places: 2)) (\(admissions) \(PeopleFormat.grouped(shape.audienceCumulative))명 ÷ 개봉 주말 \(PeopleFormat.grouped(opening))명)"
            )
        } else {
            parts.append("배수 없음: 개봉 주말이 KOBIS 주말 10위 안에 없거나 그 차트를 읽지 못했습니다")
        }
        if let biggest = shape.biggestWeekend, let multiplier = shape.multiplierOfBiggest {
            parts.append(biggest == 1 ? "개봉 주말이 최다 주말" : "최다 주말(\(biggest)주차) 대비 \(PeopleFormat.fixed(multiplier, places: 2))")
        }
        if let change = shape.secondWeekendChangePercent { parts.append("2주차 주말 \(PeopleFormat.signedPercent(change))") }
        parts.append("첫 순위일부터 마지막 순위일까지 \(shape.runDays)일\(shape.toDate ? ", 상영 중" : "")")
        return parts.joined(separator: "; ") + "."
    }

    var runShapeNote: String { "주말 수치는 KOBIS 주말 박스오피스(금~일, 일별 10위 밖인 날 포함)입니다. –는 그 주말 10위 밖." }

    func missingWeekends(_ dates: String) -> String {
        "읽지 못한 주말 차트(--offline에 캐시 없음, 또는 호출 한도 소진): \(dates) 주말."
    }

    var paceOffChartNote: String { "†: 그날 순위 밖이어서 그 전 마지막 순위일의 누적입니다." }

    var paceCumulativeNote: String {
        "누적 관객은 KOBIS 집계(순위 밖인 날 포함)이며, 1,000만 영화는 캐시된 차트에 나온 영화만 셉니다. 역대 기록이 아닙니다."
    }

    func paceDay(_ day: Int) -> String { "\(day)일째 누적" }

    func trajectory(_ title: String, from first: Int, to last: Int, peak: Int64) -> String {
        "\(title)의 개봉 후 \(first)일째부터 \(last)일째까지 누적 관객: 마지막 날 \(PeopleFormat.grouped(peak))명."
    }

    // MARK: boxoffice tmdb now-playing

    func nowPlayingWindow(_ window: ClosedRange<Day>, day: Day) -> String {
        "TMDB 목록은 \(date(window.lowerBound)) ~ \(date(window.upperBound)) 상영작이라 \(date(day)) 순위와는 느슨한 비교입니다."
    }

    var nowPlayingEmpty: String { "TMDB의 상영 중 목록이 비어 있습니다." }
    var nowPlayingHeader: (chart: String, released: String, film: String) { ("순위", "개봉일", "영화") }
    func nowPlayingUnlisted(_ films: String) -> String { "순위에 있지만 TMDB 목록에 없는 영화: \(films)." }
    var nowPlayingWatched: String { "◆ 관심 영화." }
    var nowPlayingFollow: String { "순위 밖의 영화를 관심 영화로 두려면:" }

    func nowPlayingHeading(window: ClosedRange<Day>?, pagesRead: Int, totalPages: Int, films: Int, day: Day) -> String {
        let pages = pagesRead < totalPages ? "\(totalPages)쪽 중 앞 \(pagesRead)쪽" : "\(pagesRead)쪽"
        let window = window.map { "\(date($0.lowerBound)) ~ \(date($0.upperBound)), " } ?? ""
        return "TMDB의 한국 상영 중 목록(\(window)\(pages), \(films)편)과 KOBIS \(dateWithWeekday(day)) 순위"
    }

    // MARK: The folder's index

    var indexHeading: String { "한국 박스오피스 보고서" }

    var calendarName: String { "한국 영화 개봉 달력" }

    func calendarSource(simulated: Bool) -> String {
        simulated ? "KOBIS·TMDB 모의 데이터 (boxoffice 내장 샘플)" : "KOBIS 영화 목록, TMDB 한국 개봉 예정작, 캐시된 박스오피스"
    }

    func calendarSummaryLine(releases: Int, projections: Int) -> String {
        "개봉 \(releases)편" + (projections == 0 ? "." : ", 관심 영화의 예상 날짜 \(projections)건 (기울임꼴: 정해진 날짜가 아닌 예상치).")
    }

    func calendarSummary(_ event: ReleaseCalendar.Event) -> String {
        let audience = event.audience.map(PeopleFormat.grouped) ?? ""
        switch event.kind {
        case .release: return "개봉: \(event.title)"
        case .breakEven: return "예상: \(event.title) 손익분기점 \(audience)명 돌파"
        case .milestone: return "예상: \(event.title) 누적 \(event.audience.map(PeopleFormat.manwon) ?? audience) 돌파"
        }
    }

    func calendarDescription(_ event: ReleaseCalendar.Event, simulated: Bool) -> String {
        var parts: [String] = []
        switch event.kind {
        case .release:
            if let status = event.status { parts.append("KOBIS: \(status)") }
            if let code = event.movieCode { parts.append("KOBIS 영화 코드 \(code)") }
            if let id = event.tmdbID { parts.append("TMDB \(id)") }
            if event.source == "TMDB" { parts.append("KOBIS가 아니라 TMDB의 한국 개봉 예정작 목록에 있는 영화") }
        case .breakEven, .milestone:
            parts.append("추정치이며 정해진 날짜가 아닙니다: 가장 가능성 높은 날(\(projectedRange(earliest: event.earliest, latest: event.latest))), KOBIS 캐시 자료 기준")
            if let code = event.movieCode { parts.append("KOBIS 영화 코드 \(code)") }
        }
        if simulated { parts.append("모의 데이터 (boxoffice 내장 샘플)") }
        return parts.joined(separator: ". ") + "."
    }

    func chatLine(rank: Int, title: String, audience: String, change: String?) -> Sentence {
        "\(words: String(rank)). \(strong: title) — 관객 \(audience)명" + (change.map { ", 한 주 전 대비 \($0)" } ?? "")
    }
    func indexSummary(_ reports: Int) -> String { "이 폴더의 보고서 \(reports)개, 최신순. boxoffice를 실행할 때마다 다시 만듭니다." }
    var indexReports: String { "보고서" }
    var lwLabel: String { "전주 대비" }
    var textLWHeader: String { "전주 대비" }
    func lwText(_ change: String) -> String { "전주 대비 \(change)" }

    func indexHeading(_ pages: String) -> String {
        ["rank": "결산", "film": "영화", "company": "영화사", "person": "영화인"][pages] ?? pages
    }

    func indexTitle(kind: PeriodKind?, latest: Bool, depth: ChartDepth) -> [String] {
        (latest ? ["최신"] : []) + [kind.map(Self.kind) ?? "일별"] + (depth == .top10 ? [] : ["상위 \(depth.rawValue)"])
    }

    var sampleMark: String { "(샘플)" }
}
