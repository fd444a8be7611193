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

    @Test(
        "a watched film's break-even and next 100만 step: events on the projection's likeliest day, the range with them; none it is not expected to reach"
    )
    func projections() throws {
        let charts = ProjectionTests.charts(days: 21, hold: 0.6)
        let asOf = Day(iso: "2025-03-25")!
        let projection = try #require(Projection.project("film", charts: charts, asOf: asOf))
        let reachable = projection.audienceCumulative + (projection.finalMid - projection.audienceCumulative) / 2
        let films = [
            Watchlist.Film(movieCode: "film", title: "Film", added: Day(iso: "2025-03-01")!, breakEven: reachable),
            Watchlist.Film(movieCode: "B", title: "없는 영화", added: Day(iso: "2025-03-01")!, breakEven: 100),
        ]
        let everything = DateRange(start: asOf, end: asOf + 365)
        let events = ReleaseCalendar.projections(films, charts: charts, in: everything)
        let breakEven = try #require(events.first { $0.kind == .breakEven })
        let expected = try #require(projection.milestone(reachable))
        #expect(breakEven.date == expected.mid && breakEven.earliest == expected.earliest && breakEven.latest == expected.latest)
        #expect(breakEven.tentative && breakEven.source == "projection" && breakEven.audience == reachable)
        // The next 100만 is an event only when the mid gets there.
        let step = (projection.audienceCumulative / 1_000_000 + 1) * 1_000_000
        #expect(events.contains { $0.kind == .milestone } == (step <= projection.finalMid))
        let beyond = [Watchlist.Film(movieCode: "film", title: "Film", added: Day(iso: "2025-03-01")!, breakEven: projection.finalMid + 1)]
        #expect(!ReleaseCalendar.projections(beyond, charts: charts, in: everything).contains { $0.kind == .breakEven }, "not expected: no event")
        #expect(ReleaseCalendar.projections(films, charts: [charts.last!], in: everything).isEmpty, "one day is no run")
    }
}
