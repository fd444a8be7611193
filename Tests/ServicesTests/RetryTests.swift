import Foundation
import Testing
import UnitTestSupport

@testable import BoxOfficeModel
@testable import BoxOfficeServices

@Suite("Retries")
struct RetryTests {
    static let request = HTTPRequest(url: URL(string: "http://127.0.0.1:9/x")!)
    static let ok = ScriptedTransport.Step.respond(200, #"{"ok":true}"#)

    func retrying(
        _ transport: ScriptedTransport, time: VirtualTime, policy: RetryPolicy = .init(), quota: RetryQuota = RetryQuota(),
        random: Double = 0.5
    ) -> RetryingTransport {
        RetryingTransport(transport, policy: policy, quota: quota, time: time.source, random: { random }, isDamaged: KOBISClient.isDamagedBody)
    }

    @Test(
        "transient failures are retried with full-jitter exponential backoff",
        arguments: [
            ScriptedTransport.Step.fail(.cannotConnect(host: "h")), .fail(.connectionLost(host: "h")), .fail(.timedOut(host: "h")),
            .respond(408, "{}"), .respond(500, "{}"), .respond(502, "<html>Bad Gateway</html>"), .respond(503, "{}"), .respond(504, "{}"),
            .respond(200, "<html>maintenance</html>"), .respond(200, #"{"boxOfficeResult":{"dailyBoxOf"#),
        ])
    func transient(step: ScriptedTransport.Step) async throws {
        let transport = ScriptedTransport([step, step, step, Self.ok])
        let time = VirtualTime()
        let response = try await retrying(transport, time: time).send(Self.request)
        #expect(response.status == 200 && response.attempts == 4 && transport.count == 4)
        // random() = 0.5 of min(20, 0.5 × 2ⁿ): 0.25, 0.5, 1.
        #expect(time.recorded == [0.25, 0.5, 1.0])
    }

    @Test(
        "permanent answers are never retried",
        arguments: [
            ScriptedTransport.Step.respond(200, #"{"faultInfo":{"message":"유효하지않은 키값입니다.","errorCode":"320010"}}"#),
            .respond(200, #"{"faultInfo":{"message":"키 사용량이 초과되었습니다.","errorCode":"320011"}}"#),
            .respond(401, #"{"status_code":7}"#), .respond(404, #"{"status_code":34}"#), .respond(422, #"{"errors":["query must be provided"]}"#),
        ])
    func permanent(step: ScriptedTransport.Step) async throws {
        let transport = ScriptedTransport([step])
        let time = VirtualTime()
        _ = try await retrying(transport, time: time).send(Self.request)
        #expect(transport.count == 1 && time.recorded.isEmpty)
    }

    @Test("backoff is capped")
    func cap() async throws {
        let transport = ScriptedTransport([.respond(503, "{}")])
        let time = VirtualTime()
        let response = try await retrying(transport, time: time, policy: RetryPolicy(retries: 8, base: 0.5, cap: 20), random: 0.999).send(
            Self.request)
        #expect(response.status == 503 && response.attempts == 9)
        #expect(time.recorded.count == 8 && time.recorded.allSatisfy { $0 < 20 } && time.recorded.last! > 19.9)
    }

    @Test(
        "Retry-After is honoured, in seconds or as an HTTP date, and capped (here by the default 30 s --timeout); a 429 waits at least a second",
        arguments: [
            (503, "7", 7.0), (429, "0", 1.0), (429, "2", 2.0), (503, "3600", 30.0), (503, "Tue, 14 Nov 2023 22:13:25 GMT", 0.0),
        ])
    func retryAfter(status: Int, header: String, wait: Double) async throws {
        let transport = ScriptedTransport([.respond(status, "{}", ["Retry-After": header]), Self.ok])
        let time = VirtualTime()
        _ = try await retrying(transport, time: time).send(Self.request)
        #expect(time.recorded == [wait])
    }

    @Test("Retry-After: 1e9 waits no longer than one request may take (--timeout)")
    func retryAfterCappedByTimeout() async throws {
        let transport = ScriptedTransport([.respond(503, "{}", ["Retry-After": "1e9"]), Self.ok])
        let time = VirtualTime()
        _ = try await retrying(transport, time: time, policy: RetryPolicy(retries: 3, deadline: 3)).send(Self.request)
        #expect(time.recorded == [3])
    }

    @Test("after the retries, the last answer or error is returned, saying how many attempts it took")
    func exhausted() async throws {
        let failing = ScriptedTransport([.fail(.connectionLost(host: "h"))])
        let error = await #expect(throws: TransportError.self) { try await retrying(failing, time: VirtualTime()).send(Self.request) }
        #expect(error == .gaveUp(.connectionLost(host: "h"), attempts: 4))
        #expect(error?.summary == "the connection was lost, 4 attempts")
        let unavailable = ScriptedTransport([.respond(503, "{}")])
        #expect(try await retrying(unavailable, time: VirtualTime()).send(Self.request).attempts == 4)
    }

    @Test("the retry quota stops retrying when a service is clearly down, and successes refill it")
    func quota() async throws {
        let quota = RetryQuota(capacity: 20)
        let down = ScriptedTransport([.respond(503, "{}")])
        let time = VirtualTime()
        _ = try await retrying(down, time: time, quota: quota).send(Self.request)
        let afterFirst = await quota.remaining
        #expect(down.count == 4 && afterFirst == 5)
        _ = try await retrying(down, time: time, quota: quota).send(Self.request)
        #expect(down.count == 6, "one retry left in the quota, then none")
        _ = try await retrying(down, time: time, quota: quota).send(Self.request)
        #expect(down.count == 7, "no retry at all")
        let up = ScriptedTransport([Self.ok])
        for _ in 0..<5 { _ = try await retrying(up, time: time, quota: quota).send(Self.request) }
        #expect(await quota.remaining == 5)
    }

    @Test("flaky: first-attempt timeouts waiting at once (the whole concurrency) never exhaust the quota")
    func flakyWaitingAtOnce() async throws {
        let quota = RetryQuota(downAfter: 8)
        for _ in 0..<20 {
            // 16 requests time out together and all wait to retry; then their retries succeed.
            for _ in 0..<16 { #expect(await quota.withdraw(afterTimeout: true)) }
            for _ in 0..<16 { await quota.deposit(retryCost: RetryQuota.timeoutCost) }
        }
        #expect(await quota.remaining == RetryQuota.defaultCapacity)
    }

    @Test("every first attempt failing, every retry working: 300 requests all succeed, nothing spent")
    func everyFirstAttemptFails() async throws {
        let quota = RetryQuota(downAfter: 4)
        let time = VirtualTime()
        for _ in 0..<300 {
            let transport = ScriptedTransport([.fail(.timedOut(host: "h")), Self.ok])
            let response = try await retrying(transport, time: time, quota: quota).send(Self.request)
            #expect(response.status == 200 && response.attempts == 2)
        }
        #expect(await quota.remaining == RetryQuota.defaultCapacity)
    }

    @Test("down: failed retries in a row stop retrying at once, and the answer says the retry budget ran out")
    func downAfterFailedRetries() async throws {
        let quota = RetryQuota(downAfter: 4)
        let down = ScriptedTransport([.respond(503, "{}")])
        let time = VirtualTime()
        let first = try await retrying(down, time: time, quota: quota).send(Self.request)
        #expect(first.attempts == 4 && first.retryBudgetExhaustedAfter == nil)
        let second = try await retrying(down, time: time, quota: quota).send(Self.request)
        #expect(second.attempts == 2, "the fourth failed retry in a row is not retried")
        #expect(second.attemptsNote == ", 2 attempts; retry budget exhausted after 6 failures (the service looks down)")
        #expect(await quota.remaining > 400, "stopped by the failures in a row, not by tokens")
        let hanging = ScriptedTransport([.fail(.timedOut(host: "h"))])
        let error = await #expect(throws: TransportError.self) { try await retrying(hanging, time: time, quota: quota).send(Self.request) }
        #expect(error?.summary == "the request timed out; retry budget exhausted after 7 failures (the service looks down)")
        #expect(time.recorded.count == 4, "3 backoffs, then 1; once down, not even a first failure is retried until a success")
    }

    @Test("timeouts cost the quota more than other failures")
    func timeoutCost() async throws {
        let quota = RetryQuota(capacity: 20)
        let slow = ScriptedTransport([.fail(.timedOut(host: "h")), Self.ok])
        _ = try await retrying(slow, time: VirtualTime(), quota: quota).send(Self.request)
        #expect(await quota.remaining == 20, "a success after retries gives their cost back")
        let stuck = ScriptedTransport([.fail(.timedOut(host: "h"))])
        _ = try? await retrying(stuck, time: VirtualTime(), quota: quota).send(Self.request)
        let afterStuck = await quota.remaining
        #expect(stuck.count == 3 && afterStuck == 0)
    }

    @Test("a deadline cuts a request that never answers")
    func deadline() async throws {
        let hanging = ClosureTransport { _ in
            try await Task.sleep(nanoseconds: 3_600_000_000_000)
            return HTTPResponse(status: 200, body: Data("{}".utf8))
        }
        let transport = RetryingTransport(hanging, policy: RetryPolicy(retries: 0, deadline: 0.2), time: VirtualTime().source)
        // The request would hang for an hour: only the deadline ends it with `timedOut`.
        await #expect(throws: TransportError.timedOut(host: "127.0.0.1")) { try await transport.send(Self.request) }
    }

    @Test("cancellation is not retried and surfaces as CancellationError")
    func cancellation() async throws {
        let transport = RetryingTransport(ClosureTransport { _ in throw CancellationError() }, time: VirtualTime().source)
        await #expect(throws: CancellationError.self) { try await transport.send(Self.request) }
    }
}

@Suite("Hostile input")
struct HostileInputTests {
    static let hostileStrings: [String] = [
        String(repeating: "9", count: 100_000), String(repeating: "2024-01-01..", count: 5_000), "\u{0}\u{1}\u{7F}", "2024-01-01\u{0}",
        "２０２４-０１-０１", "2024-01-01..\n2024-01-02", "last-99999999999999999999-days", "99999-01-01", "-2024-01-01", "2024-00-10",
        "0000-01-01", "20240231", "2024-02-29..2024-02-28", "yesterday..yesterday..yesterday", "🎬", String(repeating: "\u{202E}", count: 10),
    ]

    @Test("the range parser refuses hostile text with an error, never a crash")
    func rangeParser() {
        let calendar = SeoulCalendar(pinnedToday: Day(iso: "2024-05-02")!)
        for text in Self.hostileStrings {
            #expect(throws: DateRangeError.self) { try DateRange.parse(text, calendar: calendar) }
        }
        var random = SplitMix(state: 42)
        let alphabet = Array("0123456789-.lastdyesr \t\n\u{0}한🎬")
        for _ in 0..<5_000 {
            let text = String((0..<Int.random(in: 0...30, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            do {
                let range = try DateRange.parse(text, calendar: calendar)
                #expect(range.start >= DateRange.earliest && range.end < Day(iso: "2024-05-02")! && range.start <= range.end)
            } catch {
                #expect(error.errorDescription.map { !$0.contains("\n") && $0.count < 400 } == true)
            }
        }
    }

    @Test("the decoders reject random bytes and hostile JSON with an error, never a crash")
    func decoders() throws {
        var random = SplitMix(state: 7)
        var bodies: [Data] = (0..<2_000).map { _ in
            Data((0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
        bodies += [
            Data([0xFF, 0xFE, 0x7B, 0x7D]),
            Data(
                "{\"boxOfficeResult\":{\"dailyBoxOfficeList\":[{\"rank\":\"1\",\"movieCd\":\"\u{0}\",\"audiCnt\":\"99999999999999999999999\"}]}}".utf8
            ),
            Data("{\"boxOfficeResult\":{\"dailyBoxOfficeList\":[{\"rank\":\"1e400\",\"movieCd\":\"1\"}]}}".utf8),
            Data("{\"boxOfficeResult\":{\"dailyBoxOfficeList\":[{\"rank\":\"1\",\"movieCd\":\"1\",\"salesShare\":\"NaN\"}]}}".utf8),
            Data(("{\"boxOfficeResult\":{\"dailyBoxOfficeList\":" + String(repeating: "[", count: 10_000) + "}}").utf8),
            Data("{\"movieInfoResult\":{\"movieInfo\":{\"movieCd\":\"1\",\"nations\":\"not a list\",\"showTm\":\"-9223372036854775809\"}}}".utf8),
            Data("{\"results\":[{\"id\":1e300,\"title\":null}],\"page\":\"x\"}".utf8),
            Data("{\"results\":[{\"id\":\"7\",\"vote_average\":\"NaN\",\"release_date\":\"2024-13-45\"}]}".utf8),
            Data(([0xC3, 0x28] + Array("{\"faultInfo\":{}}".utf8))),
        ]
        for body in bodies {
            _ = try? KOBISDecoding.dailyChart(body, date: Day(iso: "2024-01-01")!)
            _ = try? KOBISDecoding.movieInfo(body, code: "1")
            _ = try? TMDBDecoding.page(body)
            _ = try? TMDBDecoding.details(body, id: 7)
            _ = TMDBDecoding.errorMessage(body)
            _ = ResponseCache.parse(body)
        }
        #expect(throws: MalformedBody.self) {
            try KOBISDecoding.dailyChart(
                Data(
                    "{\"boxOfficeResult\":{\"dailyBoxOfficeList\":[{\"rank\":\"1\",\"movieCd\":\"1\",\"audiCnt\":\"99999999999999999999999\"}]}}".utf8
                ),
                date: Day(iso: "2024-01-01")!)
        }
        #expect(throws: MalformedBody.self) {
            try KOBISDecoding.dailyChart(
                Data("{\"boxOfficeResult\":{\"dailyBoxOfficeList\":[{\"rank\":\"1\",\"movieCd\":\"1\",\"salesShare\":\"NaN\"}]}}".utf8),
                date: Day(iso: "2024-01-01")!)
        }
        let page = try TMDBDecoding.page(Data("{\"results\":[{\"id\":\"7\",\"vote_average\":\"NaN\",\"release_date\":\"2024-13-45\"}]}".utf8))
        #expect(page.results.first?.releaseDate == nil && page.results.first?.voteAverage == 0)
    }
}
