import Foundation
import Testing

@testable import BoxOfficeModel
@testable import BoxOfficeOutput
@testable import BoxOfficePipeline
@testable import BoxOfficeServices

/// A scratch folder removed when the test ends.
package final class ScratchFolder {
    package let url = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-unit-\(UUID().uuidString)")
    package init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }
    package func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}
