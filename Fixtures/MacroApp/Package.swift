// swift-tools-version: 6.2
// An app that declares its dependencies with `@DependencyEntry`, the library's `Macros` trait on:
// a module that publishes an entry with a named public key (WeatherFeature), a ComposableDeps
// module with default MainActor isolation as current Xcode creates app targets (ComposableApp),
// and a GlobalDeps module (GlobalApp), with tests in the test context and an executable that
// `.ci/run` runs in the live and preview contexts. `.ci/run` builds and tests it.
import PackageDescription

let mainActorApp: [SwiftSetting] = [
  .defaultIsolation(MainActor.self),
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
  name: "MacroApp",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "swift-composable-deps", path: "../..", traits: ["Macros"])],
  targets: [
    .target(
      name: "WeatherFeature",
      dependencies: [.product(name: "DepsCore", package: "swift-composable-deps")]
    ),
    .target(
      name: "ComposableApp",
      dependencies: [
        "WeatherFeature", .product(name: "ComposableDeps", package: "swift-composable-deps"),
      ],
      swiftSettings: mainActorApp
    ),
    .target(
      name: "GlobalApp",
      dependencies: ["WeatherFeature", .product(name: "GlobalDeps", package: "swift-composable-deps")]
    ),
    .executableTarget(name: "MacroAppCheck", dependencies: ["ComposableApp", "GlobalApp"]),
    .testTarget(
      name: "MacroAppTests",
      dependencies: [
        "ComposableApp", "GlobalApp", "WeatherFeature",
        .product(name: "DepsTesting", package: "swift-composable-deps"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
