// swift-tools-version:6.0
// libFuzzer targets for ServiceUtils' parsers: a separate package pointing at `..`, so the library's
// users and its normal build never see them. `scripts/fuzz` builds it in release with
// `-Xswiftc -sanitize=fuzzer,address` and `-enable-testing` (the harnesses reach internal parsers
// through `@testable import`) and runs each executable with its seed corpus in `Corpus/<target>/`.
import PackageDescription

let commonSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Each fuzz target: its executable name (also its corpus folder) and the modules it exercises.
let fuzzTargets: [(name: String, modules: [String])] = [
    ("request-head", ["MockServerKit"]),
    ("chunked-body", ["MockServerKit"]),
    ("plural-operands", ["StringKit"]),
    ("money-parser", ["MoneyKit"]),
    ("email-address", ["PlatformKit"]),
    ("mime", ["PlatformKit"]),
    ("pin-vault-record", ["SecurityKit"]),
    ("pin-crypto-box", ["SecurityKit"]),
    ("gpsd-report", ["GeoKit"]),
    ("osrm-response", ["GeoKit"]),
    ("desktop-entry", ["PlatformKit"]),
    ("url-path", ["NetworkKit"]),
    ("query-string", ["NetworkKit"]),
    ("retry-after", ["NetworkKit"]),
    ("certificate-der", ["NetworkKit"]),
    ("har-reader", ["NetworkKit", "MockServerKit"]),
    ("set-cookie", ["NetworkKit"]),
    ("cookie-file", ["NetworkKit"]),
    ("cache-control", ["NetworkKit"]),
    ("cache-record", ["NetworkKit"]),
    ("websocket-frame", ["NetworkKit"]),
    ("websocket-deflate", ["NetworkKit"]),
]

let package = Package(
    name: "ServiceUtilsFuzz",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "ServiceUtils", path: "..")],
    targets: [
        // What every harness shares: a reader that turns the fuzzer's bytes into typed choices, and
        // the check that stops the run when an invariant breaks.
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], swiftSettings: commonSettings),
        // The declaration of libFuzzer's driver, which each harness's `main` calls.
        .target(name: "CLibFuzzer"),
    ]
        + fuzzTargets.map { target in
            .executableTarget(
                name: target.name,
                dependencies: ["FuzzSupport"]
                    + target.modules.map { .product(name: $0, package: "ServiceUtils") },
                swiftSettings: commonSettings
            )
        }
)
