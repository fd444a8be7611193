import BoxOfficeModel
import Foundation

/// Korean words for `rank`'s KOFIC tables (issue 63).
extension Korean {
    func kofic(_ note: KOFICNote) -> String {
        let notHad = "(--offline에 캐시 없음, 또는 이번 실행의 KOBIS 호출 소진)"
        switch note {
        case .longSpan:
            return "지역별, 개봉작, 다양성영화 표는 1년 이하의 기간에만 만듭니다. 이 기간의 한 해를 결산하면 볼 수 있습니다."
        case .diversityMissing(let charts, let all, let basis):
            return
                "다양성영화: \(basis == .daily ? "일별" : "주간") 다양성영화 차트 \(all)개 중 \(charts.count)개를 받지 못했습니다\(notHad). 시작일 \(DateRange.compactList(charts)). 그 영화들의 수치는 실제보다 적습니다."
        case .releasesNotHad(let years):
            return "개봉작: \(SameSpan.runs(years, dash: "~"))년 KOBIS 영화 목록을 받지 못했습니다\(notHad). 개봉작 표에서 그 해는 빠졌습니다."
        case .releasesCutShort(let years):
            return "개봉작: \(SameSpan.runs(years, dash: "~"))년 KOBIS 영화 목록이 읽은 \(KOBISPaging.releasePages)쪽보다 길어, 일부 개봉작이 빠졌을 수 있습니다."
        case .regionListNotHad:
            return "지역별: KOBIS 지역 목록을 받지 못했습니다\(notHad). 지역별 표는 없습니다."
        case .noRegionWeek:
            return "지역별: KOBIS 지역별 차트는 주간이고, 기간 안에 목요일이 든 끝난 주(월~일)가 없어 지역별 표는 없습니다."
        case .regionsMissing(let names, let all, let weeks):
            return
                "지역별: \(all)개 지역 중 \(names.count)개는 주간 차트 \(weeks)개 중 일부를 받지 못해 빠졌습니다\(notHad): \(names.joined(separator: ", ")). 호출이 남으면 같은 명령이 받아 옵니다."
        case .regionsMade(let weeks, let year):
            return "지역별: 각 지역의 KOBIS 주간 10위 차트(월~일) 중 목요일이 기간 안에 있는 \(weeks)주를 더한 것으로, 순위권 관객이지 그 지역 전체 관객이 아닙니다. 점유율은 지역 합계 대비, 1인당 관객은 "
                + (year.map { "\($0)년 주민등록인구(통계청, 12월 31일) 기준입니다." } ?? "인구 기준입니다.")
        case .notCompared(let years, let baseline):
            return "10년 지표: \(SameSpan.runs(years, dash: "~"))년은 캐시에 없어 견주지 못했습니다(boxoffice fetch로 채울 수 있습니다)"
                + (baseline ? ". 2017~2019년 평균과도 견주지 못했습니다." : ".")
        case .populationOf(let used):
            return "\(used)년 이후 해의 1인당 관객은 내장 표(통계청 주민등록인구)의 마지막 해인 \(used)년 인구 기준입니다."
        }
    }
}

extension Korean {
    func releasesLine(_ releases: Releases) -> String {
        "KOBIS 영화 목록의 개봉작 \(PeopleFormat.grouped(Int64(releases.films.count)))편(한국 \(releases.korean)편, 외국 \(releases.foreign)편) 중 "
            + "\(releases.chartedKorean + releases.chartedForeign)편(한국 \(releases.chartedKorean)편, 외국 \(releases.chartedForeign)편)이 일별 10위 안에 들었습니다."
    }

    func diversityLine(_ diversity: DiversityFilms) -> String {
        let charts = diversity.basis == .daily ? "일별" : "주간(월~일)"
        let share = diversity.sharePercent.map { ", 순위권 관객의 \(PeopleFormat.percent($0))" } ?? ""
        return
            "다양성영화 \(diversity.films.count)편, 관객 \(PeopleFormat.grouped(diversity.audience))명\(share). KOBIS \(charts) 다양성영화 10위 차트(multiMovieYn=Y) \(diversity.charts)개를 더한 것으로, 그 밖의 다양성영화는 세지 못합니다."
    }
}
