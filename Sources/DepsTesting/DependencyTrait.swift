#if compiler(>=6.1) && canImport(Testing)
  import DepsCore
  import Testing

  /// A Swift Testing trait that runs each test inside a `GlobalDeps`
  /// `withDependencies(_:operation:)` scope with the overrides you give.
  ///
  /// Add it with ``Testing/Trait/dependencies(_:)`` to a test or to a suite:
  ///
  /// ```swift
  /// @Suite(.dependencies { $0.apiClient = .mock })
  /// struct FeatureTests {
  ///   @Test(.dependencies { $0.date = .constant(.distantPast) })
  ///   func stampsTheFetchWithTheDate() async {
  ///     #expect(await FeatureModel().stamp() == "mock at \(Date.distantPast)")
  ///   }
  /// }
  /// ```
  ///
  /// On a suite it applies to every test of it and of its nested suites, each test (each case of a
  /// parameterized test) in its own scope; a test's own trait applies inside its suite's, so its
  /// overrides win. Before the test ends, the outermost trait shuts down what the test built and
  /// frees it. `DepsTesting` finds `GlobalDeps` at run time: link it into the test target (without
  /// it, a test with the trait fails, saying so).
  public struct DependencyTrait: TestTrait, SuiteTrait, TestScoping {
    /// Sets the trait's overrides; may `await`.
    let update: @Sendable (inout Dependencies) async throws -> Void
    /// Where a strict trait (`dependencies(strict: true)`) is written, which fails the test there
    /// for each override it never read; `nil` for a trait that is not strict.
    let strictSite: SourceLocation?

    /// Always `true`: a suite's overrides apply to each test of it and its nested suites.
    public var isRecursive: Bool { true }

    /// Runs `function` inside a `withDependencies(_:operation:)` scope with this
    /// trait's overrides.
    public func provideScope(
      for test: Test,
      testCase: Test.Case?,
      performing function: @Sendable () async throws -> Void
    ) async throws {
      guard let scope = DependencyScopeProvider.linked else {
        Issue.record(Comment(rawValue: DependencyScopeProvider.notLinkedMessage))
        return try await function()
      }
      let usage = try await scope.withScope(update, operation: function)
      guard let strictSite else { return }
      for key in usage.unreadOverrides.sorted() {
        Issue.record(Comment(rawValue: StrictDependencies.unreadInTrait(key)), sourceLocation: strictSite)
      }
    }
  }

  /// The `.dependencies { ... }` trait, for `@Test` and `@Suite`.
  extension Trait where Self == DependencyTrait {
    /// Overrides dependencies for a test, or for each test of a suite.
    ///
    /// ```swift
    /// @Test(.dependencies { $0.apiClient = .mock })
    /// func showsTheFetchedName() async {
    ///   #expect(await FeatureModel().title() == "mock")
    /// }
    /// ```
    ///
    /// The update may `await`, as in `.dependencies { $0.apiClient = await .recorded() }`.
    ///
    /// `update` runs once per test, in the test's task.
    public static func dependencies(
      _ update: @escaping @Sendable (inout Dependencies) async throws -> Void
    ) -> Self {
      DependencyTrait(update: update, strictSite: nil)
    }
  }
#endif
