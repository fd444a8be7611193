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
        /// The quota ledger could not record a call (`fetch`, which never spends a call unrecorded).
        case ledger(String)
    }

    private let limit: Int?
    private let ledger: QuotaLedger?
    private let day: Day
    public private(set) var spent = 0
    public private(set) var stop: Stop?
    /// Calls sent but not recorded in the ledger, and the first reason; 0 and nil when all were.
    public private(set) var unrecorded = 0
    private var ledgerFailure: String?
    /// What was wrong with the ledger when the run began.
    private let ledgerProblem: String?

    /// Whether a call the ledger cannot record is sent anyway.
    private let sendsUnrecorded: Bool

    /// - Parameters:
    ///   - limit: calls this run may send; nil for no limit of its own.
    ///   - ledger: where spent calls are recorded, against the Seoul `day`.
    ///   - sendsUnrecorded: true to send a call the ledger could not record (and warn, for a
    ///     `report`, whose few calls matter less than its report); false to stop instead (`fetch`).
    public init(limit: Int?, ledger: QuotaLedger?, day: Day, sendsUnrecorded: Bool = true) {
        let problem = ledger?.problem
        self.limit = limit
        self.ledger = ledger
        self.day = day
        self.sendsUnrecorded = sendsUnrecorded
        ledgerProblem = problem
    }

    /// Takes one call from the budget and records it in the ledger; false when none is left (or
    /// the quota is spent). A ledger that cannot be written stops the calls (``Stop/ledger(_:)``),
    /// or with `sendsUnrecorded` is counted in ``ledgerWarning``.
    public func take() async -> Bool {
        if stop != nil { return false }
        if let limit, spent >= limit {
            stop = .budget(limit)
            return false
        }
        // Counted before the ledger's wait: the actor lets other calls in while it waits, and they
        // must see this one taken.
        spent += 1
        if let ledger {
            do {
                try await ledger.record(1, on: day)
            } catch {
                guard sendsUnrecorded else {
                    spent -= 1
                    if stop == nil { stop = .ledger(error.description) }
                    return false
                }
                unrecorded += 1
                if ledgerFailure == nil { ledgerFailure = error.description }
            }
        }
        return true
    }

    /// One line for stderr when the ledger was damaged or calls went unrecorded (the daily guard
    /// does not know about them).
    public var ledgerWarning: String? {
        if let ledgerProblem { return ledgerProblem + "; what could not be read is ignored, and a copy is kept beside it when it is next written" }
        guard unrecorded > 0, let ledgerFailure else { return nil }
        return
            "\(unrecorded) KOBIS call\(unrecorded == 1 ? " was" : "s were") not recorded in the quota ledger (\(ledgerFailure)); later runs today will not count \(unrecorded == 1 ? "it" : "them")"
    }

    /// KOBIS said the key's quota is spent: no more calls this run.
    public func quotaExhausted() {
        stop = .quota
    }
}
