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
