// swift-tools-version: 5.9
// Feature code written in TCA 0.40's style (Swift 5 language mode, no upcoming features), moved
// over as Docs/MigratingFromTCA.md says: only its imports changed and its schedulers replaced by
// clocks. It depends on this package by path; `.ci/run` runs its tests.
import PackageDescription

let package = Package(
  name: "TCA040Sample",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "swift-composable-deps", path: "../..")],
  targets: [
    .target(
      name: "TCA040Sample",
      dependencies: [.product(name: "ComposableDeps", package: "swift-composable-deps")]
    ),
    .target(
      name: "TCA040SampleApproachable",
      dependencies: [.product(name: "ComposableDeps", package: "swift-composable-deps")],
      swiftSettings: [.enableUpcomingFeature("InferSendableFromCaptures")]
    ),
    .testTarget(
      name: "TCA040SampleTests",
      dependencies: [
        "TCA040Sample",
        "TCA040SampleApproachable",
        .product(name: "ComposableDeps", package: "swift-composable-deps"),
        .product(name: "DepsTesting", package: "swift-composable-deps"),
      ]
    ),
  ],
  swiftLanguageVersions: [.v5]
)
