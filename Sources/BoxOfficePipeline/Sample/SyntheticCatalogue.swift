import BoxOfficeModel

/// Generates a large, deterministic catalogue of simulated films for benchmarks: a release every
/// day or two, of every size, so any range has a full top 10 and a realistic number of films. Runs
/// fade unevenly (``SimulatedFilm/Legs``): a quarter front-loaded, a quarter with legs that grow, one
/// in thirty a sleeper that opens small and climbs, the rest steady; on a public holiday every film
/// sells 20 % more than on a Saturday.
package enum SyntheticCatalogue {
    /// Films released from 70 days before `range` to its end; the same range always gives the same films.
    package static func films(covering range: DateRange) -> [SimulatedFilm] {
        var films: [SimulatedFilm] = []
        var release = range.start - 70
        var index = 0
        while release <= range.end {
            let code = "8" + String(100_000_0 + index).suffix(7)
            let size = SimulatedFilm.noise(code, Day(ordinal: 1))
            let korean = SimulatedFilm.noise(code, Day(ordinal: 2)) < 0.5
            let diversity = SimulatedFilm.noise(code, Day(ordinal: 3)) < 0.2
            let shape = SimulatedFilm.noise(code, Day(ordinal: 6))
            let legs: SimulatedFilm.Legs = shape < 0.25 ? .weak : shape < 0.5 ? .strong : shape < 0.533 ? .sleeper : .steady
            let opening = (diversity ? 1_000 + 4_000 * size : 8_000 + 240_000 * size * size) * (legs == .sleeper ? 0.3 : 1)
            films.append(
                SimulatedFilm(
                    code: code,
                    title: "시뮬레이션 영화 \(index + 1)",
                    titleEnglish: "Simulated Film \(index + 1)",
                    nations: korean ? ["한국"] : ["미국"],
                    genres: ["드라마"],
                    director: ("감독 \(index + 1)", "Director \(index + 1)"),
                    distributor: "배급사 \(index % 9 + 1)",
                    watchGrade: "12세이상관람가",
                    runtimeMinutes: 90 + index % 50,
                    productionYear: release.year,
                    releaseDate: release,
                    openingAudience: opening,
                    weeklyRetention: 0.4 + 0.35 * SimulatedFilm.noise(code, Day(ordinal: 4)),
                    diversity: diversity,
                    ticketPrice: 9_000 + 3_000 * SimulatedFilm.noise(code, Day(ordinal: 5)),
                    screensAtOpening: diversity ? 40 + 100 * size : 300 + 1_500 * size,
                    legs: legs, holidayLift: 1.2
                ))
            release = release + (1 + index % 2)
            index += 1
        }
        return films
    }
}
