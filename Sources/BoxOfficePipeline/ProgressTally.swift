import BoxOfficeServices
import Foundation

/// Counts finished jobs and passes the progress on; the receiver decides how often to show it.
actor ProgressTally {
    private var progress: FetchStage.Progress
    private let budget: KOBISBudget?
    private let report: (@Sendable (FetchStage.Progress) -> Void)?

    init(chartsTotal: Int, budget: KOBISBudget?, report: (@Sendable (FetchStage.Progress) -> Void)?) {
        progress = .init(chartsDone: 0, chartsTotal: chartsTotal, filmsDone: 0, filmsKnown: 0, calls: 0)
        self.budget = budget
        self.report = report
    }

    /// A chart is done, naming `newFilms` films no chart before it named (``QueuedFilms``).
    func chartDone(newFilms: Int) async {
        progress.chartsDone += 1
        progress.filmsKnown += newFilms
        await send()
    }

    func filmDone() async {
        progress.filmsDone += 1
        await send()
    }

    private func send() async {
        guard let report else { return }
        progress.calls = await budget?.spent ?? progress.calls
        report(progress)
    }
}

extension FetchStage.Progress {
    /// Seconds left, from the work done so far: charts, films (movie info and TMDB, one unit each)
    /// and the look-back's charts after the range. Films not seen yet are projected from the new
    /// films per chart so far (at most 3 a chart), so the estimate does not run out while charts are
    /// still coming in. Nil until 2% of the work is done.
    package func remaining(lookBackCharts: Int, elapsed: TimeInterval) -> TimeInterval? {
        let chartsLeft = chartsTotal - chartsDone
        let perChart = chartsDone > 0 ? min(Double(filmsKnown) / Double(chartsDone), 3) : 3
        let filmsExpected = Double(filmsKnown) + Double(chartsLeft) * perChart
        let total = Double(chartsTotal + lookBackCharts) + filmsExpected
        let done = Double(chartsDone + filmsDone)
        guard total > 0, done / total > 0.02 else { return nil }
        return max(elapsed / (done / total) - elapsed, 0)
    }
}
