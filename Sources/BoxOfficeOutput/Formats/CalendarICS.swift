import BoxOfficeModel
import Foundation

/// `boxoffice calendar`'s ICS file (RFC 5545), which any calendar subscribes to: an all-day event
/// (`DTSTART;VALUE=DATE`) per release and per projected crossing, each with the stable `UID` of
/// its film and kind, so that a calendar reading the file again updates an event instead of adding
/// one. A projection is `STATUS:TENTATIVE` and says in its summary and description that it is one.
/// Lines end in CRLF and are folded at 75 octets, never inside a character.
enum CalendarICS {
    static func data(_ calendar: ReleaseCalendar, words w: Words, stamp: Date) -> Data {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//boxoffice//release calendar//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
            "X-WR-CALNAME:" + escape(w.say.calendarName + (calendar.simulated ? " " + w.say.sampleMark : "")),
        ]
        // `20250310T003000Z`: the run's time in UTC, RFC 3339's without its separators.
        let dtstamp = ReportHeadline.timestamp(stamp).filter { $0 != "-" && $0 != ":" }
        for event in calendar.events {
            lines += [
                "BEGIN:VEVENT",
                "UID:" + escape(event.uid),
                "DTSTAMP:" + dtstamp,
                "DTSTART;VALUE=DATE:" + event.date.compact,
                "DTEND;VALUE=DATE:" + (event.date + 1).compact,
                "SUMMARY:" + escape(w.say.calendarSummary(event)),
                "DESCRIPTION:" + escape(w.say.calendarDescription(event, simulated: calendar.simulated)),
                "STATUS:" + (event.tentative ? "TENTATIVE" : "CONFIRMED"),
                "TRANSP:TRANSPARENT",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return Data((lines.map(fold).joined(separator: "\r\n") + "\r\n").utf8)
    }

    /// TEXT as RFC 5545 writes it: backslash, semicolon and comma escaped, a line break as `\n`,
    /// other control characters dropped.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n": escaped += "\\n"
            case _ where scalar.properties.generalCategory == .control: continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A content line folded at 75 octets: CRLF and a space before each further 74, breaking
    /// between Unicode scalars, never inside one's UTF-8.
    static func fold(_ line: String) -> String {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        var octets = 0
        // Between Unicode scalars, as RFC 5545 allows (never inside one's UTF-8): a grapheme
        // cluster can be longer than a line (a letter with 40 combining accents is 81 octets).
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            let limit = parts.isEmpty ? 75 : 74
            if octets + size > limit {
                parts.append(String(current))
                current = String.UnicodeScalarView()
                octets = 0
            }
            current.append(scalar)
            octets += size
        }
        parts.append(String(current))
        return parts.joined(separator: "\r\n ")
    }
}
