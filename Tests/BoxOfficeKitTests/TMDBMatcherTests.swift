import Foundation
import Testing

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

    @Test("a remake sharing its title with an older film: the open year decides")
    func remake() async throws {
        let entries: [SimulatedTMDB.Entry] = [
            .init(Self.movie(1, "올드보이", released: "2003-11-21", popularity: 90)),
            .init(Self.movie(2, "올드보이", original: "Oldboy", language: "en", released: "2013-11-27", popularity: 20)),
        ]
        let film = FilmQuery(movieCode: "20136601", title: "올드보이", titleEnglish: "Oldboy", openDate: Day("2013-12-05"), isKorean: false)
        let (result, _) = try await match(film, in: entries)
        #expect(result.details?.movie.id == 2 && result.confidence == .exact)
        let original = FilmQuery(movieCode: "20030001", title: "올드보이", openDate: Day("2003-11-21"), isKorean: true)
        let (older, _) = try await match(original, in: entries)
        #expect(older.details?.movie.id == 1 && older.confidence == .exact)
    }

    @Test("spacing differences still match exactly: 범죄도시3 vs 범죄도시 3")
    func spacing() async throws {
        let entries: [SimulatedTMDB.Entry] = [.init(Self.movie(1017163, "범죄도시 3", released: "2023-05-31"))]
        let (result, _) = try await match(FilmQuery(movieCode: "20228555", title: "범죄도시3", openDate: Day("2023-05-31"), isKorean: true), in: entries)
        #expect(result.details?.movie.id == 1017163 && result.confidence == .exact)
    }

    @Test("a foreign film TMDB knows only by its English title is found on the third rung")
    func englishTitle() async throws {
        let entries: [SimulatedTMDB.Entry] = [
            .init(Self.movie(7, "The Quiet Girl", original: "An Cailín Ciúin", language: "ga", released: "2023-05-31"))
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
        #expect(result.confidence == .none && result.details == nil)
        #expect(stub.requests.count == 3, "three searches, no details")
    }

    @Test("a same-titled film from years away is not guessed")
    func wrongYear() async throws {
        let entries: [SimulatedTMDB.Entry] = [.init(Self.movie(1, "귀향", released: "2006-03-01"))]
        let (result, _) = try await match(FilmQuery(movieCode: "1", title: "귀향", openDate: Day("2016-02-24"), isKorean: true), in: entries)
        #expect(result.confidence == .none)
    }

    @Test("a year off is likely; a Korean theatrical release near the open date confirms it")
    func confirmation() async throws {
        let film = FilmQuery(movieCode: "1", title: "라 뤼미에르", openDate: Day("2025-02-26"), isKorean: false)
        let unconfirmed: [SimulatedTMDB.Entry] = [.init(Self.movie(8, "라 뤼미에르", original: "La Lumière", language: "fr", released: "2024-11-20"))]
        #expect(try await match(film, in: unconfirmed).0.confidence == .likely)
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
        #expect(try await match(film, in: contradicted).0.confidence == .likely)
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

    @Test(
        "scoring: exact, likely and none",
        arguments: [
            ("2023-05-31", "ko", true, MatchConfidence.exact),
            ("2022-12-30", "ko", true, .likely),
            ("2023-05-31", "en", true, .likely),
            ("2021-05-31", "ko", true, .none),
            (nil, "ko", true, .likely),
            (nil, "en", true, .none),
        ] as [(String?, String, Bool, MatchConfidence)])
    func scoring(released: String?, language: String, korean: Bool, expected: MatchConfidence) {
        let movie = Self.movie(1, "범죄도시 3", language: language, released: released)
        let film = FilmQuery(movieCode: "1", title: "범죄도시3", openDate: Day("2023-05-31"), isKorean: korean)
        #expect(TMDBMatcher.score(movie, for: film).confidence == expected)
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
