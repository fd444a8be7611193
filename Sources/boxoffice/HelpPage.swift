import ArgumentParser
import BoxOfficeModel
import Foundation

/// What a command's help says besides its options: a few lines about what it does, examples, and
/// the exit codes it can end with. The man page holds the long form of each.
struct HelpDetails {
    /// Paragraphs printed under the abstract, wrapped to the terminal.
    var notes: [String] = []
    /// Sections laid out by hand (a table of environment variables), before the examples.
    var sections: [String] = []
    var examples: [(command: String, meaning: String)] = []
    var exitCodes: [ExitStatus] = []
    /// A command's own words for a code (`fetch`'s 0 is "the whole range is cached").
    var meanings: [ExitStatus: String] = [:]
    /// The formats the command writes and those it writes when none is asked for: its `--format`
    /// line lists these, not every format another command has.
    var formats: (all: [ReportFormat], byDefault: [ReportFormat])? = nil
}

/// A command whose `--help` ends with examples and exit codes.
protocol DocumentedCommand: ParsableCommand {
    static var helpDetails: HelpDetails { get }
}

/// `--help` laid out for a reader at 80 columns: USAGE first, then what the command does, its
/// arguments, its own options, the shared option groups, and last the examples and exit codes, each
/// wrapped line indented under its first.
///
/// ArgumentParser prints the command's discussion above USAGE and wraps it from column 0, which put
/// `report`'s USAGE at line 50 of 139; it has no place for text after the options. So the page is
/// ArgumentParser's own sections (their labels and wrapping are right), reordered, and this type's
/// details appended.
enum HelpPage {
    /// The help ArgumentParser generated for a command, laid out as above. `generated` is
    /// ArgumentParser's text; `details` the command's, if it has any.
    static func render(_ generated: String, command: ParsableCommand.Type?, showsHidden: Bool, columns: Int) -> String {
        let details = (command as? DocumentedCommand.Type)?.helpDetails
        var usage = "", overview = "", arguments = "", options = "", groups: [String] = [], subcommands: [String] = [], rest: [String] = []
        for block in generated.components(separatedBy: "\n\n").map({ $0.trimmingCharacters(in: .newlines) }) where !block.isEmpty {
            if block.hasPrefix("USAGE:") {
                usage = block
            } else if block.hasPrefix("OVERVIEW:") {
                overview = block.dropFirst("OVERVIEW:".count).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            } else if block.hasPrefix("ARGUMENTS:") {
                arguments = block
            } else if block.hasPrefix("OPTIONS:") {
                options = block
            } else if block.hasPrefix("SUBCOMMANDS:") || block.trimmingCharacters(in: .whitespaces).hasPrefix("See '") {
                subcommands.append(block)
            } else if block.first?.isUppercase == true, block.prefix(while: { $0 != "\n" }).hasSuffix(":") {
                groups.append(block)
            } else {
                rest.append(block)
            }
        }
        if let formats = details?.formats { groups = groups.map { formatLine($0, formats: formats, columns: columns) } }
        var blocks = [usage]
        let about = ([overview] + (details?.notes ?? [])).filter { !$0.isEmpty }
        if !about.isEmpty { blocks.append(about.map { DisplayWidth.wrap($0, columns: columns) }.joined(separator: "\n")) }
        blocks += [arguments] + subcommands + [options] + groups + rest
        if let details {
            blocks += details.sections
            if !details.examples.isEmpty { blocks.append(examples(details.examples, columns: columns)) }
            if !details.exitCodes.isEmpty {
                var codes = exitCodes(details.exitCodes, meanings: details.meanings, columns: columns)
                if !showsHidden, let command, BoxOffice.helpMessage(for: command, includeHidden: true) != BoxOffice.helpMessage(for: command) {
                    codes += "\n" + DisplayWidth.wrap("More options: --help-hidden. Every detail: man boxoffice.", columns: columns)
                }
                blocks.append(codes)
            }
        }
        return blocks.filter { !$0.isEmpty }.joined(separator: "\n\n") + "\n"
    }

    /// `block` with its `--format` entry saying the command's own formats and default.
    static func formatLine(_ block: String, formats: (all: [ReportFormat], byDefault: [ReportFormat]), columns: Int) -> String {
        var lines = block.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.hasPrefix("  -f, --format") }) else { return block }
        // ArgumentParser's own entry: its first line, and the lines under it indented to its text.
        let head = lines[index]
        var textStart = head.index(head.startIndex, offsetBy: "  -f, --format <list>".count)
        while textStart < head.endIndex, head[textStart] == " " { textStart = head.index(after: textStart) }
        // A head too long for its text has it on the next line, at the column of every option's text.
        let indent =
            textStart == head.endIndex && index + 1 < lines.count
            ? lines[index + 1].prefix { $0 == " " }.count : head.distance(from: head.startIndex, to: textStart)
        var end = index + 1
        while end < lines.count, lines[end].hasPrefix(String(repeating: " ", count: indent)) { end += 1 }
        // A space after each comma, so that a long list wraps between names.
        let names = formats.all.map(\.rawValue).joined(separator: ", ")
        // The default named by its count when it is the list's head, so that a new format adds a
        // name, not a line (issue 59's format trial).
        let byDefault =
            formats.byDefault == formats.all
            ? (formats.all.count == 1 ? "" : " (default: all \(formats.all.count))")
            : formats.all.starts(with: formats.byDefault)
                ? " (default: the first \(formats.byDefault.count))"
                : " (default: \(formats.byDefault.map(\.rawValue).joined(separator: ",")))"
        let label = head[..<textStart].trimmingCharacters(in: .whitespaces)
        let text = "  " + label + String(repeating: " ", count: max(1, indent - 2 - label.count)) + names + byDefault + "."
        lines.replaceSubrange(index..<end, with: [DisplayWidth.wrap(text, columns: columns, indent: 0, hanging: indent)])
        return lines.joined(separator: "\n")
    }

    /// Examples as `  command   what it does`, the meanings in one column; a command too wide for
    /// the column puts its meaning on the next line, under the column.
    static func examples(_ examples: [(command: String, meaning: String)], columns: Int) -> String {
        let column = min(examples.map { DisplayWidth.of($0.command) }.max() ?? 0, columns / 2) + 5
        let lines = examples.map { example -> String in
            let command = "  " + example.command
            if DisplayWidth.of(command) + 1 >= column {
                return command + "\n" + DisplayWidth.wrap(example.meaning, columns: columns, indent: column)
            }
            let line = DisplayWidth.pad(command, to: column) + example.meaning
            return DisplayWidth.wrap(line, columns: columns, indent: 0, hanging: column)
        }
        return "EXAMPLES:\n" + lines.joined(separator: "\n")
    }

    /// Every code with its short meaning, in two columns read downwards when they fit side by side
    /// (one per line when not), the signals on one line of their own.
    static func exitCodes(_ codes: [ExitStatus], meanings: [ExitStatus: String], columns: Int) -> String {
        let items = codes.filter { !$0.isSignal }.sorted { $0.rawValue < $1.rawValue }.map {
            "\(String($0.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0))\(meanings[$0] ?? $0.shortMeaning)"
        }
        let half = (items.count + 1) / 2
        let width = (items.map(DisplayWidth.of).max() ?? 0) + 2
        var lines: [String]
        if 2 + width * 2 <= columns {
            lines = (0..<half).map { row in
                let right = row + half < items.count ? items[row + half] : ""
                return ("  " + DisplayWidth.pad(items[row], to: width) + right).replacingOccurrences(
                    of: "\\s+$", with: "", options: .regularExpression)
            }
        } else {
            lines = items.map { DisplayWidth.wrap($0, columns: columns, indent: 2, hanging: 6) }
        }
        let signals = codes.filter(\.isSignal)
        if let first = signals.first {
            let numbers = signals.map { String($0.rawValue) }.joined(separator: ", ")
            lines.append(DisplayWidth.wrap("\(numbers)  \(meanings[first] ?? first.shortMeaning)", columns: columns, indent: 2, hanging: 6))
        }
        return "EXIT CODES:\n" + lines.joined(separator: "\n")
    }

    /// The width help is laid out for: `COLUMNS`, else the terminal's, else 80.
    static func columns() -> Int {
        if let value = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), value > 20 { return value }
        guard let width = Terminal.columns(of: STDOUT_FILENO), width > 20 else { return 80 }
        return width
    }

    /// The command whose help ArgumentParser generated, found by its USAGE line.
    static func command(forHelp generated: String, root: ParsableCommand.Type) -> ParsableCommand.Type? {
        guard let usage = generated.components(separatedBy: "\n").first(where: { $0.hasPrefix("USAGE:") }) else { return nil }
        let words = usage.split(separator: " ").dropFirst(2).prefix { !$0.hasPrefix("[") && !$0.hasPrefix("<") && !$0.hasPrefix("-") }
        var command = root
        for word in words {
            guard let next = command.configuration.subcommands.first(where: { $0._commandName == word }) else { return nil }
            command = next
        }
        return command
    }
}

extension ExitStatus {
    /// Killed by a signal: 129, 130, 143.
    var isSignal: Bool { self == .hungUp || self == .interrupted || self == .terminated }

    /// A few words per code for `--help`; `meaning` and the man page say the rest.
    var shortMeaning: String {
        switch self {
        case .success: "every report written"
        case .usage: "bad arguments, nothing sent"
        case .noSuchFilm: "no such film charted"
        case .internalError: "a bug: please report it"
        case .cannotWrite: "a file cannot be written"
        case .tryAgainLater: "quota, outage, busy: try later"
        case .malformedResponse: "a malformed answer"
        case .configuration: "key or template rejected"
        case .outputClosed: "stdout closed, files written"
        case .hungUp, .interrupted, .terminated: "stopped by a signal: no report, fetched data cached"
        }
    }
}
