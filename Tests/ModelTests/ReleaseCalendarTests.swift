import Foundation
import Testing

@testable import BoxOfficeModel

/// `boxoffice calendar`'s events: releases merged from KOBIS and TMDB, projections from charts.
@Suite("Release calendar")
struct ReleaseCalendarTests {
    let range = DateRange(start: Day(iso: "2025-03-10")!, end: Day(iso: "2025-04-30")!)

    @Test("KOBIS's 개봉 and 개봉예정 films in the range; a TMDB film with the same title within three days is the same release")
    func merge() {
        let kobis: [(info: MovieInfo, status: String)] = [
            (MovieInfo(code: "1", title: "별빛 열차", openDate: Day(iso: "2025-03-12")), "개봉"),
            (MovieInfo(code: "2", title: "다가올 봄", openDate: Day(iso: "2025-04-02")), "개봉예정"),
            (MovieInfo(code: "3", title: "제작 중인 영화", openDate: Day(iso: "2025-04-02")), "기타"),
            (MovieInfo(code: "4", title: "지난 영화", openDate: Day(iso: "2025-03-01")), "개봉"),
            (MovieInfo(code: "1", title: "별빛 열차", openDate: Day(iso: "2025-03-12")), "개봉"),
        ]
        let tmdb = [
            TMDBMovie(id: 10, title: "별빛열차", originalTitle: "星明かりの列車", releaseDate: Day(iso: "2025-03-13")),
            TMDBMovie(id: 11, title: "다른 영화", releaseDate: Day(iso: "2025-03-20")),
            TMDBMovie(id: 12, title: "다가올 봄", releaseDate: Day(iso: "2025-04-20")),
            TMDBMovie(id: 11, title: "다른 영화", releaseDate: Day(iso: "2025-03-20")),
        ]
        let events = ReleaseCalendar(range: range, simulated: false, events: ReleaseCalendar.releases(in: range, kobis: kobis, tmdb: tmdb)).events
        #expect(events.map(\.title) == ["별빛 열차", "다른 영화", "다가올 봄", "다가올 봄"])
        #expect(events[0].tmdbID == 10 && events[0].source == "KOBIS+TMDB" && events[0].uid == "kobis-1-release@boxoffice")
        #expect(events[1].movieCode == nil && events[1].uid == "tmdb-11-release@boxoffice", "TMDB's alone, once")
        #expect(events[2].status == "개봉예정" && events[3].source == "TMDB", "18 days apart: not the same release")
        #expect(Set(events.map(\.uid)).count == events.count)
    }

    @Test("a watched film's break-even and next 100만 step at the last seven days' pace; none past 60 days, none without a week of charts")
    func projections() {
        func chart(_ day: String, _ cumulative: Int64) -> DailyChart {
            DailyChart(date: Day(iso: day)!, entries: [ChartEntry(rank: 1, movieCode: "A", title: "검은 파도", audienceCumulative: cumulative)])
        }
        let charts = [chart("2025-03-02", 1_300_000), chart("2025-03-05", 1_450_000), chart("2025-03-09", 1_650_000)]
        let films = [
            Watchlist.Film(movieCode: "A", title: "검은 파도", added: Day(iso: "2025-03-01")!, breakEven: 1_900_000),
            Watchlist.Film(movieCode: "B", title: "없는 영화", added: Day(iso: "2025-03-01")!, breakEven: 100),
        ]
        let events = ReleaseCalendar.projections(films, charts: charts, in: range)
        // 350,000 over 7 days: 50,000 a day. 2,000,000 in 7 days, 1,900,000 in 5.
        #expect(events.map(\.kind) == [.milestone, .breakEven])
        #expect(events.map(\.date.iso) == ["2025-03-16", "2025-03-14"] && events.allSatisfy { $0.pacePerDay == 50_000 && $0.tentative })
        #expect(events[0].audience == 2_000_000 && events[0].uid == "kobis-A-milestone-2000000@boxoffice")
        let slow = [chart("2025-03-02", 1_300_000), chart("2025-03-09", 1_300_700)]
        #expect(ReleaseCalendar.projections(films, charts: slow, in: range).isEmpty, "100 a day: 1,000만 is years away")
        #expect(ReleaseCalendar.projections(films, charts: [charts[2]], in: range).isEmpty, "one day is no pace")
    }
}
