// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "boxoffice",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "boxoffice", targets: ["boxoffice"]),
        .library(name: "BoxOfficeKit", targets: ["BoxOfficeKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
    ],
    targets: [
        // All logic: calendar, HTTP, KOBIS, pipeline stages, report model, output.
        .target(
            name: "BoxOfficeKit",
            dependencies: [.product(name: "Mustache", package: "swift-mustache")],
            plugins: ["EmbedTemplates"]
        ),
        // The thin command line: parses, wires, maps errors to exit codes.
        .executableTarget(
            name: "boxoffice",
            dependencies: [
                "BoxOfficeKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Compiles Templates/*.mustache into the library so the binary works anywhere.
        .executableTarget(name: "embed-templates", path: "Sources/embed-templates"),
        .plugin(
            name: "EmbedTemplates",
            capability: .buildTool(),
            dependencies: ["embed-templates"]
        ),
        // Loopback HTTP servers that speak the services' formats: for tests and benchmarks only.
        .target(name: "FakeServices", dependencies: ["BoxOfficeKit"]),
        .executableTarget(name: "boxoffice-bench", dependencies: ["BoxOfficeKit", "FakeServices"]),
        .testTarget(name: "BoxOfficeKitTests", dependencies: ["BoxOfficeKit", "FakeServices"], exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "EndToEndTests", dependencies: ["BoxOfficeKit", "FakeServices", "boxoffice"]),
    ],
    swiftLanguageModes: [.v6]
)
