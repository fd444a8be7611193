import BoxOfficeFuzz
import Foundation

#if FUZZING
/// libFuzzer's driver, linked by `-sanitize=fuzzer`: it runs `callback` on generated inputs.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif

/// Built by `scripts/fuzz` (with `-sanitize=fuzzer -DFUZZING`), it hands libFuzzer the one entry
/// point, ``FuzzTarget/run(_:)``, and takes libFuzzer's options. A plain `swift build` makes a
/// replayer instead: it runs the inputs named on the command line, so a kept crash can be run
/// under a debugger.
@main
enum FuzzMain {
    static func main() throws {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(
            runFuzzerDriver(&argc, &argv) { bytes, count in
                FuzzTarget.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
                return 0
            })
        #else
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            FileHandle.standardError.write(Data("usage: boxoffice-fuzz FILE…   (to fuzz: scripts/fuzz)\n".utf8))
            exit(64)
        }
        for path in paths {
            print("\(path): \(FuzzTarget.run(try Data(contentsOf: URL(fileURLWithPath: path))))")
        }
        #endif
    }
}
