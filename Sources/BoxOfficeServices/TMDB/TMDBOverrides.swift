import BoxOfficeFiles
import BoxOfficeModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Matches the user pinned or forbade: a CSV file of `movie_cd,tmdb_id` lines, `tmdb_id` 0 meaning
/// never match. A header line, blank lines and `#` comments are allowed.
package struct TMDBOverrides: Sendable, Equatable {
    package enum Pin: Equatable, Sendable {
        case pinned(Int)
        case forbidden
    }

    private var pins: [String: Pin]

    package init(_ pins: [String: Pin] = [:]) {
        self.pins = pins
    }

    package func pin(for movieCode: String) -> Pin? { pins[movieCode] }
    package var count: Int { pins.count }

    package static func parse(_ text: String, origin: String) throws(ConfigurationError) -> TMDBOverrides {
        var pins: [String: Pin] = [:]
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            // A `#` starts a comment, at the start of a line or after its fields (as `tmdb review` writes them).
            let uncommented = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let line = uncommented.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{FEFF}", with: "")
            if line.isEmpty || line.hasPrefix("#") || line.lowercased().hasPrefix("movie_cd") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2, !fields[0].isEmpty, fields[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
                let id = Int(fields[1]), id >= 0
            else {
                throw .invalidValue(name: "\(origin):\(index + 1)", expected: "a line 'movie_cd,tmdb_id' (tmdb_id 0 never matches)")
            }
            pins[fields[0]] = id == 0 ? .forbidden : .pinned(id)
        }
        return TMDBOverrides(pins)
    }

    /// The largest overrides file read: far more lines than films ever charted.
    package static let largestFile = 16 << 20

    /// What ``load(path:environment:)`` found: the pins, or why the file in the config folder,
    /// which exists, cannot be read (a folder, a FIFO, too large, no permission). The caller must
    /// then show no match at all, since the file may forbid any of them.
    package enum Loaded: Sendable {
        case pins(TMDBOverrides)
        /// The path and why, as one phrase: "/…/tmdb-overrides.csv is a folder".
        case unreadable(String)
    }

    /// Reads `path`; nil path means the default location, where a missing file is fine. A file
    /// named by `--tmdb-overrides` that cannot be read is an error.
    package static func load(path: String?, environment: [String: String]) throws(ConfigurationError) -> Loaded {
        let explicit = path != nil
        let location = path ?? defaultPath(environment)
        guard let location else { return .pins(.init()) }
        guard let data = RegularFile.contents(atPath: location, limit: largestFile) else {
            let reason = unreadableReason(location)
            if explicit { throw .invalidValue(name: "--tmdb-overrides", expected: "a readable file (\(location) \(reason ?? "does not exist"))") }
            return reason.map { .unreadable("\(location) \($0)") } ?? .pins(.init())
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalidValue(name: location, expected: "UTF-8 text")
        }
        return .pins(try parse(text, origin: location))
    }

    /// Why the file at `path` cannot be read as an overrides file, or nil when there is none.
    static func unreadableReason(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT ? nil : "cannot be examined (\(String(cString: strerror(errno))))" }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return "is a folder"
        case S_IFREG:
            if Int(status.st_size) > largestFile { return "is larger than \(largestFile >> 20) MB" }
            return "cannot be read (\(access(path, R_OK) == 0 ? "it changed while read" : String(cString: strerror(errno))))"
        case S_IFLNK:
            return access(path, R_OK) == 0 ? "is a link to something that is not a regular file" : "is a link to nothing readable"
        default: return "is not a regular file (a FIFO, socket or device)"
        }
    }

    /// `$XDG_CONFIG_HOME/boxoffice/tmdb-overrides.csv`, else `~/.config/boxoffice/tmdb-overrides.csv`.
    package static func defaultPath(_ environment: [String: String]) -> String? {
        XDG.file("XDG_CONFIG_HOME", fallback: ".config", name: "tmdb-overrides.csv", environment: environment).path
    }
}
