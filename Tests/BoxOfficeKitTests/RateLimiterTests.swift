import Foundation
import Testing

@testable import BoxOfficeModel
@testable import BoxOfficeServices

@Suite("The rate limiter")
struct RateLimiterTests {
    @Test("at most N starts a second: the first goes at once, each next one 1/N later")
    func spacing() async throws {
        let time = VirtualTime()
        let limiter = RateLimiter(perSecond: 4, time: time.source)
        for _ in 0..<5 { try await limiter.acquire() }
        #expect(time.recorded == [0.25, 0.25, 0.25, 0.25])
    }
}

@Suite("The redactor")
struct RedactorTests {
    @Test("every secret goes, percent-encoded too, the longest first; blanks and very short values are left alone")
    func redacts() {
        let redactor = Redactor(secrets: ["abcd1234", "abcd1234/xyz+", nil, "  ", "ab"])
        #expect(redactor.redact("key=abcd1234&t=abcd1234/xyz+ ab") == "key=[redacted]&t=[redacted] ab")
        #expect(redactor.redact("u=abcd1234%2Fxyz%2B") == "u=[redacted]")
        #expect(Redactor(secrets: [" padded-secret\n"]).redact("x padded-secret y") == "x [redacted] y")
    }
}
