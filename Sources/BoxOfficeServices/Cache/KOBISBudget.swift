import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The KOBIS calls one run may send, every attempt counted (retries too, through
/// ``RequestMeter``). When it runs out, or KOBIS says the quota is spent (320011), no new call is
/// sent; calls already in flight finish and what they fetch is kept.
///
/// Calls are recorded in the quota ledger before they are sent, a block of ``blockSize`` at a time:
/// one locked, durable write per block rather than per call (a month's fetch spent up to 1.85× its
/// time in per-call ledger writes). ``settle()`` gives back the part of the last block not sent,
/// so a run that ends however it ends short of `kill -9` records exactly what it sent, and a killed
/// one at most a block more: the ledger never counts fewer calls than were sent.
package actor KOBISBudget: RequestMeter {
    package enum Stop: Equatable, Sendable {
        /// This run's budget is spent: `--budget`, or what the day's quota leaves less the calls
        /// `--reserve` keeps for scheduled runs (`kept`, 0 when none was kept).
        case budget(Int, kept: Int)
        /// KOBIS answered 320011.
        case quota
        /// The quota ledger could not record a call (`fetch`, which never spends a call unrecorded).
        case ledger(String)
    }

    /// Calls recorded in the ledger per write.
    package static let blockSize = 16

    private let limit: Int?
    /// The calls `--reserve` kept back from this run's limit (0 with `--budget`).
    private let kept: Int
    /// ``kept``, for the message of a spent budget.
    package var keptForScheduledRuns: Int { kept }
    private let ledger: QuotaLedger?
    private let day: Day
    package private(set) var spent = 0
    package private(set) var stop: Stop?
    /// Calls sent but not recorded in the ledger, and the first reason; 0 and nil when all were.
    package private(set) var unrecorded = 0
    private var ledgerFailure: String?
    /// What was wrong with the ledger when the run began.
    private let ledgerProblem: String?
    /// Calls recorded in the ledger and not sent yet.
    private var reserved = 0
    /// The ledger write under way, which every caller that needs a call waits for.
    private var reserving: Task<Void, Never>?

    /// Whether a call the ledger cannot record is sent anyway.
    private let sendsUnrecorded: Bool

    /// - Parameters:
    ///   - limit: calls this run may send; nil for no limit of its own.
    ///   - ledger: where spent calls are recorded, against the Seoul `day`.
    ///   - sendsUnrecorded: true to send a call the ledger could not record (and warn, for a
    ///     `report`, whose few calls matter less than its report); false to stop instead (`fetch`).
    ///   - kept: the calls `--reserve` kept back from `limit` for scheduled runs, which the
    ///     message of a spent budget names.
    package init(limit: Int?, kept: Int = 0, ledger: QuotaLedger?, day: Day, sendsUnrecorded: Bool = true) {
        let problem = ledger?.problem
        self.limit = limit
        self.kept = kept
        self.ledger = ledger
        self.day = day
        self.sendsUnrecorded = sendsUnrecorded
        ledgerProblem = problem
    }

    /// Takes one call from the budget, recorded in the ledger; false when none is left (or the
    /// quota is spent). A ledger that cannot be written stops the calls (``Stop/ledger(_:)``), or
    /// with `sendsUnrecorded` is counted in ``ledgerWarning``.
    package func take() async -> Bool {
        while true {
            if stop != nil { return false }
            if let limit, spent >= limit {
                stop = .budget(limit, kept: kept)
                return false
            }
            if reserved > 0 || ledger == nil || ledgerFailure != nil {
                if reserved > 0 {
                    reserved -= 1
                } else if ledger != nil {
                    unrecorded += 1
                }
                spent += 1
                return true
            }
            // Record the next block, once, however many callers are waiting for it. The task runs
            // on this actor (it inherits the isolation; the ledger write suspends it and lets other
            // callers in) and applies its outcome before it completes, so no waiter sees it half done.
            if reserving == nil {
                let calls = limit.map { min(Self.blockSize, $0 - spent) } ?? Self.blockSize
                let (ledger, day) = (ledger!, day)
                reserving = Task {
                    do throws(LedgerError) {
                        try await ledger.record(calls, on: day)
                        finishBlock(calls, failure: nil)
                    } catch {
                        finishBlock(0, failure: error)
                    }
                }
            }
            await reserving?.value
        }
    }

    /// The outcome of a block's ledger write.
    private func finishBlock(_ calls: Int, failure: LedgerError?) {
        reserved += calls
        if let failure {
            if sendsUnrecorded {
                ledgerFailure = failure.description
            } else if stop == nil {
                stop = .ledger(failure.description)
            }
        }
        reserving = nil
    }

    /// True when `calls` more could be taken without passing this run's limit (always, without one).
    package func covers(_ calls: Int) -> Bool {
        stop == nil && limit.map { spent + calls <= $0 } ?? true
    }

    /// Calls libcurl sent again on its own (a kept connection that died under the request): they
    /// reached KOBIS, so they are counted and recorded even past the limit, from the block recorded
    /// ahead while it lasts and in the ledger beyond it (``unrecorded`` when the ledger refuses).
    package func recordResent(_ calls: Int) async {
        guard calls > 0 else { return }
        await reserving?.value
        spent += calls
        let covered = min(reserved, calls)
        reserved -= covered
        let rest = calls - covered
        guard rest > 0, let ledger else { return }
        if ledgerFailure != nil || stop.map({ if case .ledger = $0 { true } else { false } }) == true {
            unrecorded += rest
            return
        }
        do throws(LedgerError) {
            try await ledger.record(rest, on: day)
        } catch {
            unrecorded += rest
            if ledgerFailure == nil { ledgerFailure = error.description }
        }
    }

    /// A retry is a call like any other: taken from the budget and recorded.
    package func admitRetry() async -> Bool { await take() }

    /// Gives back to the ledger the calls recorded ahead and never sent. Called once the run's
    /// KOBIS work is over; a run that never calls it (killed) leaves at most a block counted extra.
    package func settle() async {
        await reserving?.value
        guard let ledger, reserved > 0 else { return }
        let unused = reserved
        reserved = 0
        try? await ledger.record(-unused, on: day)
    }

    /// One line for stderr when the ledger was damaged or calls went unrecorded (the daily guard
    /// does not know about them).
    package var ledgerWarning: String? {
        if let ledgerProblem { return ledgerProblem + "; what could not be read is ignored, and a copy is kept beside it when it is next written" }
        guard unrecorded > 0, let ledgerFailure else { return nil }
        return
            "\(unrecorded) KOBIS call\(unrecorded == 1 ? " was" : "s were") not recorded in the quota ledger (\(ledgerFailure)); later runs today will not count \(unrecorded == 1 ? "it" : "them")"
    }

    /// KOBIS said the key's quota is spent: no more calls this run.
    package func quotaExhausted() {
        stop = .quota
    }
}
