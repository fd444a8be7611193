import Foundation

/// The bundled sample: a simulated week of Korean box office that needs no key and no network.
///
/// It holds films entering and leaving the chart, a re-release shown with a blank open date, paid
/// previews before an open date, a diversity film drifting in and out of the top 10, Korean and
/// foreign films, and a title with a comma.
public enum SampleData {
    /// The week the sample covers.
    public static let week = DateRange(start: Day(year: 2025, month: 3, day: 3)!, end: Day(year: 2025, month: 3, day: 9)!)

    /// A transport that answers KOBIS requests from the simulation, in process.
    public static func transport() -> ClosureTransport {
        let kobis = SimulatedKOBIS(films: films)
        return ClosureTransport { kobis.response(to: $0) }
    }

    private static func d(_ text: String) -> Day { Day(iso: text)! }

    public static let films: [SimulatedFilm] = [
        SimulatedFilm(code: "20259001", title: "검은 파도", titleEnglish: "Black Tide", nations: ["한국"],
                      genres: ["범죄", "액션"], director: ("한지후", "HAN Jihu"), distributor: "씨네마루엔터테인먼트",
                      watchGrade: "15세이상관람가", runtimeMinutes: 121, productionYear: 2024,
                      releaseDate: d("2025-02-26"), openingAudience: 182_000, weeklyRetention: 0.64,
                      ticketPrice: 11_200, screensAtOpening: 1_420),
        SimulatedFilm(code: "20259002", title: "스타폴", titleEnglish: "Starfall", nations: ["미국"],
                      genres: ["SF", "액션"], director: ("마야 오티즈", "Maya Ortiz"), distributor: "월드픽처스코리아",
                      watchGrade: "12세이상관람가", runtimeMinutes: 138, productionYear: 2024,
                      releaseDate: d("2025-02-12"), openingAudience: 151_000, weeklyRetention: 0.58,
                      ticketPrice: 12_400, screensAtOpening: 1_310),
        SimulatedFilm(code: "20259003", title: "한강의 밤", titleEnglish: "Night on the Han", nations: ["한국"],
                      genres: ["드라마"], director: ("윤서하", "YOON Seoha"), distributor: "한빛배급",
                      watchGrade: "12세이상관람가", runtimeMinutes: 112, productionYear: 2024,
                      releaseDate: d("2025-03-05"), openingAudience: 96_000, weeklyRetention: 0.7,
                      ticketPrice: 10_900, screensAtOpening: 1_050),
        SimulatedFilm(code: "20259004", title: "작은 용의 모험", titleEnglish: "Little Dragon's Quest", nations: ["미국"],
                      genres: ["애니메이션", "어드벤처"], director: ("샘 벨로스", "Sam Bellows"), distributor: "월드픽처스코리아",
                      watchGrade: "전체관람가", runtimeMinutes: 98, productionYear: 2024,
                      releaseDate: d("2025-01-22"), openingAudience: 88_000, weeklyRetention: 0.47,
                      ticketPrice: 9_800, screensAtOpening: 980),
        SimulatedFilm(code: "20259005", title: "기억의 정원", titleEnglish: "Garden of Memory", nations: ["한국"],
                      genres: ["멜로/로맨스"], director: ("박은결", "PARK Eungyeol"), distributor: "다시봄필름",
                      watchGrade: "15세이상관람가", runtimeMinutes: 117, productionYear: 2004,
                      releaseDate: d("2004-03-19"), chartOpenDate: .some(nil), firstDay: d("2025-03-07"),
                      openingAudience: 5_200, weeklyRetention: 0.6, ticketPrice: 8_000, screensAtOpening: 160,
                      priorAudience: 1_183_402, priorSales: 6_870_115_000),
        SimulatedFilm(code: "20259006", title: "별빛 열차", titleEnglish: "Starlight Train", nations: ["일본"],
                      genres: ["애니메이션"], director: ("이토 하루카", "ITO Haruka"), distributor: "미라클애니",
                      watchGrade: "전체관람가", runtimeMinutes: 104, productionYear: 2024,
                      releaseDate: d("2025-03-12"), firstDay: d("2025-03-08"),
                      openingAudience: 60_000, weeklyRetention: 0.6, previewAudience: 6_400, previewDays: [d("2025-03-08")],
                      ticketPrice: 10_500, screensAtOpening: 820),
        SimulatedFilm(code: "20259007", title: "바람의 기록", titleEnglish: "Records of the Wind", nations: ["한국"],
                      genres: ["다큐멘터리"], director: ("최하늘", "CHOI Haneul"), distributor: "독립영화배급협동조합",
                      watchGrade: "전체관람가", runtimeMinutes: 89, productionYear: 2024,
                      releaseDate: d("2025-02-19"), openingAudience: 2_700, weeklyRetention: 0.93,
                      diversity: true, ticketPrice: 8_900, screensAtOpening: 70),
        SimulatedFilm(code: "20259008", title: "라 뤼미에르", titleEnglish: "La Lumière", nations: ["프랑스"],
                      genres: ["드라마"], director: ("클레어 드니오", "Claire Deniaud"), distributor: "아트하우스 봄",
                      watchGrade: "15세이상관람가", runtimeMinutes: 109, productionYear: 2024,
                      releaseDate: d("2025-02-26"), openingAudience: 3_400, weeklyRetention: 0.82,
                      diversity: true, ticketPrice: 9_400, screensAtOpening: 95),
        SimulatedFilm(code: "20259009", title: "철벽", titleEnglish: "Iron Wall", nations: ["한국"],
                      genres: ["액션"], director: ("강태민", "KANG Taemin"), distributor: "씨네마루엔터테인먼트",
                      watchGrade: "15세이상관람가", runtimeMinutes: 126, productionYear: 2024,
                      releaseDate: d("2025-01-29"), openingAudience: 205_000, weeklyRetention: 0.5,
                      ticketPrice: 11_000, screensAtOpening: 1_650, priorAudience: 0),
        SimulatedFilm(code: "20259010", title: "미드나잇 카페", titleEnglish: "Midnight Café", nations: ["영국", "미국"],
                      genres: ["코미디"], director: ("올리버 헤이스", "Oliver Hayes"), distributor: "유니온시네마",
                      watchGrade: "12세이상관람가", runtimeMinutes: 101, productionYear: 2024,
                      releaseDate: d("2025-02-19"), openingAudience: 36_000, weeklyRetention: 0.6,
                      ticketPrice: 10_700, screensAtOpening: 540),
        SimulatedFilm(code: "20259011", title: "괴물의 숲", titleEnglish: "Forest of Monsters", nations: ["한국"],
                      genres: ["공포"], director: ("서도윤", "SEO Doyun"), distributor: "한빛배급",
                      watchGrade: "청소년관람불가", runtimeMinutes: 94, productionYear: 2025,
                      releaseDate: d("2025-03-05"), openingAudience: 24_000, weeklyRetention: 0.45,
                      ticketPrice: 10_600, screensAtOpening: 610),
        SimulatedFilm(code: "20259012", title: "바다의 심장", titleEnglish: "Heart of the Sea", nations: ["미국"],
                      genres: ["어드벤처"], director: ("리사 모건", "Lisa Morgan"), distributor: "유니온시네마",
                      watchGrade: "12세이상관람가", runtimeMinutes: 131, productionYear: 2024,
                      releaseDate: d("2025-01-15"), openingAudience: 72_000, weeklyRetention: 0.52,
                      ticketPrice: 11_500, screensAtOpening: 900),
        SimulatedFilm(code: "20259013", title: "안녕, 나의 고양이", titleEnglish: "Hello, My Cat", nations: ["한국"],
                      genres: ["가족", "코미디"], director: ("정민아", "JUNG Mina"), distributor: "다시봄필름",
                      watchGrade: "전체관람가", runtimeMinutes: 99, productionYear: 2024,
                      releaseDate: d("2025-02-26"), openingAudience: 14_500, weeklyRetention: 0.68,
                      ticketPrice: 9_900, screensAtOpening: 380),
        SimulatedFilm(code: "20259014", title: "마지막 수업", titleEnglish: "The Last Lesson", nations: ["한국"],
                      genres: ["드라마"], director: ("오지원", "OH Jiwon"), distributor: "한빛배급",
                      watchGrade: "12세이상관람가", runtimeMinutes: 115, productionYear: 2024,
                      releaseDate: d("2025-01-08"), openingAudience: 52_000, weeklyRetention: 0.45,
                      ticketPrice: 10_400, screensAtOpening: 720),
        SimulatedFilm(code: "20259015", title: "블루 문", titleEnglish: "Luna Blu", nations: ["이탈리아"],
                      genres: ["드라마", "멜로/로맨스"], director: ("마르코 벨리니", "Marco Bellini"), distributor: "아트하우스 봄",
                      watchGrade: "15세이상관람가", runtimeMinutes: 106, productionYear: 2023,
                      releaseDate: d("2025-02-05"), openingAudience: 1_900, weeklyRetention: 0.7,
                      diversity: true, ticketPrice: 9_100, screensAtOpening: 48),
    ]
}
