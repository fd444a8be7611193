import BoxOfficeModel
import Foundation

/// The documents' sections of `rank`'s tables that complete KOFIC's 결산 (issue 63).
extension RankView {
    /// The labels of these sections (``labels`` holds the rest).
    static let koficLabels: [(name: String, en: String, ko: String)] = [
        ("quarters", "By quarter and half", "분기·반기별"),
        ("quarter", "Quarter / half", "분기 / 반기"),
        ("month_nations", "Months by nation", "월별 국적별 관객"),
        ("ten_years", "Ten years", "10년 지표"),
        ("change", "Change", "증감률"),
        ("per_person", "A person", "1인당"),
        ("avg_price", "Average price", "평균 요금"),
        ("releases", "Releases", "개봉작"),
        ("peak_screens", "Peak screens", "최다 스크린"),
        (
            "ten_years_about",
            "Each year's same dates, from the cached charts. A person: over KOSIS's resident population. Releases: KOBIS's movie list, when cached. Peak screens: the most screens a charted film had, a floor of the screens in use.",
            "해마다 같은 날짜를 캐시의 차트로 더했습니다. 1인당: 통계청 주민등록인구 기준. 개봉작: 캐시에 있는 KOBIS 영화 목록. 최다 스크린: 순위권 영화 한 편이 가진 최다 스크린 수로, 실제 스크린 수의 하한입니다."
        ),
        ("korean_films", "Korean", "한국 영화"),
        ("foreign_films", "Foreign", "외국 영화"),
        ("charted", "Charted, Korean / foreign", "순위권 (한국 / 외국)"),
        ("grade", "Watch grade", "관람 등급"),
        ("diversity", "Diversity films", "다양성영화"),
        ("diversity_share", "Share of diversity films", "다양성영화 중 점유율"),
        ("regions", "By region", "지역별"),
        ("region", "Region", "지역"),
        ("share_of_regions", "Share", "점유율"),
    ]

    /// The nations a document gives a column of in the months by nation: the period's biggest.
    static let monthNationColumns = 3

    /// A month's, a quarter's or a half's row, as the documents show the months and the quarters.
    static func span(_ span: MarketStructure.Month, words w: Words) -> [String: String] {
        [
            "month": span.month, "days": String(span.days), "films": String(span.films), "audience": w.grouped(span.audience),
            "share": PeopleFormat.percent(span.audienceSharePercent),
            "korean": PeopleFormat.percent(JoinStage.percent(span.koreanAudience, of: span.audience)),
        ]
    }

    static func kofic(_ ranking: PeriodRanking, words w: Words) -> [String: Any] {
        let market = ranking.market
        // The months by nation as a grid: the period's three biggest nations, then the rest (when
        // there is a rest: films without a nation count there).
        var byNation: [String: Int64] = [:]
        for row in market.monthNations { byNation[row.nation, default: 0] += row.audience }
        let columns = byNation.filter { !$0.key.isEmpty }.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(monthNationColumns).map(\.key)
        let hasRest = byNation.contains { !columns.contains($0.key) && $0.value > 0 }
        let grid = Dictionary(grouping: market.monthNations, by: \.month).sorted { $0.key < $1.key }.map { month, rows in
            let total = rows.reduce(Int64(0)) { $0 + $1.audience }
            let named = columns.map { nation in rows.first { $0.nation == nation }?.audience ?? 0 }
            let rest = hasRest ? [total - named.reduce(0, +)] : []
            return [
                "month": month,
                "cells": (named + rest).map { ["audience": w.grouped($0), "share": PeopleFormat.percent(JoinStage.percent($0, of: total))] },
            ] as [String: Any]
        }
        return [
            "has_quarters": !market.quarters.isEmpty,
            "quarters": market.quarters.map { span($0, words: w) },
            "has_month_nations": !columns.isEmpty && grid.count > 1,
            "month_nation_columns": (columns + (hasRest ? [w.language == .ko ? "기타" : "Other"] : [])).map { ["name": $0] },
            "month_nations": grid,
        ].merging(tenYears(ranking, words: w)) { own, _ in own }.merging(releases(ranking, words: w)) { own, _ in own }
            .merging(diversity(ranking, words: w)) { own, _ in own }.merging(regions(ranking, words: w)) { own, _ in own }
    }

    /// KOFIC's ten-year indicators (table 1): the same-span table's last ten years, oldest first.
    static func tenYears(_ ranking: PeriodRanking, words w: Words) -> [String: Any] {
        let years = ranking.sameSpan?.tenYears ?? []
        return [
            "has_ten_years": years.count > 1,
            "ten_years": years.map { year in
                [
                    "year": String(year.year), "period": year.isPeriod, "audience": w.grouped(year.audience),
                    "change": year.changePercent.map(PeopleFormat.signedPercent) ?? "–", "korean": PeopleFormat.percent(year.koreanSharePercent),
                    "sales": w.won(year.sales), "price": year.averageTicketPrice.map(w.price) ?? "–",
                    "per_person": year.perPerson.map(Population.shown) ?? "–",
                    "releases": year.releases.map { w.grouped(Int64($0)) } ?? "–", "screens": w.grouped(year.peakScreens),
                    "text": DisplayWidth.pad(String(year.year), to: 6)
                        + DisplayWidth.pad(w.grouped(year.audience), to: widths.audience, leading: true) + " "
                        + DisplayWidth.pad(year.changePercent.map(PeopleFormat.signedPercent) ?? "–", to: 8, leading: true) + "  "
                        + DisplayWidth.pad(PeopleFormat.percent(year.koreanSharePercent), to: 6, leading: true) + (year.isPeriod ? " *" : ""),
                ] as [String: Any]
            },
        ]
    }

    /// The films released in the period (KOFIC's table 10): a sentence, by month and by grade.
    static func releases(_ ranking: PeriodRanking, words w: Words) -> [String: Any] {
        guard let releases = ranking.releases, !releases.films.isEmpty else { return ["has_releases": false] }
        func rows(_ groups: [Releases.Group], name: (String) -> String) -> [[String: String]] {
            groups.map { group in
                [
                    "name": name(group.key), "korean": String(group.korean), "foreign": String(group.foreign),
                    "charted": "\(group.chartedKorean) / \(group.chartedForeign)",
                ]
            }
        }
        return [
            "has_releases": true,
            "releases_line": w.say.releasesLine(releases),
            "has_releases_by_month": releases.byMonth.count > 1, "releases_by_month": rows(releases.byMonth) { $0 },
            "releases_by_grade": rows(releases.byGrade) { $0.isEmpty ? w.say.unknownGroup : $0 },
        ]
    }

    /// The period's diversity films (KOFIC's tables 20–23): a sentence and the top 10s.
    static func diversity(_ ranking: PeriodRanking, words w: Words) -> [String: Any] {
        guard let diversity = ranking.diversity, !diversity.films.isEmpty else { return ["has_diversity": false] }
        let headings = w.language == .ko ? ["전체", "한국 영화", "외국 영화"] : ["All", "Korean", "Foreign"]
        let tops = zip(headings, [diversity.top, diversity.koreanTop, diversity.foreignTop]).filter { !$0.1.isEmpty }.map { heading, films in
            [
                "heading": heading,
                "films": films.enumerated().map { index, film in
                    [
                        "rank": String(index + 1), "title": PlainText.oneLine(film.title), "audience": w.grouped(film.audience),
                        "share": PeopleFormat.percent(film.sharePercent),
                    ]
                },
            ] as [String: Any]
        }
        return ["has_diversity": true, "diversity_line": w.say.diversityLine(diversity), "diversity_tops": tops]
    }

    /// Each region's admissions (`--regions`, KOFIC's table 3), the biggest first.
    static func regions(_ ranking: PeriodRanking, words w: Words) -> [String: Any] {
        guard let regions = ranking.regions, !regions.regions.isEmpty else { return ["has_region_totals": false] }
        return [
            "has_region_totals": true,
            "region_totals": regions.regions.sorted { ($0.audience, $1.regionCode) > ($1.audience, $0.regionCode) }.map { region in
                [
                    "name": w.language == .ko ? region.region : (KOBISRegion.shortNames[region.regionCode] ?? region.regionEnglish),
                    "audience": w.grouped(region.audience), "sales": w.won(region.sales),
                    "share": region.sharePercent.map { PeopleFormat.percent($0) } ?? "–",
                    "per_person": region.perPerson.map(Population.shown) ?? "–",
                ]
            },
        ]
    }
}
