import Foundation

/// The `Retry-After` header, which a server may send with 429 and 503 answers.
enum RetryAfter {
    /// `Retry-After` as seconds, from a number or an HTTP date; capped at a minute.
    static func seconds(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds.isFinite { return min(max(seconds, 0), 60) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return min(max(date.timeIntervalSince(now), 0), 60)
    }
}
