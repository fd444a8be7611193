import BoxOfficeModel
import BoxOfficeOutput
import BoxOfficeServices
import Foundation

/// `boxoffice calendar`: releases in Korea (KOBIS's movie list, TMDB's upcoming films) and your
/// films' projected dates, as an ICS calendar and its tables.
package struct CalendarRequest: PipelineRequest {
    /// The range as typed; the next 90 days when nil.
    package var range: String?
    package var formats: [CalendarFormat]
    /// The folder as typed, or `-`.
    package var folder: String
    package var language: ReportLanguage
    /// `--no-tmdb`: KOBIS's movie list alone.
    package var noTMDB: Bool

    package init(range: String?, formats: [CalendarFormat], folder: String, language: ReportLanguage, noTMDB: Bool) {
        (self.range, self.formats, self.folder, self.language, self.noTMDB) = (range, formats, folder, language, noTMDB)
    }

    package func run(_ run: PipelineRun) async throws -> [URL] {
        let wiring = try run.wiring()
        // The sample's "today" is the morning after its week.
        let today = run.isSample ? SampleData.week.end + 1 : wiring.calendar.today
        let range = try Self.range(self.range, today: today, calendar: wiring.calendar)
        let output = try Publishing(OutputSettings(formats: [], folder: folder, language: language))
        // The bundled sample has none of your films.
        let watchlist = run.isSample ? Watchlist() : try WatchlistFile.standard(run.environment).load()
        let settings = TMDBSettings(off: noTMDB, required: false, rate: 20, overrides: nil)
        let written = try await wiring.withKOBIS(run.context) { client, cache in
            let plan =
                run.offline
                ? try wiring.cachedTMDB(settings, cache: cache)
                : try wiring.enrichment(run.context, settings: settings, cache: cache, upcoming: false)
            var off: String?
            if !run.isSample, case .disabled(let reason) = plan { off = noTMDB ? "--no-tmdb" : reason }
            let pipeline = CalendarPipeline(client: client, tmdb: plan.matcher?.client, tmdbOff: off, width: run.width, simulated: run.isSample)
            return try await pipeline.write(range, today: today, watchlist: watchlist, formats: formats, output: output, stamp: Date())
        }
        written.notes.forEach(run.console.warn)
        return written.paths
    }

    /// The range asked for, from 2003-11-11 to two years ahead; the next 90 days when none is.
    static func range(_ text: String?, today: Day, calendar: SeoulCalendar) throws -> DateRange {
        guard let text else { return DateRange(start: today, end: today + (CalendarPipeline.defaultDays - 1)) }
        var seoul = calendar
        seoul.pinnedToday = today
        return try DateRange.parse(text, calendar: seoul, latest: today + CalendarPipeline.aheadDays)
    }
}
