import BoxOfficeModel
import BoxOfficeServices

/// A film's TMDB match. It shares the film's movie-info request (for the English title and the
/// nation) rather than repeating it; a TMDB failure never fails the fetch, it is recorded instead.
struct TMDBMatchJob: FetchJob {
    let film: ChartedFilm

    var identity: String { "tmdb-match:\(film.code)" }

    func run(_ context: FetchContext) async throws -> FetchJobResult {
        guard let matcher = context.enrichment.matcher, await !context.failure.stopped else { return .nothing }
        let info: MovieInfo?
        do {
            info = try await context.movieInfo(film.code)
        } catch {
            _ = try FetchContext.missingReason(error)
            return .nothing
        }
        let query = FilmQuery(movieCode: film.code, title: film.title, openDate: film.openDate, chartDate: film.chartDate, info: info)
        do {
            let match = try await matcher.match(query)
            return FetchJobResult { [code = film.code] in $0.matches[code] = match }
        } catch let error as TMDBError {
            await context.failure.record(error)
            return .nothing
        }
    }
}
