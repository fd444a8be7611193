import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficePipeline
@testable import BoxOfficeServices

@Suite("TMDB matching")
struct TMDBMatcherTests {
    static func movie(
        _ id: Int, _ title: String, original: String? = nil, language: String = "ko", released: String?, popularity: Double = 10
    ) -> TMDBMovie {
        TMDBMovie(
            id: id, title: title, originalTitle: original ?? title, originalLanguage: language,
            releaseDate: released.map { Day($0) }, popularity: popularity, voteAverage: 7, voteCount: 100)
    }

    func match(_ film: FilmQuery, in entries: [SimulatedTMDB.Entry], overrides: TMDBOverrides = .init()) async throws -> (TMDBMatch, TMDBStub) {
        let stub = TMDBStub.simulated(entries)
        return (try await TMDBMatcher(client: stub.client(), overrides: overrides).match(film), stub)
    }

    @Test(
        "titles compare without spacing, punctuation or case",
        arguments: [
            ("범죄도시3", "범죄도시 3"), ("안녕, 나의 고양이", "안녕 나의 고양이"), ("스파이더맨: 노 웨이 홈", "스파이더맨 노웨이홈"),
            ("Top Gun: Maverick", "top gun maverick"), ("ＡＢＣ　１２３", "abc123"),
        ])
    func normalization(a: String, b: String) {
        #expect(TMDBMatcher.normalize(a) == TMDBMatcher.normalize(b))
    }

    @Test("a remake sharing its title with an older film: the Korean release dates decide")
    func remake() async throws {
        let entries: [SimulatedTMDB.Entry] = [
            .init(Self.movie(1, "올드보이", released: "2003-11-21", popularity: 90), koreanReleases: [Day("2003-11-21")]),
            .init(
                Self.movie(2, "올드보이", original: "Oldboy", language: "en", released: "2013-11-27", popularity: 20), koreanReleases: [Day("2013-12-05")]
            ),
        ]
        let film = FilmQuery(movieCode: "20136601", title: "올드보이", titleEnglish: "Oldboy", openDate: Day("2013-12-05"), isKorean: false)
        let (result, _) = try await match(film, in: entries)
        #expect(result.details?.movie.id == 2 && result.confidence == .exact)
        #expect(result.how == "search 1 of 3 (Korean title, 2013): TMDB 2, Korean release 2013-12-05 is the KOBIS open date")
        let original = FilmQuery(movieCode: "20030001", title: "올드보이", openDate: Day("2003-11-21"), isKorean: true)
        let (older, _) = try await match(original, in: entries)
        #expect(older.details?.movie.id == 1 && older.confidence == .exact)
    }

    @Test("two same-titled films a few weeks apart: the one released nearer the open date, though less popular")
    func fewWeeksApart() async throws {
        let entries: [SimulatedTMDB.Entry] = [
            .init(Self.movie(10, "기억", released: "2024-01-10", popularity: 80), koreanReleases: [Day("2024-01-10")]),
            .init(Self.movie(11, "기억", released: "2024-02-07", popularity: 5), koreanReleases: [Day("2024-02-07")]),
        ]
        let (result, stub) = try await match(FilmQuery(movieCode: "20240207", title: "기억", openDate: Day("2024-02-07"), isKorean: true), in: entries)
        #expect(result.details?.movie.id == 11 && result.confidence == .exact)
        #expect(
            stub.requests.filter { $0.url.path.contains("/movie/") }.map(\.url.lastPathComponent) == ["11"],
            "the nearer one is judged first, and wins")
    }

    @Test("a same-titled film with a Korean release six weeks off is rejected, not downgraded; a closer one further down wins")
    func sixWeeksOff() async throws {
        let far = SimulatedTMDB.Entry(Self.movie(20, "겨울", released: "2023-12-20", popularity: 99), koreanReleases: [Day("2023-12-20")])
        let film = FilmQuery(movieCode: "20240131", title: "겨울", openDate: Day("2024-01-31"), isKorean: true)
        let (alone, _) = try await match(film, in: [far])
        #expect(alone.confidence == .none && alone.details == nil)
        #expect(alone.candidates.map(\.verdict) == ["rejected: its Korean release 2023-12-20 is 42 days from the KOBIS open date 2024-01-31"])
        // The search lists the far one first (more popular); its date puts the right one ahead.
        let near = SimulatedTMDB.Entry(Self.movie(21, "겨울", released: nil, popularity: 1), koreanReleases: [Day("2024-01-31")])
        let (both, _) = try await match(film, in: [far, near])
        #expect(both.details?.movie.id == 21 && both.confidence == .exact)
    }

    @Test("of two exact candidates, Korean releases 7 and 0 days from the open date, the 0-day one wins though ranked second")
    func closestKoreanReleaseWins() async throws {
        // TMDB's own (world) release puts the wrong one first in the ranking; only its details
        // show its Korean release a week off.
        let entries: [SimulatedTMDB.Entry] = [
            .init(Self.movie(40, "파묘", language: "en", released: "2024-02-22", popularity: 50), koreanReleases: [Day("2024-02-29")]),
            .init(Self.movie(41, "파묘", released: "2024-03-20", popularity: 5), koreanReleases: [Day("2024-02-22")]),
        ]
        let film = FilmQuery(movieCode: "20240222", title: "파묘", openDate: Day("2024-02-22"), isKorean: nil)
        let (result, _) = try await match(film, in: entries)
        #expect(result.details?.movie.id == 41 && result.confidence == .exact, "\(result.how)")
        #expect(result.candidates.count == 2, "both judged: the first exact one is no longer taken blindly")
    }

    @Test("two films titled alike open the same day: each KOBIS film gets the TMDB film whose original title is its English title")
    func sameDayTwins() async throws {
        let day = "2024-12-11"
        let entries: [SimulatedTMDB.Entry] = [
            .init(Self.movie(50, "겨울", original: "Last Winter", language: "en", released: day, popularity: 30), koreanReleases: [Day(day)]),
            .init(
                Self.movie(51, "겨울", original: "Winter Detective Ghost", language: "en", released: day, popularity: 20), koreanReleases: [Day(day)]),
        ]
        let first = FilmQuery(movieCode: "20241001", title: "겨울", titleEnglish: "Last Winter", openDate: Day(day), isKorean: false)
        let second = FilmQuery(movieCode: "20241002", title: "겨울", titleEnglish: "Winter Detective Ghost", openDate: Day(day), isKorean: false)
        let (a, _) = try await match(first, in: entries)
        let (b, _) = try await match(second, in: entries)
        #expect(a.details?.movie.id == 50 && b.details?.movie.id == 51, "\(a.how) / \(b.how)")
        #expect(b.how.hasSuffix("its title is the KOBIS English title"), "\(b.how)")
    }

    @Test("one TMDB film matched to two KOBIS films that fit it alike: neither keeps it, each naming the other; a pinned one keeps it")
    func sharedIDWithoutABetterFit() async throws {
        let day = "2024-12-11"
        let entries: [SimulatedTMDB.Entry] = [.init(Self.movie(60, "겨울", released: day), koreanReleases: [Day(day)])]
        let (a, _) = try await match(FilmQuery(movieCode: "20241001", title: "겨울", openDate: Day(day), isKorean: true), in: entries)
        let (b, _) = try await match(FilmQuery(movieCode: "20241002", title: "겨울", openDate: Day(day), isKorean: true), in: entries)
        let (c, _) = try await match(FilmQuery(movieCode: "20241003", title: "다른 영화", openDate: Day(day), isKorean: true), in: entries)
        #expect(a.confidence == .exact && b.confidence == .exact && a.details?.movie.id == 60 && b.details?.movie.id == 60)
        #expect(a.fit == TMDBMatch.Fit(releaseDays: 0), "the matcher records how the film fits")
        let resolved = TMDBMatch.resolvingSharedIDs(["20241001": a, "20241002": b, "20241003": c])
        #expect(resolved["20241001"]?.confidence == MatchConfidence.none && resolved["20241002"]?.confidence == MatchConfidence.none)
        #expect(resolved["20241001"]?.details == nil && resolved["20241001"]?.candidates == a.candidates, "the candidates stay for tmdb review")
        #expect(
            resolved["20241001"]?.how.hasSuffix(
                "TMDB 60 is also matched to KOBIS film 20241002, and none of them fits it better (this film: released 0 days from the KOBIS open date), so none keeps it"
            )
                == true, "\(resolved["20241001"]?.how ?? "")")
        #expect(resolved["20241002"]?.how.contains("KOBIS film 20241001") == true)
        #expect(resolved["20241003"] == c, "a film with no shared match is untouched")
        var pinned = a
        pinned.how = TMDBMatch.pinnedHow
        let withPin = TMDBMatch.resolvingSharedIDs(["20241001": pinned, "20241002": b])
        #expect(withPin["20241001"] == pinned && withPin["20241002"]?.confidence == MatchConfidence.none)
        #expect(withPin["20241002"]?.how.hasSuffix("it is pinned to 20241001 in the overrides file") == true)
    }

    @Test(
        "two KOBIS films claiming one TMDB film: the one that fits (same Korean release, runtime within a minute) keeps it, the other is unmatched with the reason"
    )
    func sharedIDDecidedByFit() {
        let details = TMDBDetails(movie: Self.movie(70, "귀향", released: "2024-05-01"), keywords: [], releases: [:])
        let fits = TMDBMatch(confidence: .exact, details: details, how: "search 1 of 2", fit: .init(releaseDays: 0, runtimeMinutes: 1, nations: true))
        let farther = TMDBMatch(
            confidence: .likely, details: details, how: "search 1 of 1", fit: .init(releaseDays: 21, runtimeMinutes: 10, nations: true))
        let resolved = TMDBMatch.resolvingSharedIDs(["20240010": farther, "20240011": fits])
        #expect(resolved["20240011"]?.confidence == .exact && resolved["20240011"]?.details?.movie.id == 70)
        #expect(resolved["20240011"]?.how == "search 1 of 2; of the KOBIS films matched to TMDB 70 it fits best")
        #expect(resolved["20240010"]?.confidence == MatchConfidence.none && resolved["20240010"]?.details == nil)
        #expect(
            resolved["20240010"]?.how
                == "search 1 of 1; TMDB 70 is also matched to KOBIS film 20240011, which fits it better (released 0 days from the KOBIS open date, runtime 1 minute from KOBIS's, KOBIS's nation; this film: released 21 days from the KOBIS open date, runtime 10 minutes from KOBIS's, KOBIS's nation)"
        )
        // Three claimants: the keeper is named among the others.
        let third = TMDBMatch(confidence: .likely, details: details, how: "search 2 of 2", fit: .init(releaseDays: 40))
        let three = TMDBMatch.resolvingSharedIDs(["20240010": farther, "20240011": fits, "20240012": third])
        #expect(three["20240011"]?.details?.movie.id == 70 && three["20240010"]?.details == nil && three["20240012"]?.details == nil)
        #expect(
            three["20240012"]?.how.contains("TMDB 70 is also matched to KOBIS film 20240010, 20240011, of which 20240011 fits it better (") == true)
        // The same release distance: the runtime decides; then the English title; unknown measures decide nothing.
        let sameDay = TMDBMatch.Fit(releaseDays: 0, runtimeMinutes: 12)
        #expect(
            TMDBMatch.Fit(releaseDays: 0, runtimeMinutes: 1).isBetter(than: sameDay)
                && !sameDay.isBetter(than: .init(releaseDays: 0, runtimeMinutes: 1)))
        #expect(TMDBMatch.Fit(releaseDays: 3, englishTitle: true).isBetter(than: .init(releaseDays: 3, englishTitle: false)))
        #expect(
            !TMDBMatch.Fit(releaseDays: 3).isBetter(than: .init(runtimeMinutes: 0))
                && !TMDBMatch.Fit(runtimeMinutes: 0).isBetter(than: .init(releaseDays: 3)))
    }

    @Test("a foreign film not on TMDB, with a Korean-made namesake released in Korea that week: rejected by nation, not matched")
    func namesakeFromAnotherNation() async throws {
        let entries: [SimulatedTMDB.Entry] = [
            .init(
                Self.movie(40, "블루 문", original: "블루 문", language: "ko", released: "2025-02-19"), koreanReleases: [Day("2025-02-19")],
                extras: .init(originCountries: ["KR"]))
        ]
        let film = FilmQuery(
            movieCode: "20259015", title: "블루 문", titleEnglish: "Luna Blu", openDate: Day("2025-02-19"), isKorean: false, nations: ["이탈리아"])
        let (result, _) = try await match(film, in: entries)
        #expect(result.confidence == .none && result.details == nil)
        #expect(result.candidates.first?.verdict == "rejected: made in KR on TMDB, where KOBIS says 이탈리아")
        // The same namesake for a Korean film of that title is the film, and the reason says why.
        var korean = film
        (korean.isKorean, korean.nations, korean.titleEnglish) = (true, ["한국"], "")
        let found = try await match(korean, in: entries).0
        #expect(found.confidence == .exact && found.how.hasSuffix("Korean release 2025-02-19 is the KOBIS open date; made in KR, as KOBIS says"))
        // A co-production shares a nation: not rejected. A nation the table does not know says nothing.
        var coproduction = film
        coproduction.nations = ["이탈리아", "한국"]
        #expect(try await match(coproduction, in: entries).0.confidence == .exact)
        var unknown = film
        unknown.nations = ["어느나라"]
        #expect(try await match(unknown, in: entries).0.confidence == .exact)
    }

    @Test("runtime, where both know it: a namesake running an hour longer is rejected; the film's own states it")
    func runtime() async throws {
        let entries: [SimulatedTMDB.Entry] = [
            .init(
                Self.movie(60, "집", released: "2025-04-02", popularity: 90), koreanReleases: [Day("2025-04-02")],
                extras: .init(runtimeMinutes: 165)),
            .init(
                Self.movie(61, "집", released: "2025-04-09", popularity: 10), koreanReleases: [Day("2025-04-09")],
                extras: .init(runtimeMinutes: 104)),
        ]
        let film = FilmQuery(movieCode: "20250060", title: "집", openDate: Day("2025-04-02"), isKorean: true, runtimeMinutes: 101)
        let (result, _) = try await match(film, in: entries)
        #expect(result.details?.movie.id == 61 && result.confidence == .exact, "\(result.how)")
        #expect(result.how.hasSuffix("within 7 days of the KOBIS open date; runs 104 minutes (KOBIS: 101)"), "\(result.how)")
        #expect(result.candidates.first { $0.id == 60 }?.verdict == "rejected: runs 165 minutes on TMDB, where KOBIS says 101")
        // Unknown on either side, the runtime decides nothing.
        var unknown = film
        unknown.runtimeMinutes = nil
        #expect(try await match(unknown, in: entries).0.details?.movie.id == 60)
    }

    @Test("a five-week 're-release' is another film: a namesake released in Korea near the chart date, weeks after the KOBIS open date, is rejected")
    func shortGapIsNoReRelease() async throws {
        let entries: [SimulatedTMDB.Entry] = [
            .init(Self.movie(50, "작은 용의 모험", original: "작은 용의 모험", language: "ko", released: "2025-02-28"), koreanReleases: [Day("2025-02-28")])
        ]
        let film = FilmQuery(
            movieCode: "20259004", title: "작은 용의 모험", openDate: Day("2025-01-22"), isKorean: false, chartDate: Day("2025-03-01"))
        let (result, _) = try await match(film, in: entries)
        #expect(result.confidence == .none, "\(result.how)")
        #expect(result.candidates.first?.verdict == "rejected: its Korean release 2025-02-28 is 37 days from the KOBIS open date 2025-01-22")
        // Years later, a namesake first released after the KOBIS open date is no re-release either.
        var later = film
        later.chartDate = Day("2027-03-01")
        let laterEntries: [SimulatedTMDB.Entry] = [
            .init(Self.movie(51, "작은 용의 모험", original: "작은 용의 모험", language: "ko", released: "2027-02-26"), koreanReleases: [Day("2027-02-26")])
        ]
        let (namesake, _) = try await match(later, in: laterEntries)
        #expect(namesake.confidence == .none)
        #expect(namesake.candidates.first?.verdict.contains("its first release 2027-02-26 does not fit the KOBIS open date 2025-01-22") == true)
    }

    @Test("a re-release: KOBIS keeps the original open date, TMDB lists the new Korean release near the chart date")
    func reRelease() async throws {
        let entries: [SimulatedTMDB.Entry] = [
            .init(
                Self.movie(30, "이터널 선샤인", original: "Eternal Sunshine of the Spotless Mind", language: "en", released: "2004-03-19"),
                koreanReleases: [Day("2024-03-20")])
        ]
        let film = FilmQuery(
            movieCode: "20040123", title: "이터널 선샤인", openDate: Day("2005-11-10"), isKorean: false, chartDate: Day("2024-03-22"))
        let (result, _) = try await match(film, in: entries)
        #expect(result.confidence == .exact && result.details?.movie.id == 30)
        #expect(result.how.contains("re-release: Korean release 2024-03-20 near the chart date 2024-03-22"))
        // Without the chart date near a Korean release, the same candidate is rejected.
        var early = film
        early.chartDate = Day("2005-11-12")
        #expect(try await match(early, in: entries).0.confidence == .none)
    }

    @Test("a film TMDB does not have, whose title collides with an older film's, stays unmatched")
    func collision() async throws {
        let entries: [SimulatedTMDB.Entry] = [
            .init(Self.movie(40, "사랑", released: "2007-09-20"), koreanReleases: [Day("2007-09-20")]),
            .init(Self.movie(41, "사랑", original: "Amour", language: "fr", released: "2012-05-20")),
        ]
        let (result, stub) = try await match(FilmQuery(movieCode: "20250401", title: "사랑", openDate: Day("2025-04-02"), isKorean: true), in: entries)
        #expect(result.confidence == .none && result.details == nil)
        #expect(result.candidates.count == 2 && result.candidates.allSatisfy { $0.verdict.hasPrefix("rejected") })
        #expect(stub.requests.filter { $0.url.path.contains("/movie/") }.count <= TMDBMatcher.detailsPerFilm)
    }

    @Test("sequel numerals: 범죄도시 2 is 범죄도시 II, Rocky III is Rocky 3")
    func sequelNumeral() async throws {
        #expect(TMDBMatcher.normalize("범죄도시 II") == TMDBMatcher.normalize("범죄도시 2"))
        #expect(TMDBMatcher.normalize("Rocky III") == TMDBMatcher.normalize("rocky 3"))
        #expect(TMDBMatcher.normalize("Rocky III") != TMDBMatcher.normalize("rocky 2"))
        #expect(TMDBMatcher.normalize("Mix") == "mix", "a numeral only as a whole word")
        let entries: [SimulatedTMDB.Entry] = [.init(Self.movie(50, "범죄도시 II", released: "2022-05-18"), koreanReleases: [Day("2022-05-18")])]
        let film = FilmQuery(movieCode: "20212866", title: "범죄도시 2", openDate: Day("2022-05-18"), isKorean: true)
        let (result, _) = try await match(film, in: entries)
        #expect(result.details?.movie.id == 50 && result.confidence == .exact)
    }

    @Test("a Korean translation title that differs from TMDB's title is found in the details")
    func translationTitle() async throws {
        let entries: [SimulatedTMDB.Entry] = [
            .init(
                Self.movie(60, "Past Lives", original: "Past Lives", language: "en", released: "2023-03-06"), koreanReleases: [Day("2023-03-06")],
                extras: .init(otherTitles: ["패스트 라이브즈"]))
        ]
        let film = FilmQuery(movieCode: "20231111", title: "패스트 라이브즈", titleEnglish: "", openDate: Day("2023-03-06"), isKorean: false)
        let (result, _) = try await match(film, in: entries)
        #expect(result.details?.movie.id == 60 && result.confidence == .exact)
        #expect(result.details?.extras.otherTitles == ["패스트 라이브즈"])
    }

    @Test("a spacing difference still matches: 범죄도시3 vs 범죄도시 3")
    func spacing() async throws {
        let entries: [SimulatedTMDB.Entry] = [.init(Self.movie(1017163, "범죄도시 3", released: "2023-05-31"), koreanReleases: [Day("2023-05-31")])]
        let (result, _) = try await match(FilmQuery(movieCode: "20228555", title: "범죄도시3", openDate: Day("2023-05-31"), isKorean: true), in: entries)
        #expect(result.details?.movie.id == 1017163 && result.confidence == .exact)
    }

    @Test("a foreign film TMDB knows only by its English title is found on the third rung")
    func englishTitle() async throws {
        let entries: [SimulatedTMDB.Entry] = [
            .init(
                Self.movie(7, "The Quiet Girl", original: "An Cailín Ciúin", language: "ga", released: "2023-05-31"),
                koreanReleases: [Day("2023-05-31")])
        ]
        let film = FilmQuery(movieCode: "20231234", title: "말없는 소녀", titleEnglish: "The Quiet Girl", openDate: Day("2023-05-31"), isKorean: false)
        let (result, stub) = try await match(film, in: entries)
        #expect(result.details?.movie.id == 7 && result.confidence == .exact)
        let searches = stub.requests.filter { $0.url.path.hasSuffix("/search/movie") }
        #expect(searches.map { $0.queryValue("query") } == ["말없는 소녀", "말없는 소녀", "The Quiet Girl"])
        #expect(searches.map { $0.queryValue("year") } == ["2023", nil, "2023"])
    }

    @Test("a film TMDB does not know stays unmatched after the whole ladder")
    func unknown() async throws {
        let entries: [SimulatedTMDB.Entry] = [.init(Self.movie(1, "전혀 다른 영화", released: "2023-01-01"))]
        let (result, stub) = try await match(
            FilmQuery(movieCode: "1", title: "바람의 기록", titleEnglish: "Records of the Wind", openDate: Day("2025-02-19"), isKorean: true), in: entries)
        #expect(result.confidence == .none && result.details == nil && result.how == "no TMDB film has the title")
        #expect(stub.requests.count == 3, "three searches, no details")
    }

    @Test("a same-titled film from years away, with no Korean release, is not guessed")
    func wrongYear() async throws {
        let entries: [SimulatedTMDB.Entry] = [.init(Self.movie(1, "귀향", released: "2006-03-01"))]
        let (result, _) = try await match(FilmQuery(movieCode: "1", title: "귀향", openDate: Day("2016-02-24"), isKorean: true), in: entries)
        #expect(result.confidence == .none)
    }

    @Test("no Korean date is likely; a Korean release near the open date is exact; a far one rejects")
    func confirmation() async throws {
        let film = FilmQuery(movieCode: "1", title: "라 뤼미에르", openDate: Day("2025-02-26"), isKorean: false)
        let unconfirmed: [SimulatedTMDB.Entry] = [.init(Self.movie(8, "라 뤼미에르", original: "La Lumière", language: "fr", released: "2024-11-20"))]
        let likely = try await match(film, in: unconfirmed).0
        #expect(likely.confidence == .likely && likely.how.hasSuffix("no Korean release date on TMDB; released 2024-11-20"))
        let confirmed: [SimulatedTMDB.Entry] = [
            .init(
                Self.movie(8, "라 뤼미에르", original: "La Lumière", language: "fr", released: "2024-11-20"),
                koreanReleases: [Day("2025-02-26")])
        ]
        #expect(try await match(film, in: confirmed).0.confidence == .exact)
        let contradicted: [SimulatedTMDB.Entry] = [
            .init(
                Self.movie(8, "라 뤼미에르", original: "La Lumière", language: "fr", released: "2025-02-26"),
                koreanReleases: [Day("2025-09-01")])
        ]
        #expect(try await match(film, in: contradicted).0.confidence == .none)
    }

    /// 28 films over 42 days whose titles collide, as real Korean titles do: for each, its own
    /// TMDB entry (or none) and same-titled others, with the right answer known. `shift` turns the
    /// ten cases among the titles, so each range puts different titles in each case; case 9 adds a
    /// second KOBIS film of the same title opening the same day (twins told apart by English title).
    static func collidingRange(
        start: Day = Day("2025-01-01"), shift: Int = 0
    ) -> (films: [FilmQuery], entries: [SimulatedTMDB.Entry], answers: [String: Int?]) {
        let titles = [
            "기억", "사랑", "겨울", "집", "그녀", "친구", "소원", "봄", "바다", "시간", "하루", "약속", "비밀", "우리",
            "가족", "편지", "꿈", "선물", "여름", "밤", "길", "눈", "별", "빛", "손님", "이웃", "그날", "마녀",
        ]
        var films: [FilmQuery] = []
        var entries: [SimulatedTMDB.Entry] = []
        var answers: [String: Int?] = [:]
        for (index, title) in titles.enumerated() {
            let open = start + index * 3 / 2
            let code = "2025\(String(format: "%04d", index))"
            let kind = (index + shift) % 10
            // Every third film is foreign, and so is every film of the no-Korean-date case (3) and of
            // the namesake-from-another-nation case (7).
            let korean = index % 3 != 0 && kind != 3 && kind != 7
            films.append(
                FilmQuery(
                    movieCode: code, title: title, titleEnglish: kind == 9 ? "\(title) One" : "", openDate: open, isKorean: korean,
                    chartDate: kind == 8 ? open + 35 : open + 1, nations: korean ? ["한국"] : ["미국"]))
            let own = 10_000 + index
            let language = korean ? "ko" : "en"
            switch kind {
            case 0:  // not on TMDB at all; an older film has the title
                answers[code] = .some(nil)
                entries.append(
                    .init(
                        Self.movie(20_000 + index, title, language: language, released: "1999-05-01", popularity: 50),
                        koreanReleases: [Day("1999-05-01")]))
            case 1:  // a same-titled film released in Korea six weeks earlier, more popular
                answers[code] = own
                entries.append(
                    .init(
                        Self.movie(20_000 + index, title, language: language, released: (open - 42).iso, popularity: 90), koreanReleases: [open - 42])
                )
                entries.append(.init(Self.movie(own, title, language: language, released: open.iso, popularity: 10), koreanReleases: [open]))
            case 2:  // two films a few weeks apart; the later one is this
                answers[code] = own
                entries.append(
                    .init(
                        Self.movie(20_000 + index, title, language: language, released: (open - 24).iso, popularity: 70), koreanReleases: [open - 24])
                )
                entries.append(
                    .init(Self.movie(own, title, language: language, released: (open + 2).iso, popularity: 20), koreanReleases: [open + 2]))
            case 3:  // a foreign film with no Korean date on TMDB, out abroad three months before; a 2010 namesake
                answers[code] = own
                entries.append(
                    .init(Self.movie(own, title, original: "Original \(index)", language: "en", released: (open - 90).iso, popularity: 15)))
                entries.append(.init(Self.movie(20_000 + index, title, language: "en", released: "2010-06-01", popularity: 60)))
            case 4:  // a re-release: TMDB has both Korean releases; KOBIS keeps the original open date
                let original = open - 3_650
                answers[code] = own
                films[films.count - 1].openDate = original
                entries.append(
                    .init(Self.movie(own, title, language: language, released: original.iso, popularity: 30), koreanReleases: [original, open]))
                entries.append(
                    .init(
                        Self.movie(20_000 + index, title, language: language, released: (open - 400).iso, popularity: 80),
                        koreanReleases: [open - 400]))
            case 5:  // not on TMDB; a namesake released 18 months earlier with no Korean date
                answers[code] = .some(nil)
                entries.append(.init(Self.movie(20_000 + index, title, language: language, released: (open - 548).iso, popularity: 40)))
            case 6:  // the 0-versus-7-day pair: a namesake out in Korea a week later, listed first
                answers[code] = own
                entries.append(
                    .init(
                        Self.movie(20_000 + index, title, language: language, released: open.iso, popularity: 95), koreanReleases: [open + 7]))
                entries.append(
                    .init(Self.movie(own, title, language: language, released: (open - 3).iso, popularity: 5), koreanReleases: [open]))
            case 7:  // a foreign film not on TMDB; a Korean-made namesake released in Korea that day
                answers[code] = .some(nil)
                entries.append(
                    .init(
                        Self.movie(20_000 + index, title, language: "ko", released: open.iso, popularity: 70), koreanReleases: [open],
                        extras: .init(originCountries: ["KR"])))
            case 8:  // not on TMDB, charting five weeks after it opened; a namesake released in Korea then
                answers[code] = .some(nil)
                entries.append(
                    .init(
                        Self.movie(20_000 + index, title, language: language, released: (open + 32).iso, popularity: 60),
                        koreanReleases: [open + 33]))
            case 9:  // twins: two films of this title open in Korea the same day; KOBIS's English titles tell them apart
                answers[code] = own
                let twin = "2026\(String(format: "%04d", index))"
                answers[twin] = 30_000 + index
                films.append(
                    FilmQuery(
                        movieCode: twin, title: title, titleEnglish: "\(title) Two", openDate: open, isKorean: korean, chartDate: open + 1,
                        nations: korean ? ["한국"] : ["미국"]))
                entries.append(
                    .init(
                        Self.movie(30_000 + index, title, original: "\(title) Two", language: language, released: open.iso, popularity: 80),
                        koreanReleases: [open]))
                entries.append(
                    .init(
                        Self.movie(own, title, original: "\(title) One", language: language, released: open.iso, popularity: 20),
                        koreanReleases: [open]))
            default:
                Issue.record("no case \(kind)")
            }
        }
        return (films, entries, answers)
    }

    /// Right, wrong, missed, invented and rightly unmatched films of one colliding range, matched
    /// film by film and then put through the one-id-one-film rule as a run is.
    static func score(
        _ range: (films: [FilmQuery], entries: [SimulatedTMDB.Entry], answers: [String: Int?])
    ) async throws
        -> (right: Int, wrong: Int, missed: Int, invented: Int, unmatched: Int, detailCalls: Int)
    {
        let stub = TMDBStub.simulated(range.entries)
        let matcher = TMDBMatcher(client: stub.client())
        var matches: [String: TMDBMatch] = [:]
        for film in range.films { matches[film.movieCode] = try await matcher.match(film) }
        matches = TMDBMatch.resolvingSharedIDs(matches)
        var right = 0, wrong = 0, missed = 0, invented = 0, unmatched = 0
        for film in range.films {
            let result = matches[film.movieCode]!
            let got = result.confidence == .none ? nil : result.details?.movie.id
            switch (range.answers[film.movieCode]!, got) {
            case let (expected?, got?): if expected == got { right += 1 } else { wrong += 1 }
            case (_?, nil): missed += 1
            case (nil, _?): invented += 1
            case (nil, nil): unmatched += 1
            }
        }
        return (right, wrong, missed, invented, unmatched, stub.requests.filter { $0.url.path.contains("/movie/") }.count)
    }

    @Test(
        "three 42-day ranges of 28 films (and twins) with colliding titles: every match right, none invented, none missed",
        arguments: [(Day("2025-01-01"), 0), (Day("2019-06-03"), 3), (Day("2012-09-10"), 6)])
    func collidingTitles(start: Day, shift: Int) async throws {
        let range = Self.collidingRange(start: start, shift: shift)
        let score = try await Self.score(range)
        let counts = "right \(score.right), wrong \(score.wrong), missed \(score.missed), invented \(score.invented), unmatched \(score.unmatched)"
        print("colliding range from \(start.iso), shift \(shift), \(range.films.count) films: \(counts)")
        #expect(score.wrong == 0 && score.invented == 0 && score.missed == 0, "\(counts)")
        #expect(score.right + score.unmatched == range.films.count)
        #expect(score.right == range.answers.values.filter { $0 != nil }.count)
        #expect(score.detailCalls <= range.films.count * TMDBMatcher.detailsPerFilm)
    }

    @Test("never more than three detail calls a film, however many same-titled candidates")
    func detailsBudget() async throws {
        let entries: [SimulatedTMDB.Entry] = (0..<8).map {
            .init(Self.movie(100 + $0, "집", released: "20\(10 + $0)-01-01"), koreanReleases: [Day("20\(10 + $0)-01-01")])
        }
        let (result, stub) = try await match(FilmQuery(movieCode: "1", title: "집", openDate: Day("2025-06-01"), isKorean: true), in: entries)
        #expect(result.confidence == .none)
        #expect(stub.requests.filter { $0.url.path.contains("/movie/") }.count == TMDBMatcher.detailsPerFilm)
        #expect(stub.requests.count <= 3 + TMDBMatcher.detailsPerFilm)
    }

    @Test("an override pins a match without searching; 0 forbids one without any request")
    func overrides() async throws {
        let entries: [SimulatedTMDB.Entry] = [.init(Self.movie(42, "다른 제목", released: "2020-01-01"), keywords: ["pinned"])]
        let overrides = try TMDBOverrides.parse("movie_cd,tmdb_id\n# comment\n\n20230001,42\n20230002, 0\n", origin: "overrides.csv")
        let (pinned, stub) = try await match(FilmQuery(movieCode: "20230001", title: "아무 제목"), in: entries, overrides: overrides)
        #expect(pinned.details?.movie.id == 42 && pinned.confidence == .exact && pinned.details?.keywords == ["pinned"])
        #expect(stub.requests.count == 1 && stub.requests[0].url.path.hasSuffix("/movie/42"))
        let (forbidden, quiet) = try await match(FilmQuery(movieCode: "20230002", title: "다른 제목"), in: entries, overrides: overrides)
        #expect(forbidden.confidence == .none && quiet.requests.isEmpty)
    }

    @Test("a malformed overrides line is an error naming its line")
    func badOverrides() {
        #expect(throws: ConfigurationError.invalidValue(name: "o.csv:2", expected: "a line 'movie_cd,tmdb_id' (tmdb_id 0 never matches)")) {
            try TMDBOverrides.parse("20230001,42\n20230002;43\n", origin: "o.csv")
        }
        #expect(throws: ConfigurationError.self) { try TMDBOverrides.parse("20230001,-1\n", origin: "o.csv") }
    }
}

@Suite("TMDB upcoming list")
struct UpcomingTests {
    static func film(_ id: Int, _ released: String?) -> TMDBMovie {
        TMDBMovie(id: id, title: "영화 \(id)", releaseDate: released.map { Day($0) })
    }

    @Test("pages until total_pages (here 2), deduplicated across pages, chart films left out, by release date")
    func twoPages() async throws {
        let upcoming = [
            Self.film(1, "2025-04-10"), Self.film(2, nil), Self.film(3, "2025-03-20"), Self.film(4, "2025-03-20"),
            Self.film(5, "2025-03-15"), Self.film(6, "2025-05-01"),
        ]
        // Page size 4 with one repeat: page 1 = 1…4, page 2 = 4…6; total_pages 2.
        let stub = TMDBStub.simulated([], upcoming: upcoming)
        let films = try await FetchStage.upcoming(stub.client(), width: 4, excluding: [6])
        #expect(stub.requests.compactMap { $0.queryValue("page") }.sorted() == ["1", "2"])
        #expect(films.map(\.id) == [5, 3, 4, 1, 2])
    }

    @Test("never more than three pages")
    func threePagesAtMost() async throws {
        let upcoming = (1...30).map { Self.film($0, "2025-04-\(String(format: "%02d", $0 % 28 + 1))") }
        let stub = TMDBStub.simulated([], upcoming: upcoming)
        let films = try await FetchStage.upcoming(stub.client(), width: 4, excluding: [])
        #expect(stub.requests.compactMap { $0.queryValue("page") }.sorted() == ["1", "2", "3"])
        #expect(films.count == 10 && Set(films.map(\.id)).count == 10)
        #expect(films.map { $0.releaseDate! } == films.map { $0.releaseDate! }.sorted())
    }
}

@Suite("TMDB's now-playing list joined with a day's chart")
struct NowPlayingJoinTests {
    static func match(_ id: Int, _ confidence: MatchConfidence) -> TMDBMatch {
        TMDBMatch(confidence: confidence, details: TMDBDetails(movie: TMDBMovie(id: id, title: "영화 \(id)"), keywords: [], releases: [:]), how: "test")
    }

    @Test("the list's pages read once each, repeats dropped in TMDB's order, its window kept")
    func pages() async throws {
        let films = (1...9).map { UpcomingTests.film($0, "2025-02-\(String(format: "%02d", $0))") }
        let stub = TMDBStub.simulated([], nowPlaying: films)
        let list = try await TMDBListPages.read(.nowPlaying, client: stub.client(), width: 4)
        #expect(stub.requests.map(\.url.path).allSatisfy { $0.hasSuffix("/movie/now_playing") })
        #expect(stub.requests.compactMap { $0.queryValue("page") }.sorted() == ["1", "2", "3"])
        #expect(list.films.map(\.id) == Array(1...9) && list.pagesRead == 3 && list.totalPages == 3)
        #expect(list.window == Day("2025-01-27")...Day("2025-03-10"))
    }

    @Test("on the chart only through a likely or exact match by id; charted first by rank; unmatched and unlisted charted films named")
    func join() {
        let listed = [UpcomingTests.film(10, nil), UpcomingTests.film(11, nil), UpcomingTests.film(12, nil), UpcomingTests.film(10, nil)]
        let chart = [
            (rank: 2, code: "A", title: "에이"), (rank: 1, code: "B", title: "비"), (rank: 3, code: "C", title: "씨"), (rank: 4, code: "D", title: "디"),
        ]
        let matches = ["A": Self.match(11, .likely), "B": Self.match(12, .exact), "C": Self.match(10, .none), "W": Self.match(10, .exact)]
        let playing = NowPlaying.join(
            day: Day("2025-03-09"), listed: listed, window: nil, pagesRead: 1, totalPages: 1, chart: chart, matches: matches, watched: ["W", "A"])
        #expect(playing.films.map(\.movie.id) == [12, 11, 10], "B (#1), A (#2), then the rest; 10 once")
        #expect(playing.films.map(\.rank) == [1, 2, nil], "C's match is none: 10 is not on the chart through it")
        #expect(playing.films.map(\.watched) == [false, true, true])
        #expect(playing.films.map(\.movieCode) == ["B", "A", "W"])
        #expect(playing.unlisted.map(\.movieCode) == ["C", "D"])
    }
}
