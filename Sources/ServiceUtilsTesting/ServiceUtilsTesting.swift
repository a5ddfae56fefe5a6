// The testing product: what an app's test target adds beside `ServiceUtils`. It re-exports
// MockServerKit (a loopback HTTP server with stubs, routers and recorded requests), which the
// umbrella leaves out so that apps never ship it.
//
//     .testTarget(name: "AppTests", dependencies: ["App", .product(name: "ServiceUtilsTesting", package: "ServiceUtils")])

@_exported import MockServerKit
