import BoxOfficeModel
import BoxOfficeServices
import Foundation

/// The bundled sample: a simulated week of Korean box office that needs no key and no network.
///
/// It holds films entering and leaving the chart, a re-release shown with a blank open date, paid
/// previews before an open date, a diversity film drifting in and out of the top 10, Korean and
/// foreign films, and a title with a comma.
package enum SampleData {
    /// The week the sample covers.
    package static let week = DateRange(start: Day(year: 2025, month: 3, day: 3)!, end: Day(year: 2025, month: 3, day: 9)!)

    /// A transport that answers KOBIS requests from the simulation, in process.
    package static func transport() -> ClosureTransport {
        let kobis = SimulatedKOBIS(films: films)
        return ClosureTransport { kobis.response(to: $0) }
    }

    /// TMDB enrichment from the simulation, with the coming-soon list; no rate limit to wait on.
    package static func enrichment() -> EnrichmentPlan {
        let client = TMDBClient(transport: tmdbTransport(), credentials: .bearer("sample"), requestsPerSecond: 10_000)
        return .enabled(matcher: TMDBMatcher(client: client), upcoming: true)
    }

    /// A transport that answers TMDB requests from the simulation, in process.
    package static func tmdbTransport() -> ClosureTransport {
        let tmdb = SimulatedTMDB(entries: tmdbEntries, upcoming: upcoming, nowPlaying: nowPlaying)
        return ClosureTransport { tmdb.response(to: $0) }
    }

    /// The sample's TMDB: exact matches for most films, a likely one (a year off), one TMDB does not
    /// know, one found only by its English title, a same-titled older film, a title spelled without
    /// its comma, and a re-release with both of its Korean releases. No posters: the sample is offline.
    package static let tmdbEntries: [SimulatedTMDB.Entry] = [
        .init(
            TMDBMovie(
                id: 900_001, title: "검은 파도", originalTitle: "검은 파도", originalLanguage: "ko", releaseDate: d("2025-02-26"), popularity: 88.1,
                voteAverage: 7.4, voteCount: 312),
            keywords: ["부산", "밀수", "형사"], koreanReleases: [d("2025-02-26")], certification: "15",
            extras: .init(imdbID: "tt9900001", originCountries: ["KR"], budget: 9_500_000)),
        .init(
            TMDBMovie(
                id: 900_002, title: "스타폴", originalTitle: "Starfall", originalLanguage: "en", releaseDate: d("2025-02-12"), popularity: 140.5,
                voteAverage: 6.9, voteCount: 1_840),
            keywords: ["우주", "소행성", "구조 작전"], koreanReleases: [d("2025-02-12")], certification: "12",
            extras: .init(
                imdbID: "tt9900002", collection: "Starfall Collection", originCountries: ["US"], budget: 180_000_000, revenue: 412_000_000)),
        .init(
            TMDBMovie(
                id: 900_003, title: "한강의 밤", originalTitle: "한강의 밤", originalLanguage: "ko", releaseDate: d("2025-03-05"), popularity: 61.0,
                voteAverage: 8, voteCount: 97),
            keywords: ["서울", "가족", "야간 근무"], koreanReleases: [d("2025-03-05")], certification: "12", extras: .init(originCountries: ["KR"])),
        .init(
            TMDBMovie(
                id: 900_004, title: "작은 용의 모험", originalTitle: "Little Dragon's Quest", originalLanguage: "en", releaseDate: d("2025-01-22"),
                popularity: 75.3, voteAverage: 7.1, voteCount: 655),
            keywords: ["용", "우정"], koreanReleases: [d("2025-01-22")]),
        .init(
            TMDBMovie(
                id: 900_005, title: "기억의 정원", originalTitle: "기억의 정원", originalLanguage: "ko", releaseDate: d("2004-03-19"), popularity: 12.4,
                voteAverage: 7.8, voteCount: 420),
            keywords: ["첫사랑", "재개봉"], koreanReleases: [d("2004-03-19"), d("2025-03-07")]),
        .init(
            TMDBMovie(
                id: 900_006, title: "별빛 열차", originalTitle: "星明かりの列車", originalLanguage: "ja", releaseDate: d("2025-03-12"), popularity: 54.2,
                voteAverage: 0, voteCount: 0),
            keywords: ["기차", "여름방학"], koreanReleases: [d("2025-03-12")]),
        .init(
            TMDBMovie(
                id: 900_008, title: "라 뤼미에르", originalTitle: "La Lumière", originalLanguage: "fr", releaseDate: d("2024-11-20"), popularity: 8.7,
                voteAverage: 6.6, voteCount: 41),
            keywords: ["파리", "사진가"]),
        .init(
            TMDBMovie(
                id: 900_109, title: "철벽", originalTitle: "철벽", originalLanguage: "ko", releaseDate: d("1998-05-02"), popularity: 3.1,
                voteAverage: 5.9, voteCount: 12),
            keywords: ["군대"], koreanReleases: [d("1998-05-02")]),
        .init(
            TMDBMovie(
                id: 900_009, title: "철벽", originalTitle: "철벽", originalLanguage: "ko", releaseDate: d("2025-01-29"), popularity: 70.2,
                voteAverage: 6.4, voteCount: 530),
            keywords: ["경호원", "액션"], koreanReleases: [d("2025-01-29")]),
        .init(
            TMDBMovie(
                id: 900_010, title: "미드나잇 카페", originalTitle: "Midnight Café", originalLanguage: "en", releaseDate: d("2025-02-19"), popularity: 33.3,
                voteAverage: 6.8, voteCount: 210),
            keywords: ["런던", "카페"], koreanReleases: [d("2025-02-19")]),
        .init(
            TMDBMovie(
                id: 900_011, title: "괴물의 숲", originalTitle: "괴물의 숲", originalLanguage: "ko", releaseDate: d("2025-03-05"), popularity: 41.9,
                voteAverage: 5.7, voteCount: 88),
            keywords: ["숲", "괴물", "캠핑"], koreanReleases: [d("2025-03-05")]),
        .init(
            TMDBMovie(
                id: 900_012, title: "바다의 심장", originalTitle: "Heart of the Sea", originalLanguage: "en", releaseDate: d("2025-01-15"),
                popularity: 29.0, voteAverage: 6.2, voteCount: 1_020),
            keywords: ["바다", "보물"], koreanReleases: [d("2025-01-15")]),
        .init(
            TMDBMovie(
                id: 900_013, title: "안녕 나의 고양이", originalTitle: "안녕 나의 고양이", originalLanguage: "ko", releaseDate: d("2025-02-26"), popularity: 18.5,
                voteAverage: 7.9, voteCount: 64),
            keywords: ["고양이", "가족"], koreanReleases: [d("2025-02-26")]),
        .init(
            TMDBMovie(
                id: 900_015, title: "Luna Blu", originalTitle: "Luna blu", originalLanguage: "it", releaseDate: d("2025-02-05"), popularity: 4.4,
                voteAverage: 6.1, voteCount: 23),
            keywords: ["로마", "여름"], koreanReleases: [d("2025-02-05")]),
    ]

    /// TMDB's upcoming list for Korea as the sample week would have seen it.
    package static let upcoming: [TMDBMovie] = [
        TMDBMovie(id: 900_006, title: "별빛 열차", originalTitle: "星明かりの列車", originalLanguage: "ja", releaseDate: d("2025-03-12"), popularity: 54.2),
        TMDBMovie(id: 900_101, title: "봄의 왈츠", originalTitle: "봄의 왈츠", originalLanguage: "ko", releaseDate: d("2025-03-19"), popularity: 20.1),
        TMDBMovie(id: 900_102, title: "썬더 로드", originalTitle: "Thunder Road", originalLanguage: "en", releaseDate: d("2025-03-26"), popularity: 90.4),
        TMDBMovie(id: 900_103, title: "은하 탐정", originalTitle: "은하 탐정", originalLanguage: "ko", releaseDate: d("2025-03-26"), popularity: 30.0),
        TMDBMovie(
            id: 900_104, title: "마법 학교", originalTitle: "The School of Spells", originalLanguage: "en", releaseDate: d("2025-04-02"), popularity: 66.6
        ),
        TMDBMovie(id: 900_105, title: "서울의 봄날", originalTitle: "서울의 봄날", originalLanguage: "ko", releaseDate: d("2025-04-09"), popularity: 15.2),
        TMDBMovie(
            id: 900_106, title: "타이니 자이언츠", originalTitle: "Tiny Giants", originalLanguage: "en", releaseDate: d("2025-04-16"), popularity: 44.0),
        TMDBMovie(id: 900_107, title: "별의 노래", originalTitle: "별의 노래", originalLanguage: "ko", releaseDate: d("2025-04-23"), popularity: 9.9),
        TMDBMovie(id: 900_108, title: "마지막 승부", originalTitle: "마지막 승부", originalLanguage: "ko", releaseDate: nil, popularity: 5.5),
    ]

    /// TMDB's now-playing list for Korea as the sample week would have seen it, by popularity:
    /// films on the chart (one TMDB matches only as `likely`), one that has left it, and two
    /// KOBIS's sample does not hold. Nine films: three pages of four, each repeating the last of
    /// the page before, as TMDB does.
    package static let nowPlaying: [TMDBMovie] = [
        TMDBMovie(id: 900_002, title: "스타폴", originalTitle: "Starfall", originalLanguage: "en", releaseDate: d("2025-02-12"), popularity: 140.5),
        TMDBMovie(id: 900_001, title: "검은 파도", originalTitle: "검은 파도", originalLanguage: "ko", releaseDate: d("2025-02-26"), popularity: 88.1),
        TMDBMovie(
            id: 900_004, title: "작은 용의 모험", originalTitle: "Little Dragon's Quest", originalLanguage: "en", releaseDate: d("2025-01-22"),
            popularity: 75.3),
        TMDBMovie(id: 900_009, title: "철벽", originalTitle: "철벽", originalLanguage: "ko", releaseDate: d("2025-01-29"), popularity: 70.2),
        TMDBMovie(id: 900_003, title: "한강의 밤", originalTitle: "한강의 밤", originalLanguage: "ko", releaseDate: d("2025-03-05"), popularity: 61.0),
        TMDBMovie(id: 900_201, title: "조용한 항구", originalTitle: "조용한 항구", originalLanguage: "ko", releaseDate: d("2025-02-19"), popularity: 45.0),
        TMDBMovie(id: 900_011, title: "괴물의 숲", originalTitle: "괴물의 숲", originalLanguage: "ko", releaseDate: d("2025-03-05"), popularity: 41.9),
        TMDBMovie(id: 900_008, title: "라 뤼미에르", originalTitle: "La Lumière", originalLanguage: "fr", releaseDate: d("2024-11-20"), popularity: 8.7),
        TMDBMovie(
            id: 900_202, title: "Paper Moons", originalTitle: "Paper Moons", originalLanguage: "en", releaseDate: d("2025-02-05"), popularity: 6.3),
    ]

    private static func d(_ text: String) -> Day { Day(iso: text)! }

    package static let films: [SimulatedFilm] =
        [
            SimulatedFilm(
                code: "20259001", title: "검은 파도", titleEnglish: "Black Tide", nations: ["한국"],
                genres: ["범죄", "액션"], director: ("한지후", "HAN Jihu"), distributor: "씨네마루엔터테인먼트",
                watchGrade: "15세이상관람가", runtimeMinutes: 121, productionYear: 2024,
                releaseDate: d("2025-02-26"), openingAudience: 182_000, weeklyRetention: 0.64,
                ticketPrice: 11_200, screensAtOpening: 1_420),
            SimulatedFilm(
                code: "20259002", title: "스타폴", titleEnglish: "Starfall", nations: ["미국"],
                genres: ["SF", "액션"], director: ("마야 오티즈", "Maya Ortiz"), distributor: "월드픽처스코리아",
                watchGrade: "12세이상관람가", runtimeMinutes: 138, productionYear: 2024,
                releaseDate: d("2025-02-12"), openingAudience: 151_000, weeklyRetention: 0.58,
                ticketPrice: 12_400, screensAtOpening: 1_310),
            SimulatedFilm(
                code: "20259003", title: "한강의 밤", titleEnglish: "Night on the Han", nations: ["한국"],
                genres: ["드라마"], director: ("윤서하", "YOON Seoha"), distributor: "한빛배급",
                watchGrade: "12세이상관람가", runtimeMinutes: 112, productionYear: 2024,
                releaseDate: d("2025-03-05"), openingAudience: 96_000, weeklyRetention: 0.7,
                ticketPrice: 10_900, screensAtOpening: 1_050),
            SimulatedFilm(
                code: "20259004", title: "작은 용의 모험", titleEnglish: "Little Dragon's Quest", nations: ["미국"],
                genres: ["애니메이션", "어드벤처"], director: ("샘 벨로스", "Sam Bellows"), distributor: "월드픽처스코리아",
                watchGrade: "전체관람가", runtimeMinutes: 98, productionYear: 2024,
                releaseDate: d("2025-01-22"), openingAudience: 88_000, weeklyRetention: 0.47,
                ticketPrice: 9_800, screensAtOpening: 980),
            SimulatedFilm(
                code: "20259005", title: "기억의 정원", titleEnglish: "Garden of Memory", nations: ["한국"],
                genres: ["멜로/로맨스"], director: ("박은결", "PARK Eungyeol"), distributor: "다시봄필름",
                watchGrade: "15세이상관람가", runtimeMinutes: 117, productionYear: 2004,
                releaseDate: d("2004-03-19"), chartOpenDate: .some(nil), firstDay: d("2025-03-07"),
                openingAudience: 5_200, weeklyRetention: 0.6, ticketPrice: 8_000, screensAtOpening: 160,
                priorAudience: 1_183_402, priorSales: 6_870_115_000),
            SimulatedFilm(
                code: "20259006", title: "별빛 열차", titleEnglish: "Starlight Train", nations: ["일본"],
                genres: ["애니메이션"], director: ("이토 하루카", "ITO Haruka"), distributor: "미라클애니",
                watchGrade: "전체관람가", runtimeMinutes: 104, productionYear: 2024,
                releaseDate: d("2025-03-12"), firstDay: d("2025-03-08"),
                openingAudience: 60_000, weeklyRetention: 0.6, previewAudience: 6_400, previewDays: [d("2025-03-08")],
                ticketPrice: 10_500, screensAtOpening: 820),
            SimulatedFilm(
                code: "20259007", title: "바람의 기록", titleEnglish: "Records of the Wind", nations: ["한국"],
                genres: ["다큐멘터리"], director: ("최하늘", "CHOI Haneul"), distributor: "독립영화배급협동조합",
                watchGrade: "전체관람가", runtimeMinutes: 89, productionYear: 2024,
                releaseDate: d("2025-02-19"), openingAudience: 2_700, weeklyRetention: 0.93,
                diversity: true, ticketPrice: 8_900, screensAtOpening: 70),
            SimulatedFilm(
                code: "20259008", title: "라 뤼미에르", titleEnglish: "La Lumière", nations: ["프랑스"],
                genres: ["드라마"], director: ("클레어 드니오", "Claire Deniaud"), distributor: "아트하우스 봄",
                watchGrade: "15세이상관람가", runtimeMinutes: 109, productionYear: 2024,
                releaseDate: d("2025-02-26"), openingAudience: 3_400, weeklyRetention: 0.82,
                diversity: true, ticketPrice: 9_400, screensAtOpening: 95),
            SimulatedFilm(
                code: "20259009", title: "철벽", titleEnglish: "Iron Wall", nations: ["한국"],
                genres: ["액션"], director: ("강태민", "KANG Taemin"), distributor: "씨네마루엔터테인먼트",
                watchGrade: "15세이상관람가", runtimeMinutes: 126, productionYear: 2024,
                releaseDate: d("2025-01-29"), openingAudience: 205_000, weeklyRetention: 0.5,
                ticketPrice: 11_000, screensAtOpening: 1_650, priorAudience: 0),
            SimulatedFilm(
                code: "20259010", title: "미드나잇 카페", titleEnglish: "Midnight Café", nations: ["영국", "미국"],
                genres: ["코미디"], director: ("올리버 헤이스", "Oliver Hayes"), distributor: "유니온시네마",
                watchGrade: "12세이상관람가", runtimeMinutes: 101, productionYear: 2024,
                releaseDate: d("2025-02-19"), openingAudience: 36_000, weeklyRetention: 0.6,
                ticketPrice: 10_700, screensAtOpening: 540),
            SimulatedFilm(
                code: "20259011", title: "괴물의 숲", titleEnglish: "Forest of Monsters", nations: ["한국"],
                genres: ["공포"], director: ("서도윤", "SEO Doyun"), distributor: "한빛배급",
                watchGrade: "청소년관람불가", runtimeMinutes: 94, productionYear: 2025,
                releaseDate: d("2025-03-05"), openingAudience: 24_000, weeklyRetention: 0.45,
                ticketPrice: 10_600, screensAtOpening: 610),
            SimulatedFilm(
                code: "20259012", title: "바다의 심장", titleEnglish: "Heart of the Sea", nations: ["미국"],
                genres: ["어드벤처"], director: ("리사 모건", "Lisa Morgan"), distributor: "유니온시네마",
                watchGrade: "12세이상관람가", runtimeMinutes: 131, productionYear: 2024,
                releaseDate: d("2025-01-15"), openingAudience: 72_000, weeklyRetention: 0.52,
                ticketPrice: 11_500, screensAtOpening: 900),
            SimulatedFilm(
                code: "20259013", title: "안녕, 나의 고양이", titleEnglish: "Hello, My Cat", nations: ["한국"],
                genres: ["가족", "코미디"], director: ("정민아", "JUNG Mina"), distributor: "다시봄필름",
                watchGrade: "전체관람가", runtimeMinutes: 99, productionYear: 2024,
                releaseDate: d("2025-02-26"), openingAudience: 14_500, weeklyRetention: 0.68,
                ticketPrice: 9_900, screensAtOpening: 380),
            SimulatedFilm(
                code: "20259014", title: "마지막 수업", titleEnglish: "The Last Lesson", nations: ["한국"],
                genres: ["드라마"], director: ("오지원", "OH Jiwon"), distributor: "한빛배급",
                watchGrade: "12세이상관람가", runtimeMinutes: 115, productionYear: 2024,
                releaseDate: d("2025-01-08"), openingAudience: 52_000, weeklyRetention: 0.45,
                ticketPrice: 10_400, screensAtOpening: 720),
            SimulatedFilm(
                code: "20259015", title: "블루 문", titleEnglish: "Luna Blu", nations: ["이탈리아"],
                genres: ["드라마", "멜로/로맨스"], director: ("마르코 벨리니", "Marco Bellini"), distributor: "아트하우스 봄",
                watchGrade: "15세이상관람가", runtimeMinutes: 106, productionYear: 2023,
                releaseDate: d("2025-02-05"), openingAudience: 1_900, weeklyRetention: 0.7,
                diversity: true, ticketPrice: 9_100, screensAtOpening: 48),
        ]
        + minorFilms

    /// Small films that never reach the daily top 10 of the sample week: what a deeper chart
    /// (`--depth 20` or `40`) adds below it, Korean and foreign, commercial and diversity.
    static let minorFilms: [SimulatedFilm] = [
        ("20259016", "겨울 정류장", "Winter Bus Stop", "한국", true, "2025-02-19", 260.0),
        ("20259017", "작은 아씨들의 식탁", "A Small Table", "한국", true, "2025-02-26", 210),
        ("20259018", "푸른 운동장", "The Blue Field", "한국", false, "2025-01-22", 330),
        ("20259019", "택시 드라이버 김씨", "Mr. Kim Drives", "한국", false, "2025-02-12", 240),
        ("20259020", "할머니의 바다", "Grandma's Sea", "한국", true, "2025-03-05", 170),
        ("20259021", "소리 없는 밤", "Silent Night", "한국", true, "2025-01-29", 190),
        ("20259022", "에코 파크", "Echo Park", "미국", false, "2025-02-05", 310),
        ("20259023", "레드 라인", "Red Line", "영국", false, "2025-01-15", 420),
        ("20259024", "여름의 끝", "La Fin de l'été", "프랑스", true, "2025-02-19", 200),
        ("20259025", "초록 지붕", "Green Roof", "일본", true, "2025-02-26", 230),
        ("20259026", "마지막 기차", "The Last Train", "독일", true, "2025-01-22", 260),
        ("20259027", "사막의 별", "Desert Star", "스페인", false, "2025-03-05", 150),
    ].enumerated().map { index, film in
        let (code, title, english, nation, diversity, release, opening) = film
        return SimulatedFilm(
            code: code, title: title, titleEnglish: english, nations: [nation],
            genres: [index % 2 == 0 ? "드라마" : "코미디"], director: ("감독\(index + 1)", "Director \(index + 1)"),
            distributor: diversity ? "아트하우스 봄" : "유니온시네마", watchGrade: "12세이상관람가", runtimeMinutes: 95 + index,
            productionYear: 2024, releaseDate: d(release), openingAudience: opening, weeklyRetention: 0.8,
            diversity: diversity, ticketPrice: 9_500, screensAtOpening: diversity ? 30 : 60)
    }
}
