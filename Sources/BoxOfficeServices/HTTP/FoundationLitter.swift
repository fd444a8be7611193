import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// swift-corelibs-foundation creates empty folders for its shared URL cache and cookie store
/// (`~/.cache/org.swift.foundation.URLCache/NAME`, `~/.local/share/NAME`) the first time any
/// `URLSessionConfiguration` is made, even one that uses neither. `boxoffice` uses neither, so it
/// removes what they created: only folders that were not there before and are still empty.
package enum FoundationLitter {
    /// What the watched folders held before Foundation touched them (nil: absent).
    private struct Snapshot: Sendable {
        var roots: [URL]
        var watched: [URL]
        var before: [String: Set<String>?]
    }

    /// Taken before the first configuration is made. Once per process.
    private static let snapshot: Snapshot = {
        let environment = ProcessInfo.processInfo.environment
        let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL }
        let roots = [
            environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) } ?? home?.appendingPathComponent(".cache"),
            environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) } ?? home?.appendingPathComponent(".local/share"),
        ].compactMap { $0?.standardizedFileURL }
        // Each root, and its parents up to HOME.
        var watched: [URL] = []
        for root in roots {
            var folder = root
            while folder.path.count > 1, folder.path != home?.path {
                watched.append(folder)
                folder = folder.deletingLastPathComponent()
            }
        }
        return Snapshot(roots: roots, watched: watched, before: Dictionary(watched.map { ($0.path, entries($0)) }, uniquingKeysWith: { a, _ in a }))
    }()

    /// Call before making a `URLSessionConfiguration`.
    static func prepare() { _ = snapshot }

    /// Removes the empty folders Foundation created since ``prepare()``: call when the run ends
    /// (Foundation creates some only when a session starts).
    package static func sweep() {
        for root in snapshot.roots {
            guard let old = snapshot.before[root.path] else { continue }
            for name in entries(root) ?? [] where old?.contains(name) != true {
                removeEmptyTree(root.appendingPathComponent(name))
            }
        }
        // Parents that did not exist before go too, when empty (rmdir refuses otherwise).
        for folder in snapshot.watched where snapshot.before[folder.path] == .some(nil) {
            rmdir(folder.path)
        }
    }

    private static func entries(_ folder: URL) -> Set<String>? {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)).map(Set.init)
    }

    /// Removes `folder` if it holds nothing but empty folders; never a file.
    private static func removeEmptyTree(_ folder: URL) {
        for name in entries(folder) ?? [] { removeEmptyTree(folder.appendingPathComponent(name)) }
        rmdir(folder.path)
    }
}
