import CBuildInfo

/// What `boxoffice --version` says: the version, and the commit and its date when the binary was
/// built by `make build` (`0.1.0 (commit 1a2b3c4d5e6f, 2026-11-28)`); a plain `swift build` knows no
/// commit and says so.
enum BuildInfo {
    static let number = "0.1.0"
    static let commit = String(cString: boxoffice_commit())
    static let commitDate = String(cString: boxoffice_commit_date())

    static var version: String {
        guard !commit.isEmpty else { return number + " (commit unknown: not built by make)" }
        return number + " (commit \(commit)" + (commitDate.isEmpty ? ")" : ", \(commitDate))")
    }
}
