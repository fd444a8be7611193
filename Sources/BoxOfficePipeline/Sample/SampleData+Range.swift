import BoxOfficeModel
import BoxOfficeServices

extension SampleData {
    /// The fetch stage of a `--sample` run: the simulated KOBIS and TMDB, no cache, no ledger, no network.
    package static func fetchStage(width: Int, tmdb: Bool, progress: (@Sendable (FetchStage.Progress) -> Void)? = nil) -> FetchStage {
        FetchStage(
            client: KOBISClient(transport: transport(), key: "sample"), width: width,
            enrichment: tmdb ? enrichment() : .disabled(reason: EnrichmentPlan.noTMDBReason), progress: progress)
    }
}
