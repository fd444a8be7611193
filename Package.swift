// swift-tools-version:6.0
import PackageDescription

// The layers depend one way, and these targets make the compiler hold them to it:
//
//   boxoffice (command line) → BoxOfficePipeline → BoxOfficeServices, BoxOfficeOutput → BoxOfficeFiles → BoxOfficeModel
//
// BoxOfficeServices (HTTP, cache, KOBIS, TMDB) and BoxOfficeOutput (JSON, templates, files) never
// see each other; neither sees the pipeline; file I/O is BoxOfficeFiles'; the model sees nothing
// but Foundation, and reads and writes no file.
let package = Package(
    name: "boxoffice",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "boxoffice", targets: ["boxoffice"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
    ],
    targets: [
        // Value types and pure functions: calendar, KOBIS and TMDB models, the report model with
        // join, rank and summary, diagnostics, and the one bounded task group.
        .target(name: "BoxOfficeModel"),
        // Files boxoffice writes and reads without trusting them: atomic replacement, side files
        // (ledger, logs, state) opened without following links, locks. The only file I/O below the
        // services and the output; the model itself reads and writes nothing.
        .target(name: "BoxOfficeFiles", dependencies: ["BoxOfficeModel"]),
        // Talking to the services: HTTP with retries, the response cache and quota ledger, the
        // KOBIS and TMDB clients with their decoders and cache keys.
        .target(name: "BoxOfficeServices", dependencies: ["BoxOfficeModel", "BoxOfficeFiles", "CCurl"]),
        // libcurl, loaded when a run first needs the network and called directly (CurlTransport); the
        // shim declares the few types and values it uses, so building needs no libcurl headers.
        .systemLibrary(name: "CCurl"),
        // The commit `make build` writes for `--version` (one C file; see build_info.c).
        .target(name: "CBuildInfo"),
        // Rendering the report model: Tables/ (one definition per machine table, written as CSV,
        // xlsx, SQLite and a data package), JSON/, TemplateEngine/ and Views/ (the Mustache
        // templates and their view models), Words/ (each language), Formats/ (the formats without
        // templates), Files/ (writing files atomically, the folder's index).
        .target(
            name: "BoxOfficeOutput",
            dependencies: ["BoxOfficeModel", "BoxOfficeFiles", .product(name: "Mustache", package: "swift-mustache")],
            plugins: ["EmbedTemplates"]
        ),
        // The stages of a run, named in ReportPipeline's doc (fetch → look-back → join/rank → year
        // records → your films → render → write), one entry point per command, and the bundled sample.
        .target(name: "BoxOfficePipeline", dependencies: ["BoxOfficeModel", "BoxOfficeFiles", "BoxOfficeServices", "BoxOfficeOutput"]),
        // The thin command line: parses, wires, maps errors to exit codes.
        .executableTarget(
            name: "boxoffice",
            dependencies: [
                "BoxOfficePipeline", "CBuildInfo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Compiles Templates/*.mustache into the output layer so the binary works anywhere.
        .executableTarget(name: "embed-templates", path: "Sources/embed-templates"),
        .plugin(
            name: "EmbedTemplates",
            capability: .buildTool(),
            dependencies: ["embed-templates"]
        ),
        // Loopback HTTP servers that speak the services' formats: for tests and benchmarks only.
        .target(name: "FakeServices", dependencies: ["BoxOfficePipeline"]),
        .executableTarget(
            name: "boxoffice-bench",
            dependencies: ["BoxOfficePipeline", "FakeServices", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The parsers a hostile server, user or template author reaches, behind one libFuzzer
        // entry point (scripts/fuzz); the unit tests replay every input it kept.
        .target(name: "BoxOfficeFuzz", dependencies: ["BoxOfficeServices", "BoxOfficeOutput"]),
        .executableTarget(name: "boxoffice-fuzz", dependencies: ["BoxOfficeFuzz"]),
        // Helpers both test targets read their outputs with (a strict CSV reader).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Unit tests, a target per library (each test file tests what its target is named after),
        // and what they share: fixtures, fixed reports, golden files, test doubles.
        .target(
            name: "UnitTestSupport", dependencies: ["BoxOfficePipeline", "TestSupport"], path: "Tests/UnitTestSupport",
            exclude: ["Fixtures"]),
        .testTarget(name: "ModelTests", dependencies: ["BoxOfficeModel", "BoxOfficeOutput", "UnitTestSupport", "TestSupport"]),
        .testTarget(name: "ServicesTests", dependencies: ["BoxOfficeServices", "BoxOfficeOutput", "FakeServices", "UnitTestSupport", "TestSupport"]),
        .testTarget(
            name: "OutputTests", dependencies: ["BoxOfficeOutput", "BoxOfficePipeline", "UnitTestSupport", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "PipelineTests", dependencies: ["BoxOfficePipeline", "FakeServices", "BoxOfficeFuzz", "UnitTestSupport", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["BoxOfficePipeline", "BoxOfficeFiles", "FakeServices", "boxoffice", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
