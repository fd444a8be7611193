import Foundation

/// Python 3 modules some tests read the output with, as its users would (cmark-gfm, openpyxl).
public enum Python {
    /// True when `python3` on the PATH can import `module`; a test that needs it is skipped,
    /// saying so, when not.
    public static func canImport(_ module: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import \(module)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
