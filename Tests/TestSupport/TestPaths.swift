import Foundation

/// Where the repository's files are, for tests that read its README, man page or templates.
public enum TestPaths {
    /// The repository's root folder (this file is `Tests/TestSupport/TestPaths.swift`).
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
