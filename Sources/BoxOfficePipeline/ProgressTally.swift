import BoxOfficeServices

/// Counts finished jobs and passes the progress on; the receiver decides how often to show it.
actor ProgressTally {
    private var progress: FetchStage.Progress
    private var films = Set<String>()
    private let budget: KOBISBudget?
    private let report: (@Sendable (FetchStage.Progress) -> Void)?

    init(chartsTotal: Int, budget: KOBISBudget?, report: (@Sendable (FetchStage.Progress) -> Void)?) {
        progress = .init(chartsDone: 0, chartsTotal: chartsTotal, filmsDone: 0, filmsKnown: 0, calls: 0)
        self.budget = budget
        self.report = report
    }

    func chartDone(films codes: [String]) async {
        progress.chartsDone += 1
        films.formUnion(codes)
        progress.filmsKnown = films.count
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
