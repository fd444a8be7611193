/// A film's KOBIS movie info.
struct MovieInfoJob: FetchJob {
    let film: ChartedFilm

    var identity: String { "movie-info:\(film.code)" }

    func run(_ context: FetchContext) async throws -> FetchJobResult {
        let result: FetchJobResult
        do {
            let info = try await context.movieInfo(film.code)
            result = FetchJobResult { [code = film.code] output in output.movies[code] = info }
        } catch {
            result = .missing(.movieInfo(film.code), try FetchContext.missingReason(error))
        }
        await context.tally.filmDone()
        return result
    }
}
