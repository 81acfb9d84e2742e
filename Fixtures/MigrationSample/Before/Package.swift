// swift-tools-version: 5.7
import PackageDescription

let package = Package(
  name: "SearchApp",
  platforms: [.iOS(.v15), .macOS(.v12)],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-composable-architecture", from: "0.47.0"),
    .package(url: "https://github.com/tgrapperon/swift-composable-environment", from: "0.5.0"),
  ],
  targets: [
    .target(
      name: "SearchApp",
      dependencies: [
        .product(name: "ComposableArchitecture", package: "swift-composable-architecture"),
        .product(name: "ComposableEnvironment", package: "swift-composable-environment"),
      ]
    ),
    .testTarget(name: "SearchAppTests", dependencies: ["SearchApp"]),
  ]
)
