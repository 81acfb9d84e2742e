// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "swift-composable-deps",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "DepsCore", targets: ["DepsCore"]),
    .library(name: "DepsReducer", targets: ["DepsReducer"]),
    .library(name: "ComposableDeps", targets: ["ComposableDeps"]),
    .library(name: "GlobalDeps", targets: ["GlobalDeps"]),
    .library(name: "DepsTesting", targets: ["DepsTesting"]),
  ],
  targets: [
    .target(name: "DepsCore"),
    .target(name: "DepsReducer", dependencies: ["DepsCore"]),
    .target(name: "ComposableDeps", dependencies: ["DepsCore", "DepsReducer"]),
    .target(name: "GlobalDeps", dependencies: ["DepsCore", "DepsReducer"]),
    .target(name: "DepsTesting", dependencies: ["DepsCore", "DepsReducer"]),
    .target(
      name: "ExampleFeatures",
      dependencies: ["ComposableDeps"],
      path: "Example/Sources/ExampleFeatures"
    ),
    .executableTarget(
      name: "Example",
      dependencies: ["ExampleFeatures", "ComposableDeps"],
      path: "Example/Sources/Example"
    ),
    .testTarget(name: "DepsCoreTests", dependencies: ["DepsCore", "DepsContextProbe", "DepsTestSupport"]),
    // An executable that links DepsTesting but runs no test; DepsCoreTests checks it runs live.
    .executableTarget(
      name: "DepsContextProbe", dependencies: ["ComposableDeps", "GlobalDeps", "DepsTesting"],
      path: "Tests/DepsContextProbe"),
    .testTarget(
      name: "DepsReducerTests", dependencies: ["DepsReducer", "DepsCore", "DepsReference", "DepsTestSupport"]),
    // Helpers the test targets share (stress sizes, the storms' keys); not a product.
    .target(name: "DepsTestSupport", dependencies: ["DepsCore"], path: "Tests/DepsTestSupport"),
    // Plain, slow statements of what the modules mean, written from the docs, and the seeded
    // programs that hold the fast paths to them; for the test targets only, never the library.
    .target(name: "DepsReference", dependencies: ["DepsCore"], path: "Tests/DepsReference"),
    .testTarget(
      name: "ComposableDepsTests",
      dependencies: ["ComposableDeps", "DepsTesting", "DepsTestSupport", "DepsReference"]),
    .testTarget(
      name: "GlobalDepsTests",
      dependencies: ["GlobalDeps", "DepsTesting", "DepsTestSupport", "DepsReference"]),
    .testTarget(
      name: "DepsTestingTests", dependencies: ["DepsTesting", "ComposableDeps", "DepsTestSupport"]),
    .testTarget(name: "ExampleTests", dependencies: ["ExampleFeatures", "DepsTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
