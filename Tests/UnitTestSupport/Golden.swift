import Foundation
import Testing

/// Golden files: expected output kept beside the tests, re-recorded with `BOXOFFICE_RECORD_GOLDEN=1 swift test`.
///
/// A recording run fails every test it records in, so it can never pass CI by accident: record,
/// review the diff, then run the tests again without the variable.
package enum Golden {
    package static let recording = ProcessInfo.processInfo.environment["BOXOFFICE_RECORD_GOLDEN"] == "1"

    /// Compares `actual` with the file at `url`, or records it there when recording.
    package static func check(_ actual: Data, against url: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        if recording {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url)
            Issue.record(
                "recorded \(url.lastPathComponent): review the change, then run the tests again without BOXOFFICE_RECORD_GOLDEN",
                sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? Data(contentsOf: url) else {
            Issue.record("missing golden file \(url.path); record it with BOXOFFICE_RECORD_GOLDEN=1 swift test", sourceLocation: sourceLocation)
            return
        }
        guard expected != actual else { return }
        let expectedLines = String(decoding: expected, as: UTF8.self).components(separatedBy: "\n")
        let actualLines = String(decoding: actual, as: UTF8.self).components(separatedBy: "\n")
        let index =
            zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        let want = index < expectedLines.count ? expectedLines[index] : "<end of file>"
        let got = index < actualLines.count ? actualLines[index] : "<end of file>"
        Issue.record(
            """
            \(url.lastPathComponent) differs at line \(index + 1):
              expected: \(want)
              actual:   \(got)
            (if the change is intended, re-record with BOXOFFICE_RECORD_GOLDEN=1 swift test)
            """, sourceLocation: sourceLocation)
    }
}
