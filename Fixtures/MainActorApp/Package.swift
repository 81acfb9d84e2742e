// swift-tools-version: 6.2
// An app target as current Xcode creates it: default MainActor isolation and approachable
// concurrency. It compiles the README's and Docs/GettingStarted.md's code with the `nonisolated`
// words Docs/Swift62AppTargets.md names: both modules' environments, reducers composed with
// environment-less pullbacks, effects with debouncing, cancellation and error handling, and
// TestStore tests driven by TestClock. `.ci/run` builds and tests it.
import PackageDescription

let settings: [SwiftSetting] = [
  .defaultIsolation(MainActor.self),
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
  name: "MainActorApp",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "swift-composable-deps", path: "../..")],
  targets: [
    .target(
      name: "MainActorApp",
      dependencies: [
        .product(name: "ComposableDeps", package: "swift-composable-deps"),
        .product(name: "GlobalDeps", package: "swift-composable-deps"),
      ],
      swiftSettings: settings
    ),
    .testTarget(
      name: "MainActorAppTests",
      dependencies: [
        "MainActorApp",
        .product(name: "DepsTesting", package: "swift-composable-deps"),
        .product(name: "ComposableDeps", package: "swift-composable-deps"),
        .product(name: "GlobalDeps", package: "swift-composable-deps"),
      ],
      swiftSettings: settings
    ),
  ],
  swiftLanguageModes: [.v6]
)
