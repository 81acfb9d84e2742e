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
  /// On a suite it applies to every test of the suite and of its nested suites, each test (each
  /// case of a parameterized test) in its own scope: the outermost trait makes the test's
  /// defaults (every test has its own, with or without the trait), which no other test shares. A
  /// test's own trait is applied inside its suite's: its overrides win, and its closure reads the
  /// suite's.
  ///
  /// Before the test ends, the outermost trait shuts down what the test built (the values of its
  /// `AsyncDependencyKey`s and its other defaults that conform to `DependencyShutdown`) and frees
  /// it.
  ///
  /// The scope is that of `GlobalDeps`, which `DepsTesting` finds at run time rather than
  /// depending on it: link `GlobalDeps` into the test target to use the trait (without it, a test
  /// with the trait fails, saying so). `ComposableDeps` environments are overridden with
  /// `with(_:_:)` on a fresh root environment instead.
  public struct DependencyTrait: TestTrait, SuiteTrait, TestScoping {
    /// Sets the trait's overrides; may `await`.
    let update: @Sendable (inout Dependencies) async throws -> Void
    /// Where a strict trait (`dependencies(strict: true)`) is written, which fails the test there
    /// for each override it never read; `nil` for a trait that is not strict.
    let strictSite: SourceLocation?

    /// Always `true`: a suite's overrides apply to each test of the suite and of its nested suites,
    /// each in a scope of its own.
    public var isRecursive: Bool { true }

    /// Runs `function` inside a `withDependencies(_:operation:)` scope with this
    /// trait's overrides.
    ///
    /// - Parameters:
    ///   - test: The test or suite the trait applies to.
    ///   - testCase: The test case, or `nil` for a suite.
    ///   - function: Runs the test.
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
    /// - Parameter update: Sets the overrides, as in `withDependencies(_:operation:)`, and may
    ///   `await`. It runs once per test, in the test's task.
    /// - Returns: A trait that runs the test inside a scope with those overrides.
    public static func dependencies(
      _ update: @escaping @Sendable (inout Dependencies) async throws -> Void
    ) -> Self {
      DependencyTrait(update: update, strictSite: nil)
    }
  }
#endif
