import BoxOfficeModel
import Foundation
import Testing

/// Where test data lives: the repository's own hand-made fixtures, and the shared recordings of
/// the live services in `../shared/fixtures`, read in place and never copied.
package enum TestData {
    package static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/fixtures` beside the repository.
    package static let sharedFixtures = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")

    /// True when the shared recordings are present; tests that need them are skipped, saying so, when not.
    package static let sharedFixturesAvailable = FileManager.default.fileExists(atPath: sharedFixtures.appendingPathComponent("kobis").path)

    package static let sharedSkipReason: Comment = "../shared/fixtures (recorded KOBIS and TMDB responses) is absent beside the repository"

    /// This test target's hand-made fixtures.
    package static let ownFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    package static func shared(_ path: String) throws -> Data {
        try Data(contentsOf: sharedFixtures.appendingPathComponent(path))
    }

    package static func own(_ path: String) throws -> Data {
        try Data(contentsOf: ownFixtures.appendingPathComponent(path))
    }

    /// Files in a shared fixtures folder whose names start with `prefix`, sorted.
    package static func sharedFiles(_ folder: String, prefix: String) throws -> [URL] {
        let directory = sharedFixtures.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
            .sorted()
            .map { directory.appendingPathComponent($0) }
    }
}

extension Day {
    /// `Day("2022-01-05")` for tests; traps on a typo, which is the test's bug.
    package init(_ iso: String) {
        self = Day(iso: iso)!
    }
}
