#if compiler(>=6.1) && canImport(Testing)
  import DepsCore
  import Testing

  /// The `.dependencies(strict:) { ... }` trait, for `@Test` and `@Suite`.
  extension Trait where Self == DependencyTrait {
    /// Overrides dependencies for a test, or for each test of a suite, with an update that may be
    /// `async`; with `strict: true`, a test that never reads an override the trait set fails.
    ///
    /// ```swift
    /// @Test(.dependencies(strict: true) { $0.numberFact = .mock })
    /// func loadsTheFact() async {
    ///   #expect(FeatureModel().loadFact() == "1 is a mock.")
    /// }
    /// ```
    ///
    /// A strict trait fails the test once for each key it overrode that nothing read by the test's
    /// end (see `Dependencies.usage()`): an override left over from code the test no longer reaches.
    /// On a suite, each test must read every override.
    ///
    /// `update` runs once per test, in the test's task; failures are reported where the trait is.
    public static func dependencies(
      strict: Bool,
      fileID: String = #fileID,
      filePath: String = #filePath,
      line: Int = #line,
      column: Int = #column,
      _ update: @escaping @Sendable (inout Dependencies) async throws -> Void
    ) -> Self {
      DependencyTrait(
        update: update,
        strictSite: strict
          ? SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column) : nil)
    }
  }
#endif
