import BoxOfficeModel
import Foundation
import Synchronization
import Testing
import UnitTestSupport

@testable import BoxOfficeOutput

#if canImport(Glibc)
import Glibc
#endif

/// The final step of a report run: every file of the set appears together or none does.
@Suite("All-or-nothing commit of a report's files")
struct CommitTests {
    let names = ["boxoffice-r.json", "boxoffice-r.csv", "boxoffice-r-films.csv", "boxoffice-r.md", "boxoffice-r.html"]

    func contents(_ folder: ScratchFolder) throws -> [String: String] {
        var found: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) {
            found[name] = try String(contentsOf: folder.file(name), encoding: .utf8)
        }
        return found
    }

    func stage(_ folder: ScratchFolder, _ text: String, rename: @escaping (String, String) -> Int32 = { Glibc.rename($0, $1) }) throws -> StagedFiles
    {
        let staged = StagedFiles(directory: folder.url, rename: rename)
        for name in names { try staged.add(RenderedFile(name: name, contents: Data(text.utf8))) }
        return staged
    }

    @Test("a rename failing part-way puts back the files already renamed: the old set stays whole, nothing is left over")
    func rollBack() throws {
        let folder = try ScratchFolder()
        _ = try stage(folder, "old").commit(Array(names.prefix(4)))  // no .html yet: one name is new
        let before = try contents(folder)
        for failing in 1...names.count {
            let calls = Mutex(0)
            let staged = try stage(folder, "new") { from, to in
                let call = calls.withLock {
                    $0 += 1; return $0
                }
                if call == failing { errno = ENOSPC; return -1 }
                return Glibc.rename(from, to)
            }
            #expect(throws: OutputError.self) { try staged.commit(names) }
            #expect(try contents(folder) == before, "failing rename \(failing): the folder is as it was")
        }
        let error = #expect(throws: OutputError.self) {
            try stage(folder, "new") { _, _ in
                errno = ENOSPC; return -1
            }.commit(names)
        }
        #expect(error?.errorDescription?.contains("No space left on device; the files already renamed were put back") == true)
        #expect(try stage(folder, "new").commit(names).count == names.count)
        let after = try contents(folder)
        #expect(after == Dictionary(uniqueKeysWithValues: names.map { ($0, "new") }), "\(after)")
    }

    @Test("a folder where a file belongs fails before anything is renamed")
    func folderInTheWay() throws {
        let folder = try ScratchFolder()
        _ = try stage(folder, "old").commit(names)
        try FileManager.default.removeItem(at: folder.file("boxoffice-r.html"))
        try FileManager.default.createDirectory(at: folder.file("boxoffice-r.html"), withIntermediateDirectories: false)
        let error = #expect(throws: OutputError.self) { try stage(folder, "new").commit(names) }
        #expect(error == .cannotWrite(path: folder.file("boxoffice-r.html").path, reason: "a folder of that name is in the way"))
        for name in names.dropLast() { #expect(try String(contentsOf: folder.file(name), encoding: .utf8) == "old") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).count == names.count)
    }

    @Test("two runs committing into one folder at once: it always ends holding one run's complete set")
    func concurrentRuns() async throws {
        let folder = try ScratchFolder()
        for round in 0..<100 {
            let a = try stage(folder, "a\(round)"), b = try stage(folder, "b\(round)")
            let (first, second) = (a, b)
            let names = names
            await withTaskGroup(of: Void.self) { group in
                group.addTask { _ = try? first.commit(names) }
                group.addTask { _ = try? second.commit(names) }
            }
            let settled = Set(try contents(folder).values)
            #expect(settled.count == 1, "round \(round): \(settled)")
        }
    }

    @Test("a file written in pieces: the pieces in order under its name, a second name for it, nothing visible before the commit")
    func streamed() async throws {
        let folder = try ScratchFolder()
        let staged = StagedFiles(directory: folder.url)
        let pieces = (0..<50).map { "piece \($0);" + String(repeating: "x", count: $0 * 997) }
        try await staged.add(streaming: "boxoffice-r.json") { write in
            for piece in pieces { try Array(piece.utf8).withUnsafeBytes { try write($0) } }
        }
        try staged.add("boxoffice-latest.json", sameAs: "boxoffice-r.json")
        #expect(try contents(folder).keys.allSatisfy { $0.hasPrefix(".") }, "only temporary files before the commit")
        #expect(try staged.commit(["boxoffice-r.json", "boxoffice-latest.json"]).count == 2)
        #expect(try contents(folder) == ["boxoffice-r.json": pieces.joined(), "boxoffice-latest.json": pieces.joined()])
    }

    @Test("a file whose pieces stop with an error: the error comes through, and discarding leaves nothing behind")
    func streamedFailure() async throws {
        struct Stop: Error {}
        let folder = try ScratchFolder()
        let staged = StagedFiles(directory: folder.url)
        try staged.add(RenderedFile(name: "boxoffice-r.md", contents: Data("whole".utf8)))
        await #expect(throws: Stop.self) {
            try await staged.add(streaming: "boxoffice-r.json") { write in
                try Array("half a document".utf8).withUnsafeBytes { try write($0) }
                throw Stop()
            }
        }
        staged.discard()
        #expect(try contents(folder).isEmpty, "no temporary file left")
    }

    @Test("a report's files staged from both lanes at once, the JSON streamed beside the documents: each file as rendered in memory")
    func stagedFromLanes() async throws {
        let folder = try ScratchFolder()
        let staged = StagedFiles(directory: folder.url)
        let report = try await TestReports.sample()
        let renderer = ReportRenderer(templates: try ReportTemplates.bundled())
        let names = try await renderer.render(report, formats: ReportFormat.byDefault, into: staged)
        let expected = try await renderer.render(report, formats: ReportFormat.byDefault)
        #expect(names == expected.map(\.name) && names.contains { $0.hasSuffix(".json") })
        #expect(try staged.commit(names).count == names.count)
        for file in expected { #expect(try Data(contentsOf: folder.file(file.name)) == file.contents, "\(file.name)") }
    }
}
