import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Problems with the cache, the budget, or serving offline.
package enum CacheError: UserFacingError, Equatable {
    /// The cache cannot be written at all (checked before any call is sent).
    case unwritable(path: String, reason: String)
    /// `fetch` found the quota ledger unwritable before sending a call.
    case ledgerUnwritable(String)
    /// An entry could not be written during a `fetch`, which stops rather than spend calls it cannot keep.
    case cannotStore(path: String, reason: String)
    case locked(path: String, waited: Double)
    /// `--offline` and these dates, periods (or films) are not cached. `resume` is the `fetch`
    /// command that caches them.
    case offlineMiss(dates: [Day], periods: [ChartPeriod] = [], films: [String], resume: String)
    /// The budget or the quota ran out: what was fetched is cached; these dates and periods remain.
    case budgetSpent(stop: KOBISBudget.Stop, remaining: [Day], periods: [ChartPeriod] = [], films: Int, resume: String)

    /// "2 weekend charts (2025-03-07..2025-03-09, …)".
    static func periodList(_ periods: [ChartPeriod]) -> String? {
        guard let kind = periods.first?.kind else { return nil }
        let shown = periods.prefix(3).map { "\($0.start.iso)..\($0.end.iso)" }.joined(separator: ", ") + (periods.count > 3 ? ", …" : "")
        return "\(periods.count) \(kind.optionName) chart\(periods.count == 1 ? "" : "s") (\(shown))"
    }

    package var errorDescription: String? {
        switch self {
        case let .unwritable(path, reason):
            return
                "cannot write to the cache: \(path) (\(reason)); no call was sent; free space, choose another --cache-dir, or pass --no-cache (report) to fetch without caching"
        case .ledgerUnwritable(let failure):
            return
                "cannot update the quota ledger: \(failure); no call was sent, since calls it cannot record would escape the daily budget; fix it or set XDG_STATE_HOME to a writable folder"
        case let .cannotStore(path, reason):
            return
                "cannot write the cache entry \(path) (\(reason)); stopped so that no more calls are spent without being kept; free space or choose another --cache-dir, then run the same command again to resume"
        case let .locked(path, waited):
            return
                "another boxoffice run is using the cache \(path)\(waited > 0 ? " (waited \(PeopleFormat.trimmed(waited, places: 1)) s)" : ""); try again later, or pass --wait SECONDS to wait for it (--help-hidden lists it)"
        case let .offlineMiss(dates, periods, films, resume):
            var parts: [String] = []
            if !dates.isEmpty { parts.append("\(dates.count) date\(dates.count == 1 ? "" : "s") not cached: \(DateRange.compactList(dates))") }
            if let list = Self.periodList(periods) { parts.append("\(list) not cached") }
            if !films.isEmpty {
                parts.append(
                    "movie info for \(films.count) film\(films.count == 1 ? "" : "s") not cached (\(films.prefix(5).joined(separator: ", "))\(films.count > 5 ? ", …" : ""))"
                )
            }
            return "--offline: \(parts.joined(separator: "; ")); run '\(resume)' first"
        case let .budgetSpent(stop, remaining, periods, films, resume):
            let why =
                switch stop {
                case .budget(let limit, let kept): KOBISError.spent(limit: limit, kept: kept)
                case .quota: "KOBIS says the key's daily quota is used up (320011)"
                case .ledger(let failure):
                    "the quota ledger cannot record calls (\(failure)), so no more were sent; fix it or set XDG_STATE_HOME elsewhere"
                }
            var left: [String] = []
            if !remaining.isEmpty {
                left.append("\(remaining.count) date\(remaining.count == 1 ? "" : "s") remain (\(DateRange.compactList(remaining, limit: 4)))")
            }
            if let list = Self.periodList(periods) { left.append("\(list) remain") }
            if films > 0 { left.append("movie info for \(films) film\(films == 1 ? "" : "s")") }
            return
                "\(why); everything fetched is cached; \(left.isEmpty ? "nothing remains" : left.joined(separator: " and ")); run '\(resume)' again (tomorrow, for the quota) to resume"
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .unwritable, .cannotStore, .ledgerUnwritable: .cannotWrite
        case .budgetSpent(.ledger, _, _, _, _): .cannotWrite
        case .locked, .offlineMiss, .budgetSpent: .tryAgainLater
        }
    }
}
