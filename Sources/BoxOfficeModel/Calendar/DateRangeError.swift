import Foundation

/// Why a date range was refused; each message is one line for the user.
package enum DateRangeError: Error, Equatable, Sendable, LocalizedError {
    case unrecognized(String)
    case impossibleDate(String)
    case reversed(String)
    /// `ahead`: the latest day is a look-ahead's (`calendar`'s two years), not yesterday's.
    case outOfBounds(input: String, day: Day?, earliest: Day, latest: Day, ahead: Bool = false)

    package var errorDescription: String? {
        switch self {
        case .unrecognized(let input):
            return "invalid date range \(DateRangeError.quoted(input)): expected \(DateRange.acceptedForms)"
        case .impossibleDate(let input):
            return "invalid date \(DateRangeError.quoted(input)): no such day in the calendar (expected \(DateRange.acceptedForms))"
        case .reversed(let input):
            return "invalid date range \(DateRangeError.quoted(input)): the start is after the end"
        case let .outOfBounds(input, day, earliest, latest, ahead):
            let subject = day.map { "date \($0.iso)" } ?? "date range \(DateRangeError.quoted(input))"
            return "\(subject) is outside the available dates: from \(earliest.iso) (the first KOBIS chart) "
                + "to \(latest.iso) "
                + (ahead ? "(two years ahead: as far as KOBIS lists coming films)" : "(yesterday in Seoul; today's figures do not exist yet)")
        }
    }

    /// Quotes user input for a one-line message, cutting it short and escaping control characters.
    package static func quoted(_ input: String) -> String {
        let cut = input.count > 40 ? String(input.prefix(40)) + "…" : input
        return "'" + cut.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined() + "'"
    }
}
