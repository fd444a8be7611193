import BoxOfficeModel
import BoxOfficeOutput
import Foundation

/// `boxoffice templates list`: every template, what it is for and where it comes from.
package struct TemplatesListRequest: PipelineRequest {
    /// A folder of the user's templates, to show which ones it overrides.
    package var folder: String?

    package init(folder: String?) { self.folder = folder }

    package func run(_ run: PipelineRun) async throws -> [URL] {
        let loaded = try ReportTemplates.load(overrides: folder.map { URL(fileURLWithPath: $0, isDirectory: true) })
        // The folder's own language variants (report.ko.html) are listed with the defaults.
        let names = (DefaultTemplates.names + loaded.origins.keys.filter(DefaultTemplates.languageVariants.contains)).sorted()
        let width = names.map(\.count).max() ?? 0
        for name in names {
            let padded = name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
            run.console.line("\(padded)\(DefaultTemplates.purpose(of: name)) [\(loaded.origins[name] ?? "")]")
        }
        return []
    }
}

/// `boxoffice templates export DIR`: the default templates written into a folder for editing.
package struct TemplatesExportRequest: PipelineRequest {
    package var folder: String
    /// Replace files that exist already.
    package var force: Bool

    package init(folder: String, force: Bool) { (self.folder, self.force) = (folder, force) }

    package func run(_ run: PipelineRun) async throws -> [URL] {
        try DefaultTemplates.export(to: URL(fileURLWithPath: folder, isDirectory: true), overwrite: force)
    }
}
