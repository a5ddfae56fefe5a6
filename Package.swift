// swift-tools-version:6.0
// The manifest of ServiceUtils: one target per module, no package dependencies.
import PackageDescription

/// Swift settings every target shares: Swift 6 mode plus the upcoming features STYLE.md asks for.
let commonSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The library modules, in dependency order, with what each one imports.
let libraryModules: [(name: String, dependencies: [String])] = [
    ("NetworkKit", ["InternalServiceUtilities"]),
    ("SecurityKit", ["InternalServiceUtilities"]),
    ("StorageKit", ["InternalServiceUtilities"]),
    ("StringKit", ["InternalServiceUtilities"]),
    ("MoneyKit", ["InternalServiceUtilities"]),
    ("PlatformKit", ["InternalServiceUtilities", "NetworkKit"]),
    ("MockServerKit", ["InternalServiceUtilities", "NetworkKit"]),
    ("GeoKit", ["InternalServiceUtilities", "NetworkKit", "PlatformKit"]),
    ("GroceryAPI", ["InternalServiceUtilities", "NetworkKit", "SecurityKit", "MockServerKit"]),
]

/// Modules a module's test target needs besides the module itself (such as MockServerKit's server).
let extraTestDependencies: [String: [Target.Dependency]] = [
    "GeoKit": ["MockServerKit"], "NetworkKit": ["MockServerKit"], "MockServerKit": ["NetworkKit"],
]

/// Modules that are test support or sample code: products of their own, not in the umbrella, so an
/// app that adds `ServiceUtils` links library code only.
let outsideUmbrella: Set<String> = ["MockServerKit", "GroceryAPI"]

let umbrellaDependencies = libraryModules.filter { !outsideUmbrella.contains($0.name) }
    .map { Target.Dependency(stringLiteral: $0.name) }

var targets: [Target] = [
    // Hidden helpers shared by several modules (a lock box, small utilities); not a product.
    .target(name: "InternalServiceUtilities", swiftSettings: commonSettings),
    // Test-only helpers: fixture addresses, paths of built executables, a runner for them.
    .target(
        name: "ServiceUtilsTestSupport",
        dependencies: ["InternalServiceUtilities"],
        path: "Tests/ServiceUtilsTestSupport",
        swiftSettings: commonSettings
    ),
    .target(name: "ServiceUtils", dependencies: umbrellaDependencies, swiftSettings: commonSettings),
    // What an app's test target adds: the loopback HTTP server and its stubs (MockServerKit).
    .target(name: "ServiceUtilsTesting", dependencies: ["MockServerKit"], swiftSettings: commonSettings),
    .executableTarget(
        name: "service-utils",
        dependencies: ["ServiceUtils", "MockServerKit", "GroceryAPI", "InternalServiceUtilities"],
        swiftSettings: commonSettings
    ),
    .executableTarget(
        name: "service-utils-bench",
        dependencies: [
            "ServiceUtils", "MockServerKit", "GroceryAPI", "InternalServiceUtilities", "BenchmarkReporting",
        ],
        swiftSettings: commonSettings
    ),
    // An app with only `import ServiceUtils`, whose symbols UmbrellaLinkTests reads.
    .executableTarget(
        name: "umbrella-app", dependencies: ["ServiceUtils"], path: "Tests/UmbrellaApp",
        swiftSettings: commonSettings
    ),
    // Hidden: the bench's report (Markdown tables, SVG charts, the machine's description) from a list
    // of results, kept out of the executable so that its tests can import it; not a product.
    .target(name: "BenchmarkReporting", swiftSettings: commonSettings),
    .testTarget(name: "BenchmarkReportingTests", dependencies: ["BenchmarkReporting"], swiftSettings: commonSettings),
    // StorageKit's test helper: a writer that its crash-safety and two-process tests start and kill.
    .executableTarget(name: "storage-stress", dependencies: ["StorageKit"], swiftSettings: commonSettings),
    .testTarget(
        name: "ServiceUtilsTests",
        dependencies: ["ServiceUtils", "ServiceUtilsTestSupport"],
        swiftSettings: commonSettings
    ),
    // Code in SurfUtils 13.2's call shapes (XCTest, as SurfUtils' own tests), compiled with nothing but
    // `import ServiceUtils`: the proof that a migration is a one-line import change. SurfUtils 13.2 and
    // the apps built on it are Swift 5 code, so this target is too (no upcoming features, `Error` not
    // `any Error`); CI builds it with warnings as errors like everything else.
    .testTarget(
        name: "SurfUtilsCompatibilityTests",
        dependencies: ["ServiceUtils", "FrameworkNamesStandIn", "GroceryAPI", "MockServerKit"],
        swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    // Top-level names of Apple frameworks an app imports beside ServiceUtils (SwiftUI's `Color`, `Font`,
    // `TextAlignment`), declared here so that SurfUtilsCompatibilityTests proves on Linux that
    // `import ServiceUtils` brings no clashing name into such a file.
    .target(
        name: "FrameworkNamesStandIn",
        path: "Tests/FrameworkNamesStandIn",
        swiftSettings: [.swiftLanguageMode(.v5)]
    ),
    .testTarget(
        name: "InternalServiceUtilitiesTests",
        dependencies: ["InternalServiceUtilities", "ServiceUtilsTestSupport"],
        swiftSettings: commonSettings
    ),
]

for module in libraryModules {
    targets.append(
        .target(
            name: module.name,
            dependencies: module.dependencies.map { Target.Dependency(stringLiteral: $0) },
            swiftSettings: commonSettings
        )
    )
    targets.append(
        .testTarget(
            name: "\(module.name)Tests",
            dependencies: [
                Target.Dependency(stringLiteral: module.name), "ServiceUtilsTestSupport",
                "InternalServiceUtilities",
            ] + (extraTestDependencies[module.name] ?? []),
            swiftSettings: commonSettings
        )
    )
}

let package = Package(
    name: "ServiceUtils",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "ServiceUtils", targets: ["ServiceUtils"]),
        .library(name: "ServiceUtilsTesting", targets: ["ServiceUtilsTesting"]),
        .executable(name: "service-utils", targets: ["service-utils"]),
        .executable(name: "service-utils-bench", targets: ["service-utils-bench"]),
    ] + libraryModules.map { .library(name: $0.name, targets: [$0.name]) },
    targets: targets
)
