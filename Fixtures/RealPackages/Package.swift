// swift-tools-version: 6.0
// An app's features on the packages a TCA 0.40 app already has, not stand-ins of them:
// swift-identified-collections' `IdentifiedArrayOf` under every form of `forEach`, swift-clocks'
// `TestClock` and `ImmediateClock` driving `\.continuousClock`, swift-case-paths imported beside
// the library, and the library's shutdown run by swift-service-lifecycle's `ServiceGroup`. It
// depends on this package by path; `.ci/run` builds and tests it (Docs/MigratingFromTCA.md,
// Docs/Lifecycle.md).
import PackageDescription

let library = "swift-composable-deps"

let package = Package(
  name: "RealPackages",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(name: library, path: "../.."),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
  ],
  targets: [
    // The rows and the one-line `IndexedByID` conformance of `IdentifiedArray`, which both
    // features share: an app declares it once.
    .target(
      name: "TodoModels",
      dependencies: [
        .product(name: "DepsReducer", package: library),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    .target(
      name: "IdentifiedFeatures",
      dependencies: [
        "TodoModels", .product(name: "ComposableDeps", package: library),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    .target(
      name: "IdentifiedGlobalFeatures",
      dependencies: [
        "TodoModels", .product(name: "GlobalDeps", package: library),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    .target(name: "ClockFeatures", dependencies: [.product(name: "ComposableDeps", package: library)]),
    .target(
      name: "CasePathFeatures",
      dependencies: [
        .product(name: "ComposableDeps", package: library),
        .product(name: "CasePaths", package: "swift-case-paths"),
      ]
    ),
    .target(
      name: "LifecycleServer",
      dependencies: [
        .product(name: "ComposableDeps", package: library),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    .testTarget(
      name: "RealPackagesTests",
      dependencies: [
        "TodoModels", "IdentifiedFeatures", "IdentifiedGlobalFeatures", "ClockFeatures", "CasePathFeatures",
        "LifecycleServer",
        .product(name: "DepsTesting", package: library),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
