import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficePipeline
@testable import BoxOfficeServices

@Suite("TMDB decoding")
struct TMDBDecodingTests {
    @Test("recorded lists decode: search, now playing, upcoming, popular", .enabled(if: TestData.sharedFixturesAvailable, TestData.sharedSkipReason))
    func lists() throws {
        let search = try TMDBDecoding.page(try TestData.shared("tmdb/search-movie.json"))
        #expect(search.totalPages == 1 && search.results.count == 1)
        let film = try #require(search.results.first)
        #expect(film.id == 21778 && film.title == "RRRrrrr!!!" && film.originalLanguage == "fr")
        #expect(film.releaseDate == Day("2004-01-28") && film.voteAverage == 6.331 && film.voteCount == 1107)
        #expect(film.posterPath == "/qsGU6myn85MfqpNAxzJtxJ3VgrM.jpg")
        for name in ["movie-now-playing", "movie-upcoming", "movie-popular"] {
            let page = try TMDBDecoding.page(try TestData.shared("tmdb/\(name).json"))
            #expect(page.page == 1 && page.totalPages > 1 && page.results.count == 20, "\(name)")
            #expect(page.results.allSatisfy { $0.id > 0 && !$0.title.isEmpty }, "\(name)")
        }
    }

    @Test("recorded details, keywords and release dates decode", .enabled(if: TestData.sharedFixturesAvailable, TestData.sharedSkipReason))
    func details() throws {
        let details = try TMDBDecoding.details(try TestData.shared("tmdb/movie-details.json"), id: 550)
        #expect(details.movie.id == 550 && details.movie.title == "Fight Club" && details.movie.voteAverage == 8.44)
        #expect(details.keywords.isEmpty && details.releases.isEmpty, "nothing appended in this recording")
        let keywords = try TMDBDecoding.details(try TestData.shared("tmdb/movie-keywords.json"), id: 550)
        #expect(keywords.keywords.count == 14 && keywords.keywords.first == "dual identity")
        let releases = try TMDBDecoding.details(try TestData.shared("tmdb/movie-release-dates.json"), id: 550)
        #expect(releases.releases.count > 20)
        #expect(releases.releases["AU"]?.first?.date == Day("1999-11-11") && releases.releases["AU"]?.first?.type == 3)
        // What the same call carries at no extra cost: IMDb id, collection, countries, budget, revenue, certification.
        #expect(details.extras.imdbID == "tt0137523" && details.extras.collection == nil)
        #expect(details.extras.budget == 63_000_000 && details.extras.revenue == 100_853_753)
        #expect(details.extras.originCountries == ["DE", "US"], "the production countries when origin_country is absent")
        #expect(details.extras.runtimeMinutes == 139, "the runtime the matcher compares with KOBIS's showTm")
        #expect(releases.koreanCertification == "18" && releases.koreanTheatricalDates == [Day("1999-11-13")])
        let film = FilmTMDB(details)
        #expect(film.imdbURL == "https://www.imdb.com/title/tt0137523/")
    }

    @Test("appended translations and alternative titles decode; a 0 budget is unknown; a bad IMDb id makes no link")
    func appendedTitles() throws {
        let body = Data(
            """
            {"id": 60, "title": "Past Lives", "original_title": "Past Lives", "imdb_id": "javascript:alert(1)", "budget": 0, "revenue": "12",
             "origin_country": ["US", "KR"], "belongs_to_collection": {"id": 1, "name": "Series"},
             "translations": {"translations": [{"iso_639_1": "ko", "iso_3166_1": "KR", "data": {"title": "패스트 라이브즈"}},
                                               {"iso_639_1": "fr", "data": {"title": "Vies antérieures"}}, 7]},
             "alternative_titles": {"titles": [{"iso_3166_1": "KR", "title": "전생"}, {"title": null}]},
             "release_dates": {"results": [{"iso_3166_1": "KR", "release_dates": [
                {"release_date": "2024-01-01T00:00:00.000Z", "type": 4, "certification": "12"},
                {"release_date": "2023-03-06T00:00:00.000Z", "type": 3, "certification": "15"}]}]}}
            """.utf8)
        let details = try TMDBDecoding.details(body, id: 60)
        #expect(details.extras.otherTitles == ["패스트 라이브즈", "전생"])
        #expect(details.extras.budget == nil && details.extras.revenue == 12 && details.extras.collection == "Series")
        #expect(details.extras.originCountries == ["US", "KR"])
        #expect(details.koreanCertification == "15", "the theatrical release's certification first")
        #expect(FilmTMDB(details).imdbURL == nil)
    }

    @Test(
        "recorded error bodies: with and without success, and the errors list",
        .enabled(if: TestData.sharedFixturesAvailable, TestData.sharedSkipReason))
    func errors() throws {
        let invalid = TMDBDecoding.errorMessage(try TestData.shared("tmdb/invalid-api-key.json"))
        #expect(invalid.code == 7 && invalid.message?.hasPrefix("Invalid API key") == true)
        let missing = TMDBDecoding.errorMessage(try TestData.shared("tmdb/resource-not-found.json"))
        #expect(missing.code == 34)
        let validation = TMDBDecoding.errorMessage(try TestData.shared("tmdb/validation-error.json"))
        #expect(validation.code == nil && validation.message == "query must be provided")
        #expect(TMDBDecoding.errorMessage(Data("<html><body>502 Bad Gateway</body></html>".utf8)) == (nil, nil))
    }

    @Test("hand-made Korean search: null poster, empty date and overview, whole-number vote average")
    func koreanSearch() throws {
        let body = #"""
            {"page":1,"results":[
              {"adult":false,"backdrop_path":null,"genre_ids":[],"id":1017163,"original_language":"ko","original_title":"범죄도시 3",
               "overview":"","popularity":35.2,"poster_path":null,"release_date":"2023-05-31","title":"범죄도시 3","video":false,"vote_average":7,"vote_count":312},
              {"adult":false,"id":99,"original_language":"ko","original_title":"미정","overview":"","popularity":0.6,"poster_path":"",
               "release_date":"","title":"미정","vote_average":0,"vote_count":0},
              {"title":"no id"}
            ],"total_pages":1,"total_results":2}
            """#
        let page = try TMDBDecoding.page(Data(body.utf8))
        #expect(page.results.count == 2)
        #expect(page.results[0].posterPath == nil && page.results[0].voteAverage == 7 && page.results[0].overview.isEmpty)
        #expect(page.results[1].releaseDate == nil && page.results[1].posterPath == nil)
    }

    @Test("bodies that are not TMDB JSON are malformed", arguments: ["", "<html>oops</html>", "[]", "{\"page\":1}", "{\"results\":"])
    func malformed(text: String) {
        #expect(throws: MalformedBody.self) { try TMDBDecoding.page(Data(text.utf8)) }
    }
}

@Suite("TMDB client")
struct TMDBClientTests {
    @Test("a token travels as a Bearer header, a v3 key as api_key; Korean language and region")
    func credentials() async throws {
        let stub = TMDBStub { _ in TMDBStub.json(#"{"page":1,"results":[],"total_pages":1,"total_results":0}"#) }
        _ = try await stub.client(credentials: .bearer("eyJ.secret")).search("범죄도시", year: 2023)
        _ = try await stub.client(credentials: .apiKey("0123abcd")).search("범죄도시", year: nil)
        let (first, second) = (stub.requests[0], stub.requests[1])
        #expect(first.headers["Authorization"] == "Bearer eyJ.secret" && first.queryValue("api_key") == nil)
        #expect(first.queryValue("query") == "범죄도시" && first.queryValue("year") == "2023")
        #expect(first.queryValue("language") == "ko-KR" && first.queryValue("region") == "KR")
        #expect(second.headers["Authorization"] == nil && second.queryValue("api_key") == "0123abcd" && second.queryValue("year") == nil)
    }

    @Test("429 waits max(Retry-After, 1 s) and tries again", arguments: [("0", 1.0), ("3", 3.0), ("", 1.0)])
    func rateLimited(retryAfter: String, wait: Double) async throws {
        let calls = Counter()
        let stub = TMDBStub { _ in
            calls.increment() == 1
                ? TMDBStub.json(
                    #"{"status_code":25,"status_message":"Your request count (41) is over the allowed limit of 40."}"#, status: 429,
                    headers: ["Retry-After": retryAfter])
                : TMDBStub.json(#"{"page":1,"results":[],"total_pages":1,"total_results":0}"#)
        }
        let time = VirtualTime()
        _ = try await stub.client(time: time).search("x", year: nil)
        #expect(stub.requests.count == 2)
        #expect(time.recorded.filter { $0 >= 1 } == [wait], "\(time.recorded)")
    }

    @Test("a 429 that never clears is an outage after a few tries")
    func rateLimitedForever() async throws {
        let stub = TMDBStub { _ in TMDBStub.json("{}", status: 429, headers: ["Retry-After": "1"]) }
        let error = await #expect(throws: TMDBError.self) { try await stub.client().search("x", year: nil) }
        #expect(stub.requests.count == 1 + RetryPolicy().retries)
        #expect(error?.exitStatus == .tryAgainLater && error?.errorDescription?.contains("4 attempts") == true)
    }

    @Test("requests are spaced by the rate limit")
    func spacing() async throws {
        let stub = TMDBStub { _ in TMDBStub.json(#"{"page":1,"results":[],"total_pages":1,"total_results":0}"#) }
        let time = VirtualTime()
        let client = stub.client(time: time)
        for _ in 0..<5 { _ = try await client.search("x", year: nil) }
        // At 20 per second, five requests in a row wait 50 ms before each but the first.
        #expect(time.recorded.count == 4 && time.recorded.allSatisfy { abs($0 - 0.05) < 1e-9 })
    }

    @Test(
        "error statuses map to errors that name no secret",
        arguments: [
            (401, #"{"status_code":7,"status_message":"Invalid API key","success":false}"#, BoxOfficeModel.ExitStatus.configuration),
            (500, #"{"status_code":11,"status_message":"Internal error"}"#, .tryAgainLater),
            (502, "<html><body><h1>502 Bad Gateway</h1></body></html>", .tryAgainLater),
            (503, #"{"status_code":46,"status_message":"maintenance"}"#, .tryAgainLater),
            (422, #"{"errors":["query must be provided"]}"#, .malformedResponse),
        ])
    func statuses(status: Int, body: String, exit: BoxOfficeModel.ExitStatus) async {
        let stub = TMDBStub { _ in TMDBStub.json(body, status: status) }
        let error = await #expect(throws: TMDBError.self) { try await stub.client(credentials: .apiKey("SECRETKEY123")).search("x", year: nil) }
        #expect(error?.exitStatus == exit)
        #expect(error?.errorDescription?.contains("SECRETKEY123") == false)
    }

    @Test("details of an unknown id is nil, not an error")
    func unknownDetails() async throws {
        let stub = TMDBStub { _ in
            TMDBStub.json(#"{"status_code":34,"status_message":"The resource you requested could not be found."}"#, status: 404)
        }
        #expect(try await stub.client().details(id: 1) == nil)
    }

    @Test("details of another film (id 551 for 550) are asked for once more, then malformed; a single glitch is cured", arguments: [1, 2])
    func detailsOfAnotherFilm(wrongAnswers: Int) async throws {
        let counter = Counter()
        let stub = TMDBStub { _ in
            let id = counter.increment() <= wrongAnswers ? 551 : 550
            return TMDBStub.json(#"{"id":\#(id),"title":"Fight Club","release_date":"1999-10-15"}"#)
        }
        if wrongAnswers == 1 {
            #expect(try await stub.client().details(id: 550)?.movie.id == 550)
        } else {
            await #expect(
                throws: TMDBError.malformed(subject: "TMDB film 550", reason: "it answers another request (id 551, where 550 was asked for), twice")
            ) {
                try await stub.client().details(id: 550)
            }
        }
        #expect(stub.requests.count == 2)
    }

    @Test("Retry-After as an HTTP date")
    func retryAfterDate() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RetryAfter.seconds("Tue, 14 Nov 2023 22:13:25 GMT", now: now) == 5)
        #expect(RetryAfter.seconds("soon", now: now) == nil)
        #expect(RetryAfter.seconds("86400", now: now) == 60)
    }
}
