/// What `boxoffice calendar --format` writes: an ICS calendar, or its events as Markdown, CSV or JSON.
package enum CalendarFormat: String, CaseIterable, Sendable {
    case ics, md, csv, json

    /// The formats of `--format` lists (`ics,csv`), each once, in the order given; ICS when none is.
    package static func parse(_ lists: [String]) throws(FormatListError) -> [CalendarFormat] {
        var formats: [CalendarFormat] = []
        for part in lists.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = CalendarFormat(rawValue: name) else { throw FormatListError(given: String(part), expected: allCases.map(\.rawValue)) }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats.isEmpty ? [.ics] : formats
    }
}
