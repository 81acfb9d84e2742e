import DepsTestSupport
import GlobalDeps
import Testing

// Reading a key through `@Dependency` in a scope: an override of one of its endpoints, a key with
// only a default, a test value that reports a misuse, and an override that spares building it.
//
// Ported from swift-dependencies 1.17.1, Tests/DependenciesTests/DependencyKeyTests.swift: the
// tests that resolve a key through `@Dependency`, ported to GlobalDeps (the tests of the keys'
// static defaults are DepsCoreTests' KeyValueDefaultsTests).
//
// Each test runs in a fresh `withDependencies` scope, so that it builds its own test values and
// a failure a test value reports is recorded in this test, not in whichever test first read the
// process-wide store's default.

@Suite(.tags(.portedFromSwiftDependencies)) struct DependencyKeyReadTests {
  @Test func dependencyOverridingProperty() {
    withDependencies {
      $0.sdNumberClient.fetch = { 1729 }
    } operation: {
      @Dependency(\.sdNumberClient) var numberClient: NumberClient
      #expect(numberClient.fetch() == 1729)
    }
  }

  @Test func dependencyKeyCascadingImplementOnlyLiveNamed() {
    // Upstream (Apple platforms only, `$0.context = .test`): reading a key that has only a live
    // value fails the test. A DepsCore key's test value is its `defaultValue`: no failure.
    withDependencies { _ in
    } operation: {
      @Dependency(\.sdMissingTestDependency) var missingTestDependency: Int
      #expect(missingTestDependency == 42)
    }
  }

  @Test func dependencyKeyCascadingImplementOnlyLiveNamedType() {
    withDependencies { _ in
    } operation: {
      @Dependency(LiveKey.self) var missingTestDependency: Int
      #expect(missingTestDependency == 42)
    }
  }

  @Test func shouldReportUnimplemented() {
    // Upstream's test value calls `reportIssue("Override this dependency.")`; here it calls an
    // `unimplemented` endpoint, whose failure text Docs/Diagnostics.md defines.
    withDependencies { _ in
    } operation: {
      withKnownIssue {
        @Dependency(ReportIssueTestValueClient.self) var client
        _ = client
      } matching: { issue in
        issue.description.contains(
          """
          Unimplemented: ReportIssueTestValueClient.testValue was called.

          An endpoint built with unimplemented(_:) stands for code that must not run: a test that \
          reaches it must override the dependency it belongs to. To fix: give the test an \
          implementation, e.g. env.with(\\.yourDependency, mock) or \
          withDependencies { $0.yourDependency = mock } operation: { ... }.
          """)
      }
    }
  }

  @Test func shouldReportUnimplementedOverrideDependency() {
    // An overridden dependency never builds its test value, so nothing is reported.
    withDependencies {
      $0[ReportIssueTestValueClient.self] = ReportIssueTestValueClient()
    } operation: {
      @Dependency(ReportIssueTestValueClient.self) var client
      _ = client
    }
  }
}

private enum LiveKey: DependencyKey {
  static let defaultValue = 42
  static let testValue = defaultValue
}

private struct NumberClient: DependencyKey, Sendable {
  var fetch: @Sendable () -> Int
  static let defaultValue = NumberClient { 42 }
  static let testValue = defaultValue
}

private struct ReportIssueTestValueClient: DependencyKey {
  static let defaultValue = ReportIssueTestValueClient()
  static var testValue: ReportIssueTestValueClient {
    let report: @Sendable () -> Void = unimplemented(
      "ReportIssueTestValueClient.testValue", placeholder: ())
    report()
    return ReportIssueTestValueClient()
  }
}

extension Dependencies {
  fileprivate var sdMissingTestDependency: Int {
    get { self[LiveKey.self] }
    set { self[LiveKey.self] = newValue }
  }
  fileprivate var sdNumberClient: NumberClient {
    get { self[NumberClient.self] }
    set { self[NumberClient.self] = newValue }
  }
}
