import Foundation

/// What a run left behind, read right after it ended: the report files in its output folder, the
/// entries and temporary files of its cache, and the KOBIS calls its quota ledger holds.
///
/// Found where the binary looks for them: `-o`/`--output` (else `Reports`) under the run's folder,
/// `--cache-dir` or `XDG_CACHE_HOME`/`HOME`, `XDG_STATE_HOME`/`HOME`.
struct RunState: Sendable, CustomStringConvertible {
    /// Report files (the index and hidden files aside); nil when the output is standard output.
    var reports: [String]?
    var cacheEntries: [String]
    /// Files named as the tool's temporary files (`.NAME.XXXXXXXX.tmp`, `*.tmp`) anywhere in the
    /// output folder, the cache or the state folder.
    var temporaryFiles: [String]
    /// The calls the ledger records over every day and key; nil when there is no ledger file, or
    /// it cannot be read as one.
    var ledgerCalls: Int?
    var ledgerExists: Bool

    init(arguments: [String], environment: [String: String], directory: URL) {
        func value(_ names: Set<String>) -> String? {
            for (index, argument) in arguments.enumerated() {
                if names.contains(argument), index + 1 < arguments.count { return arguments[index + 1] }
                for name in names where name.hasPrefix("--") && argument.hasPrefix(name + "=") {
                    return String(argument.dropFirst(name.count + 1))
                }
            }
            return nil
        }
        func resolve(_ path: String) -> URL {
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)
        }
        let home = environment["HOME"].map(resolve) ?? directory
        let output = value(["-o", "--output"]) ?? "Reports"
        let outputFolder = output == "-" ? nil : resolve(output)
        let cache =
            value(["--cache-dir"]).map(resolve)
            ?? environment["XDG_CACHE_HOME"].map { resolve($0).appendingPathComponent("boxoffice") }
            ?? home.appendingPathComponent(".cache/boxoffice")
        let state = (environment["XDG_STATE_HOME"].map(resolve) ?? home.appendingPathComponent(".local/state"))
            .appendingPathComponent("boxoffice")

        reports = outputFolder.map { folder in
            Self.files(in: folder).filter { !$0.hasPrefix(".") && !["index.html", "index.md", "feed.xml"].contains($0) }
        }
        cacheEntries = Self.files(in: cache, recursive: true).filter { !$0.hasSuffix(".tmp") && !$0.hasSuffix(".lock") }
        temporaryFiles = [outputFolder, cache, state].compactMap { $0 }
            .flatMap { Self.files(in: $0, recursive: true) }.filter { $0.hasSuffix(".tmp") }
        let ledger = state.appendingPathComponent("kobis-calls.json")
        ledgerExists = FileManager.default.fileExists(atPath: ledger.path)
        ledgerCalls = (try? Data(contentsOf: ledger))
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: [String: Int]] }
            .map { $0.values.flatMap(\.values).reduce(0, +) }
    }

    /// One line, as the hostile-input case table prints it.
    var description: String {
        let reportPart = reports.map { "\($0.count) report files" } ?? "stdout"
        let ledgerPart = ledgerCalls.map { "ledger \($0)" } ?? (ledgerExists ? "ledger unreadable" : "no ledger")
        return "\(reportPart); cache \(cacheEntries.count) entries, \(temporaryFiles.count) tmp; \(ledgerPart)"
    }

    private static func files(in folder: URL, recursive: Bool = false) -> [String] {
        guard recursive else {
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        }
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let path = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                found.append(path)
            }
        }
        return found.sorted()
    }
}
