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
    /// A strict trait fails the test once for each key it overrode whose value nothing read by
    /// the end of the test (see `Dependencies.usage()`):
    ///
    /// ```
    /// The .dependencies(strict: true) trait overrides NumberFactClientKey, but the test never read it.
    /// ```
    ///
    /// An override left over from code the test no longer reaches is found this way. On a suite,
    /// each test must read every override.
    ///
    /// - Parameters:
    ///   - strict: Whether a test that does not read each override fails.
    ///   - fileID: The file ID of the trait, where the failure is reported.
    ///   - filePath: The file path of the trait.
    ///   - line: The line of the trait.
    ///   - column: The column of the trait.
    ///   - update: Sets the overrides, as in `withDependencies(_:operation:)`, and may `await`. It
    ///     runs once per test, in the test's task.
    /// - Returns: A trait that runs the test inside a scope with those overrides.
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
