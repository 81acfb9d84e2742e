// swift-tools-version: 6.0
import PackageDescription

// A package of its own, so the library keeps no dependencies: it measures the library against
// baselines and peers in one process. Run it with
// `swift run -c release --package-path Benchmarks Benchmarks`.
let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
  dependencies: [
    .package(name: "swift-composable-deps", path: ".."),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
    // A TCA app's rows: forEach over the real IdentifiedArrayOf (IdentifiedForEachBenchmarks).
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
  ],
  targets: [
    .target(name: "CHeapInfo"),
    .target(name: "BenchmarkSupport", dependencies: ["CHeapInfo"]),
    .target(
      name: "GlobalDepsBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "GlobalDeps", package: "swift-composable-deps"),
      ]
    ),
    .target(
      name: "ComposableDepsBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "ComposableDeps", package: "swift-composable-deps"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),
    .target(
      name: "TestingBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "DepsReducer", package: "swift-composable-deps"),
        .product(name: "DepsTesting", package: "swift-composable-deps"),
      ]
    ),
    .target(
      name: "PeerBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "Swinject", package: "Swinject"),
      ]
    ),
    // Runs one row for callgrind (Scripts/check-instruction-budgets.py): the library's rows only,
    // so it builds without the peers.
    .executableTarget(
      name: "InstructionCounts",
      dependencies: ["BenchmarkSupport", "GlobalDepsBenchmarks", "ComposableDepsBenchmarks"]
    ),
    .executableTarget(
      name: "Benchmarks",
      dependencies: [
        "BenchmarkSupport", "GlobalDepsBenchmarks", "ComposableDepsBenchmarks", "PeerBenchmarks",
        "TestingBenchmarks",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
