import BoxOfficeModel
import BoxOfficeServices
import Foundation

/// One request of the fetch stage (a chart, a film's movie info, a TMDB match): what to send, and
/// where its answer goes in ``FetchStage/Output``.
///
/// A new kind of data is a new job type; nothing else in the stage needs to know about it.
protocol FetchJob: Sendable {
    /// Jobs with the same identity run once per fetch, however often they are queued.
    var identity: String { get }
    func run(_ context: FetchContext) async throws -> FetchJobResult
}

/// What a finished job adds to the output, and the jobs it makes necessary.
struct FetchJobResult: Sendable {
    var record: @Sendable (inout FetchStage.Output) -> Void
    var followUps: [any FetchJob] = []

    /// A job that could not be had this run (not cached offline, or no budget left).
    static func missing(_ subject: FetchStage.Missing.Subject, _ reason: KOBISError) -> FetchJobResult {
        FetchJobResult { $0.missing.append(.init(subject: subject, reason: reason)) }
    }

    static let nothing = FetchJobResult { _ in }
}

/// A job as the bounded task group keeps it: equal by identity, so it is run once.
///
/// The identity is made once, when the job is queued: the set of jobs seen compares it on every
/// probe, and a job type's `identity` may build its string each time it is asked (a 20-year
/// weekly report spent a tenth of its fetch stage making period identities again).
struct QueuedJob: Hashable, Sendable {
    let job: any FetchJob
    let identity: String

    init(job: any FetchJob) {
        self.job = job
        identity = job.identity
    }

    static func == (lhs: QueuedJob, rhs: QueuedJob) -> Bool { lhs.identity == rhs.identity }
    func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}

/// What every job of one fetch shares: the clients, the run's settings, and the shared state.
struct FetchContext: Sendable {
    let kobis: KOBISClient
    let filters: KOBISFilters
    let enrichment: EnrichmentPlan
    /// A film's movie info, requested once however many jobs ask for it.
    let movieInfo: @Sendable (String) async throws -> MovieInfo?
    let failure: EnrichmentFailure
    let tally: ProgressTally
    /// `--allow-gaps`: a chart KOBIS answers with a malformed body is left out as a gap.
    var allowGaps = false
    /// The films whose jobs are queued already.
    let queuedFilms = QueuedFilms()

    /// Why a chart was not had: ``missingReason(_:)``, and with `--allow-gaps` a malformed answer
    /// too. Without it, a malformed chart ends the run with a message that says how to go on.
    func chartMissingReason(_ error: any Error) throws -> KOBISError {
        if let malformed = error as? KOBISError, case .malformed = malformed {
            guard allowGaps else { throw ChartGapError(underlying: malformed) }
            return malformed
        }
        return try Self.missingReason(error)
    }

    /// The movie info (and, when TMDB is on, the match) of every film of a chart.
    /// `date` is the chart's: a re-release is told by a Korean release near it (the job of the film's
    /// first chart to arrive is the one that runs).
    /// Only films no chart named before make jobs (`newFilms` of them): a film already queued
    /// would be queued again only to be found in the group's set of jobs seen, and over twenty
    /// years 73,000 chart rows name 4,900 films.
    func filmJobs(_ entries: [ChartEntry], on date: Day) -> (jobs: [any FetchJob], newFilms: Int) {
        let lookUp = enrichment.matcher != nil
        var jobs: [any FetchJob] = []
        var newFilms = 0
        for entry in entries where queuedFilms.claim(entry.movieCode) {
            newFilms += 1
            let film = ChartedFilm(code: entry.movieCode, title: entry.title, openDate: entry.openDate, chartDate: date)
            jobs.append(MovieInfoJob(film: film))
            if lookUp { jobs.append(TMDBMatchJob(film: film)) }
        }
        return (jobs, newFilms)
    }

    /// The KOBIS errors that mean "not had this run" rather than "failed": the date or film is
    /// reported as missing and the run goes on with what it has. Any other error is rethrown.
    static func missingReason(_ error: any Error) throws -> KOBISError {
        switch error as? KOBISError {
        case let reason? where reason.meansNotHad: return reason
        default: throw error
        }
    }
}

/// A film named by a chart.
struct ChartedFilm: Sendable {
    let code: String
    let title: String
    let openDate: Day?
    /// The date of a chart that names it.
    var chartDate: Day? = nil
}

/// The films whose movie-info (and TMDB) jobs one fetch has queued: a chart's films that are
/// queued already make no jobs. Each duplicate job cost an identity string, a boxed job, a hash
/// and a probe of the group's set, 20 ms of a twenty-year report's CPU (`perf`).
final class QueuedFilms: Sendable {
    private let codes = Locked<Set<String>>([])

    /// true when `code` was not queued before (the caller queues it now).
    func claim(_ code: String) -> Bool {
        codes.withLock { $0.insert(code).inserted }
    }
}
