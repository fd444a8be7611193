import BoxOfficeModel
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The KOBIS calls one run may send. When it runs out, or KOBIS says the quota is spent (320011),
/// no new call is sent; calls already in flight finish and what they fetch is kept.
public actor KOBISBudget {
    public enum Stop: Equatable, Sendable {
        /// This run's `--budget` is spent.
        case budget(Int)
        /// KOBIS answered 320011.
        case quota
    }

    private let limit: Int?
    private let ledger: QuotaLedger?
    private let day: Day
    public private(set) var spent = 0
    public private(set) var stop: Stop?

    /// - Parameters:
    ///   - limit: calls this run may send; nil for no limit of its own.
    ///   - ledger: where spent calls are recorded, against the Seoul `day`.
    public init(limit: Int?, ledger: QuotaLedger?, day: Day) {
        self.limit = limit
        self.ledger = ledger
        self.day = day
    }

    /// Takes one call from the budget; false when none is left (or the quota is spent).
    public func take() -> Bool {
        if stop != nil { return false }
        if let limit, spent >= limit {
            stop = .budget(limit)
            return false
        }
        spent += 1
        try? ledger?.record(1, on: day)
        return true
    }

    /// KOBIS said the key's quota is spent: no more calls this run.
    public func quotaExhausted() {
        stop = .quota
    }
}
