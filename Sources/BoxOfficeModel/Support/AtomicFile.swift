import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file in one step: the data goes to a temporary file beside it, renamed over it, so a
/// reader sees the old file or the new one, never a part; the temporary file is removed on failure.
package enum AtomicFile {
    /// A hidden, unique temporary file beside `url` (`.NAME.1A2B3C4D.tmp`), on the same file system,
    /// so renaming it over `url` is one step.
    package static func temporary(beside url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp")
    }

    package static func replace(_ url: URL, with data: Data) throws {
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
