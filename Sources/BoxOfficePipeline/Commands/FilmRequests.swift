import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficeServices
import Foundation

/// `boxoffice film`: one film's whole run from the daily charts, or two films' or more compared
/// by day of release.
package struct FilmRequest: PipelineRequest {
    /// KOBIS movie codes or titles: one film, or up to ``FilmComparison/mostFilms`` to compare.
    package var films: [String]
    package var output: OutputSettings

    package init(films: [String], output: OutputSettings) { (self.films, self.output) = (films, output) }

    package func run(_ run: PipelineRun) async throws -> [URL] {
        let publishing = try Publishing(output)
        return try await run.withCharts { client, yesterday, matcher in
            let pipeline = FilmPipeline(client: client, width: run.width, simulated: run.isSample, offline: run.offline, matcher: matcher)
            if films.count == 1 { return try await pipeline.write(films[0], yesterday: yesterday, to: publishing) }
            return try await pipeline.write(comparing: films, yesterday: yesterday, to: publishing)
        }
    }
}

/// `boxoffice company` and `boxoffice person`: a company's or a person's films with their admissions.
package struct FilmographyRequest: PipelineRequest {
    package var kind: Filmography.Kind
    /// A name or a KOBIS code.
    package var name: String
    package var output: OutputSettings

    package init(_ kind: Filmography.Kind, name: String, output: OutputSettings) { (self.kind, self.name, self.output) = (kind, name, output) }

    package func run(_ run: PipelineRun) async throws -> [URL] {
        let publishing = try Publishing(output)
        return try await run.withCharts { client, yesterday, _ in
            try await FilmographyPipeline(kind, client: client, simulated: run.isSample, offline: run.offline).write(
                name, yesterday: yesterday, to: publishing)
        }
    }
}

extension PipelineRun {
    /// What `film`, `company` and `person` share: `body` given the run's KOBIS client, the last
    /// day whose chart counts (yesterday, or the sample's last day) and TMDB's matcher over its
    /// cached answers (none for the sample; a broken overrides file leaves it out, not the run).
    func withCharts<Result>(_ body: (KOBISClient, Day, TMDBMatcher?) async throws -> Result) async throws -> Result {
        let wiring = try wiring()
        return try await wiring.withKOBIS(context) { client, cache in
            guard !isSample else { return try await body(client, SampleData.week.end, nil) }
            return try await body(client, wiring.calendar.yesterday, (try? wiring.cachedTMDB(TMDBSettings(), cache: cache))?.matcher)
        }
    }
}
