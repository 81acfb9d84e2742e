// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

// The `Macros` trait adds `@DependencyEntry` (Docs/GettingStarted.md). Without it nothing below
// resolves or builds swift-syntax: every use of it is conditioned on the trait, and SwiftPM skips
// a dependency that no enabled trait reaches.
let macros: TargetDependencyCondition? = .when(traits: ["Macros"])
let swiftSyntax = "swift-syntax"

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
  traits: [
    .trait(
      name: "Macros",
      description: "@DependencyEntry: one-line dependencies, built with swift-syntax."
    )
  ],
  dependencies: [
    // 600 is the first release for Swift 6 compilers; 603 is the newest that builds here (6.3.1).
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0")
  ],
  targets: [
    .target(
      name: "DepsCore",
      dependencies: [.target(name: "DepsMacrosPlugin", condition: macros)]),
    // The compiler plugin of `@DependencyEntry`; its sources are empty without the trait.
    .macro(
      name: "DepsMacrosPlugin",
      dependencies: [
        .product(name: "SwiftSyntax", package: swiftSyntax, condition: macros),
        .product(name: "SwiftSyntaxMacros", package: swiftSyntax, condition: macros),
        .product(name: "SwiftCompilerPlugin", package: swiftSyntax, condition: macros),
        .product(name: "SwiftDiagnostics", package: swiftSyntax, condition: macros),
      ]
    ),
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
    // The macro's expansions and diagnostics, by exact text; empty without the trait.
    .testTarget(
      name: "DepsMacrosTests",
      dependencies: [
        .target(name: "DepsMacrosPlugin", condition: macros),
        .product(name: "SwiftSyntaxMacrosTestSupport", package: swiftSyntax, condition: macros),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
