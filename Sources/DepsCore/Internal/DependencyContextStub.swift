/// Whether a dependency nobody set reads its live or its test value.
package enum DependencyContext: Sendable {
  case live, test

  package static let current: DependencyContext =
    CommandLine.arguments.contains { $0.contains("xctest") || $0.contains("swift-testing") } ? .test : .live
}
