// swift-tools-version: 6.0
// migration: `swift-tools-version: 6.0`
import PackageDescription

let package = Package(
  name: "SearchApp",
  platforms: [.iOS(.v16), .macOS(.v13)],  // migration: `.iOS(.v16), .macOS(.v13)`
  dependencies: [
    // migration: replace both packages by this one
    // (the sample depends on it by path; an app uses the URL of the Install section)
    .package(name: "swift-composable-deps", path: "../../.."),
  ],
  targets: [
    .target(
      name: "SearchApp",
      dependencies: [
        // migration: `ComposableEnvironment` product: depend on `ComposableDeps`
        .product(name: "ComposableDeps", package: "swift-composable-deps"),
      ]
    ),
    // migration: `DepsTesting` in test targets
    .testTarget(
      name: "SearchAppTests",
      dependencies: [
        "SearchApp",
        .product(name: "DepsTesting", package: "swift-composable-deps"),
      ]
    ),
  ]
)
