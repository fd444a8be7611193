import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeServices

/// The highest number of holders seen at once.
private actor Occupancy {
    private(set) var now = 0
    private(set) var peak = 0
    private(set) var order: [Int] = []
    func enter(_ id: Int) {
        now += 1
        peak = max(peak, now)
        order.append(id)
    }
    func leave() { now -= 1 }
}

@Suite("Request slots")
struct RequestSlotsTests {
    @Test("never more holders than slots, and every waiter served", arguments: [1, 3])
    func bounded(capacity: Int) async throws {
        let slots = RequestSlots(capacity)
        let occupancy = Occupancy()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for id in 0..<24 {
                group.addTask {
                    try await slots.withSlot {
                        await occupancy.enter(id)
                        try await Task.sleep(nanoseconds: 2_000_000)
                        await occupancy.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(await occupancy.peak == capacity)
        #expect(await occupancy.order.count == 24)
        #expect(slots.inUse == 0)
    }

    @Test("a cancelled waiter leaves the queue with CancellationError and takes no slot")
    func cancelledWaiter() async throws {
        let slots = RequestSlots(1)
        let (held, holding) = AsyncStream.makeStream(of: Void.self)
        let (release, releasing) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await slots.withSlot {
                holding.yield()
                for await _ in release { break }
            }
        }
        for await _ in held { break }
        let waiter = Task { try await slots.withSlot { 1 } }
        try await Task.sleep(nanoseconds: 20_000_000)
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        releasing.yield()
        try await holder.value
        #expect(slots.inUse == 0)
        #expect(try await slots.withSlot { 2 } == 2, "the slot is free again")
    }

    @Test("a request waiting out Retry-After gives its slot back: another request runs meanwhile")
    func waitingHoldsNoSlot() async throws {
        let slots = RequestSlots(1)
        let (slept, sleeping) = AsyncStream.makeStream(of: Double.self)
        let (wake, waking) = AsyncStream.makeStream(of: Void.self)
        let time = TimeSource(
            now: { 0 },
            sleep: { seconds in
                sleeping.yield(seconds)
                for await _ in wake { break }
            })
        let waiting = RetryingTransport(
            ScriptedTransport([.respond(503, "{}", ["Retry-After": "1000000000"]), .respond(200, "{}")]),
            policy: RetryPolicy(deadline: 3), slots: slots, time: time)
        let other = RetryingTransport(ScriptedTransport([.respond(200, "{}")]), slots: slots)

        let first = Task { try await waiting.send(RetryTests.request) }
        var waits = slept.makeAsyncIterator()
        #expect(await waits.next() == 3, "Retry-After capped by the 3 s deadline")
        #expect(slots.inUse == 0, "no slot held while waiting")
        #expect(try await other.send(RetryTests.request).status == 200)
        waking.yield()
        let response = try await first.value
        #expect(response.status == 200 && response.attempts == 2)
    }
}
