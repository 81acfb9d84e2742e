import Testing

extension Tag {
  /// Tests ported from swift-dependencies' own suite; the file's opening comment names the upstream
  /// file and version, and what changed.
  @Tag package static var portedFromSwiftDependencies: Self
  /// Tests ported from The Composable Architecture 0.x's suite (tags 0.39.0–0.47.2); the file's
  /// opening comment names the upstream files, and each test the upstream test it ports.
  @Tag package static var portedFromTCA: Self
  /// Tests ported from swift-composable-environment's suite and example app.
  @Tag package static var portedFromComposableEnvironment: Self
}
