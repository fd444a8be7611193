import Foundation

/// What changed since the last report written to the same folder: the morning message's news
/// (issue 30, item 6). Built from a small state file the previous report left (``DigestState``).
package struct Digest: Codable, Sendable, Equatable {
    package struct Film: Codable, Sendable, Equatable {
        package var movieCode: String
        package var title: String
        /// A milestone's admissions (100만 …), for ``Digest/milestones``.
        package var threshold: Int64?

        enum CodingKeys: String, CodingKey {
            case movieCode = "movie_cd"
            case title
            case threshold
        }
    }

    /// The last day of the report the state came from.
    package var since: Day
    package var newEntries: [Film]
    package var left: [Film]
    package var milestones: [Film]
    package var revisions: Int

    enum CodingKeys: String, CodingKey {
        case since
        case newEntries = "new_entries"
        case left
        case milestones
        case revisions
    }

    package var isEmpty: Bool { newEntries.isEmpty && left.isEmpty && milestones.isEmpty && revisions == 0 }

    /// The change from `previous` to the report's last chart; nil when the state is not from an
    /// earlier day (a report over the same day again, or an older range).
    package static func since(_ previous: DigestState, report: BoxOfficeReport) -> Digest? {
        guard report.periodKind == nil, let last = report.days.last, previous.date < last.date else { return nil }
        let now = Dictionary(last.entries.map { ($0.movieCode, $0) }) { first, _ in first }
        let then = Dictionary(previous.films.map { ($0.movieCode, $0) }) { first, _ in first }
        var milestones: [Film] = []
        for entry in last.entries {
            let before = then[entry.movieCode]?.audienceCumulative ?? (entry.audienceCumulative - entry.audience)
            var threshold = Milestone.stepSize
            while threshold <= entry.audienceCumulative {
                if before < threshold { milestones.append(Film(movieCode: entry.movieCode, title: entry.title, threshold: threshold)) }
                threshold += Milestone.stepSize
            }
        }
        return Digest(
            since: previous.date,
            newEntries: last.entries.filter { then[$0.movieCode] == nil }.map { Film(movieCode: $0.movieCode, title: $0.title) },
            left: previous.films.filter { now[$0.movieCode] == nil }.map { Film(movieCode: $0.movieCode, title: $0.title) },
            milestones: milestones.sorted { ($0.threshold ?? 0) > ($1.threshold ?? 0) }.prefix(5).map { $0 },
            revisions: report.revisions?.count ?? 0)
    }
}

/// The last chart a folder's report showed, kept as `.boxoffice-digest.json` beside the reports so
/// the next one can say what changed.
package struct DigestState: Codable, Sendable, Equatable {
    package struct Film: Codable, Sendable, Equatable {
        package var movieCode: String
        package var title: String
        package var audienceCumulative: Int64

        enum CodingKeys: String, CodingKey {
            case movieCode = "movie_cd"
            case title
            case audienceCumulative = "audience_cumulative"
        }
    }

    package var date: Day
    package var films: [Film]

    /// The state a daily report leaves: its last day's chart. Nil for a period report.
    package init?(_ report: BoxOfficeReport) {
        guard report.periodKind == nil, let last = report.days.last, !last.entries.isEmpty else { return nil }
        date = last.date
        films = last.entries.map { Film(movieCode: $0.movieCode, title: $0.title, audienceCumulative: $0.audienceCumulative) }
    }

    package static let fileName = ".boxoffice-digest.json"

    /// The file's bytes, keys sorted: two runs over the same chart leave the same file (unsorted,
    /// each process ordered the keys its own way).
    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }
}
