import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeServices

#if canImport(Glibc)
import Glibc
#endif

@Suite("The quota ledger")
struct QuotaLedgerTests {
    let day = Day("2025-03-10")

    @Test("calls add up per key and per day, across ledgers sharing the file; a week later old days are forgotten")
    func addsUp() async throws {
        let folder = try ScratchFolder()
        let mine = QuotaLedger(file: folder.file("calls.json"), key: "key-one")
        let again = QuotaLedger(file: folder.file("calls.json"), key: "key-one")
        let other = QuotaLedger(file: folder.file("calls.json"), key: "key-two")
        try await mine.record(3, on: day)
        try await again.record(2, on: day)
        try await other.record(7, on: day)
        try await mine.record(1, on: day + 1)
        #expect(mine.used(on: day) == 5 && mine.used(on: day + 1) == 1 && other.used(on: day) == 7)
        try await mine.record(1, on: day + 9)
        #expect(mine.used(on: day) == 0 && mine.used(on: day + 9) == 1, "days more than a week old are dropped")
        #expect(other.used(on: day) == 7, "another key's count is never lost")
        let text = try String(contentsOf: folder.file("calls.json"), encoding: .utf8)
        #expect(!text.contains("key-one") && text.contains(QuotaLedger.fingerprint(of: "key-one")))
    }

    @Test("a lock held by another run is waited for without blocking a thread, then the update lands")
    func waitsForLock() async throws {
        let folder = try ScratchFolder()
        let ledger = QuotaLedger(file: folder.file("calls.json"), key: "k")
        try await ledger.record(1, on: day)
        let holder = open(folder.file("calls.json").path + ".lock", O_RDWR | O_CLOEXEC)
        #expect(flock(holder, LOCK_EX) == 0)
        async let update: Void = ledger.record(1, on: day, wait: 30)
        try await Task.sleep(for: .milliseconds(100))
        #expect(ledger.used(on: day) == 1, "the update waits for the lock")
        flock(holder, LOCK_UN)
        close(holder)
        try await update
        #expect(ledger.used(on: day) == 2)
    }

    @Test("a lock never released ends in an error, and a budget counts that call as unrecorded with a warning")
    func lockTimeout() async throws {
        let folder = try ScratchFolder()
        let time = VirtualTime()
        let ledger = QuotaLedger(file: folder.file("calls.json"), key: "k", time: time.source)
        let holder = open(folder.file("calls.json").path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        await #expect(throws: LedgerError.cannotLock(path: folder.file("calls.json").path + ".lock")) {
            try await ledger.record(1, on: day, wait: 1)
        }
        let budget = KOBISBudget(limit: 5, ledger: ledger, day: day)
        #expect(await budget.take(), "the call is still allowed")
        #expect(await budget.unrecorded == 1)
        let warning = try #require(await budget.ledgerWarning)
        #expect(warning.hasPrefix("1 KOBIS call was not recorded in the quota ledger (cannot lock"))
    }

    @Test("sends the transport made on its own are counted and recorded, past the block recorded ahead and past the limit")
    func resentCalls() async throws {
        let folder = try ScratchFolder()
        let ledger = QuotaLedger(file: folder.file("calls.json"), key: "k")
        let budget = KOBISBudget(limit: 3, ledger: ledger, day: day)
        #expect(await budget.take())
        #expect(ledger.used(on: day) == 3, "a block of the limit's size recorded ahead")
        await budget.recordResent(1)
        #expect(await budget.spent == 2 && ledger.used(on: day) == 3, "taken from the block recorded ahead")
        await budget.recordResent(4)
        #expect(await budget.spent == 6 && ledger.used(on: day) == 6, "the rest recorded at once, though past the limit: they were sent")
        await budget.recordResent(0)
        await budget.settle()
        let another = await budget.take()
        #expect(ledger.used(on: day) == 6 && !another)
    }

    @Test("a ledger that cannot be written (its folder is a file) is a warning, never silent")
    func unwritable() async throws {
        let folder = try ScratchFolder()
        try Data("x".utf8).write(to: folder.file("state"))
        let ledger = QuotaLedger(file: folder.file("state/boxoffice/calls.json"), key: "k")
        let budget = KOBISBudget(limit: nil, ledger: ledger, day: day)
        let first = await budget.take(), second = await budget.take()
        #expect(first && second)
        #expect(await budget.unrecorded == 2)
        #expect(await budget.ledgerWarning?.hasPrefix("2 KOBIS calls were not recorded in the quota ledger") == true)
    }
}

extension QuotaLedgerTests {
    @Test(
        "a damaged ledger keeps every sound count: another key's, the same key's other days",
        arguments: [#""oops""#, "true", "-5", "1.5", "null", "[1]", "1e12"])
    func damagedEntryCostsOnlyItself(bad: String) async throws {
        let folder = try ScratchFolder()
        let mine = QuotaLedger(file: folder.file("calls.json"), key: "mine")
        let other = QuotaLedger.fingerprint(of: "other")
        let text = """
            {"\(other)": {"2025-03-10": 1234, "2025-03-09": \(bad)}, "\(mine.keyFingerprint)": {"2025-03-10": 7}, "junk": \(bad)}
            """
        try Data(text.utf8).write(to: folder.file("calls.json"))
        #expect(QuotaLedger(file: folder.file("calls.json"), key: "other").used(on: day) == 1234)
        #expect(mine.used(on: day) == 7)
        #expect(mine.problem?.contains("2 entries not a count of calls") == true, "\(mine.problem ?? "")")
        try await mine.record(1, on: day)
        #expect(QuotaLedger(file: folder.file("calls.json"), key: "other").used(on: day) == 1234, "another key's count survives the rewrite")
        #expect(mine.used(on: day) == 8 && mine.problem == nil)
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("calls.json.damaged-") }
        #expect(aside.count == 1)
        #expect(try Data(contentsOf: folder.file(aside[0])) == Data(text.utf8), "the damaged file is kept as it was")
    }

    @Test("for a fetch, a call the ledger cannot record is not sent: the budget stops, saying why")
    func strictBudget() async throws {
        let folder = try ScratchFolder()
        try Data("x".utf8).write(to: folder.file("state"))
        let ledger = QuotaLedger(file: folder.file("state/boxoffice/calls.json"), key: "k")
        await #expect(throws: LedgerError.self) { try await ledger.checkWritable(on: day) }
        let budget = KOBISBudget(limit: nil, ledger: ledger, day: day, sendsUnrecorded: false)
        #expect(await !budget.take())
        let (spent, stop) = (await budget.spent, await budget.stop)
        #expect(spent == 0)
        guard case .ledger(let reason)? = stop else {
            Issue.record("stop is \(String(describing: stop))")
            return
        }
        #expect(reason == "cannot write \(folder.file("state").path) (a file is in the way where a folder belongs)")
        #expect(CacheError.budgetSpent(stop: stop!, remaining: [], films: 0, resume: "boxoffice fetch \(day.iso)").exitStatus == .cannotWrite)
    }
}

@Suite("The KOBIS budget")
struct KOBISBudgetTests {
    @Test("a run's limit stops new calls and says why; 320011 stops them too")
    func limits() async {
        let budget = KOBISBudget(limit: 2, ledger: nil, day: Day("2025-03-10"))
        let (first, second, third) = (await budget.take(), await budget.take(), await budget.take())
        #expect(first && second && !third)
        let (spent, stop) = (await budget.spent, await budget.stop)
        #expect(spent == 2 && stop == .budget(2, kept: 0))
        let quota = KOBISBudget(limit: nil, ledger: nil, day: Day("2025-03-10"))
        #expect(await quota.take())
        await quota.quotaExhausted()
        let (after, quotaStop, quotaSpent) = (await quota.take(), await quota.stop, await quota.spent)
        #expect(!after && quotaStop == .quota && quotaSpent == 1)
        #expect(await quota.ledgerWarning == nil)
    }

    @Test("calls are recorded ahead a block at a time, never fewer than taken, and settled to exactly the calls taken")
    func blocks() async throws {
        let folder = try ScratchFolder()
        let ledger = QuotaLedger(file: folder.file("calls.json"), key: "k")
        let budget = KOBISBudget(limit: nil, ledger: ledger, day: Day("2025-03-10"))
        // Forty takers at once: one block written at a time, every taker served.
        let taken = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<40 { group.addTask { await budget.take() } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(taken == 40)
        let during = ledger.used(on: Day("2025-03-10"))
        #expect(during >= 40 && during < 40 + KOBISBudget.blockSize, "recorded ahead, at most a block over: \(during)")
        await budget.settle()
        #expect(ledger.used(on: Day("2025-03-10")) == 40, "settled to the calls taken")
        let (spent, unrecorded) = (await budget.spent, await budget.unrecorded)
        #expect(spent == 40 && unrecorded == 0)
    }

    @Test("a budget's limit caps the block it records: a run with 5 calls left never records more than 5")
    func blockWithinLimit() async throws {
        let folder = try ScratchFolder()
        let ledger = QuotaLedger(file: folder.file("calls.json"), key: "k")
        let budget = KOBISBudget(limit: 5, ledger: ledger, day: Day("2025-03-10"))
        #expect(await budget.take())
        #expect(ledger.used(on: Day("2025-03-10")) == 5)
        for _ in 0..<4 { #expect(await budget.take()) }
        #expect(await !budget.take())
        await budget.settle()
        #expect(ledger.used(on: Day("2025-03-10")) == 5)
    }

    @Test("every retry is admitted by the meter: a request that needed three attempts spends three calls")
    func retriesAreCharged() async throws {
        let folder = try ScratchFolder()
        let ledger = QuotaLedger(file: folder.file("calls.json"), key: "k")
        let budget = KOBISBudget(limit: nil, ledger: ledger, day: Day("2025-03-10"))
        let flaky = ScriptedTransport([.respond(503, "{}"), .respond(503, "{}"), RetryTests.ok])
        let transport = RetryingTransport(flaky, meter: budget, time: VirtualTime().source, random: { 0.5 })
        #expect(await budget.take(), "the first attempt, as KOBISClient takes it")
        let response = try await transport.send(RetryTests.request)
        #expect(response.status == 200 && flaky.count == 3)
        await budget.settle()
        #expect(await budget.spent == 3 && ledger.used(on: Day("2025-03-10")) == 3)

        // A budget spent mid-request stops its retries with the last answer.
        let small = KOBISBudget(limit: 2, ledger: nil, day: Day("2025-03-10"))
        let failing = ScriptedTransport([.respond(503, "{}")])
        #expect(await small.take())
        let last = try await RetryingTransport(failing, meter: small, time: VirtualTime().source, random: { 0.5 }).send(RetryTests.request)
        let stop = await small.stop
        #expect(last.status == 503 && failing.count == 2 && stop == .budget(2, kept: 0))
    }

    @Test("a sound ledger padded past 1 MiB keeps every key's count; one past 16 MiB is moved aside whole, never read as empty and overwritten")
    func oversized() async throws {
        let folder = try ScratchFolder()
        let day = Day("2025-03-10")
        let file = folder.file("calls.json")
        let other = QuotaLedger.fingerprint(of: "other")
        let mine = QuotaLedger(file: file, key: "mine")
        let sound = #"{"\#(other)": {"2025-03-10": 500}, "\#(mine.keyFingerprint)": {"2025-03-10": 2990}}"#
        try Data((sound + String(repeating: " ", count: 2 << 20)).utf8).write(to: file)
        #expect(mine.used(on: day) == 2_990 && !mine.isUnreadable && mine.problem == nil)

        try Data((sound + String(repeating: " ", count: 17 << 20)).utf8).write(to: file)
        #expect(mine.isUnreadable && mine.problem != nil)
        try await mine.record(1, on: day)
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("calls.json.damaged-") }
        #expect(aside.count == 1)
        let kept = try Data(contentsOf: folder.file(aside[0]))
        #expect(kept.count > 17 << 20 && String(decoding: kept.prefix(200), as: UTF8.self).hasPrefix(sound.prefix(60)), "moved aside whole")
    }
}
