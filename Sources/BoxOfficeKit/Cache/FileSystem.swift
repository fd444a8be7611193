import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The XDG base directories the tool keeps its files under.
enum XDG {
    /// `$VARIABLE/boxoffice[/NAME]` when the variable holds an absolute path, else
    /// `$HOME/FALLBACK/boxoffice[/NAME]` (`~/.cache`, `~/.local/state`, `~/.config`).
    static func file(_ variable: String, fallback: String, name: String? = nil, environment: [String: String]) -> URL {
        let base: URL
        if let value = environment[variable], value.hasPrefix("/") {
            base = URL(fileURLWithPath: value, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(fallback, isDirectory: true)
        }
        let folder = base.appendingPathComponent("boxoffice", isDirectory: true)
        return name.map { folder.appendingPathComponent($0) } ?? folder
    }
}

/// Replaces a file in one step: the data goes to a temporary file beside it, renamed over it, so a
/// reader sees the old file or the new one, never a part; the temporary file is removed on failure.
enum AtomicFile {
    /// A hidden, unique temporary file beside `url` (`.NAME.1A2B3C4D.tmp`), on the same file system,
    /// so renaming it over `url` is one step.
    static func temporary(beside url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp")
    }

    static func replace(_ url: URL, with data: Data) throws {
        let temporary = temporary(beside: url)
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
