import DepsCore
import DepsTestSupport
import Dispatch
import Foundation
import GlobalDeps
import Synchronization
import Testing

// Overriding dependencies in `withDependencies` scopes: one value or several, optional values,
// defaults reused, bindings, nested and async scopes, the scope carried into tasks, task groups
// and streams, models without dependencies, and many threads at once.
//
// Ported from swift-dependencies 1.17.1, Tests/DependenciesTests/DependencyValuesTests.swift (the
// tests that need XCTest expectations and the main queue are in EscapedDependenciesXCTests.swift,
// the cache pollution pair in FreshTestValuesXCTests.swift and the `prepareDependencies` tests in
// StoreConfigurationXCTests.swift).
//
// GlobalDeps has no per-scope context (`$0.context = .live` / `.preview`): the context is the
// process's, detected once or forced with DEPS_CONTEXT. Where upstream opens a `.live` scope only
// to read a live value, the port sets that value (`$0.date = .live`) or opens a plain outer scope;
// parts that test what a live or preview context resolves are not ported (see the report).
// `$0.date.now = x` is `$0.date = .constant(x)`: `DateGenerator.now` is get-only (API.md).
// `DependencyValues._current.x` is `Dependency(\.x).wrappedValue`.

private let someDate = Date(timeIntervalSince1970: 1_234_567_890)

@Suite(.tags(.portedFromSwiftDependencies)) struct ScopedOverrideTests {
  @Test func withValues() {
    let date = withDependencies {
      $0.date = .constant(someDate)
    } operation: { () -> Date in
      @Dependency(\.date) var date
      return date.now
    }

    // Upstream: `$0.context = .live`, which makes `\.date` resolve to its live value.
    let defaultDate = withDependencies {
      $0.date = .live
    } operation: { () -> Date in
      @Dependency(\.date) var date
      return date.now
    }

    #expect(date == someDate)
    #expect(defaultDate != someDate)
  }

  @Test func withValue() {
    // Upstream: `$0.context = .live`.
    withDependencies {
      $0.date = .live
    } operation: {
      let date = withDependencies {
        $0.date = .constant(someDate)
      } operation: { () -> Date in
        @Dependency(\.date) var date
        return date.now
      }

      #expect(date == someDate)
      #expect(Dependency(\.date).wrappedValue.now != someDate)
    }
  }

  @Test func setDependencyAcrossMultipleLines() {
    withDependencies {
      $0.date = .constant(someDate)
      $0.date = .constant(someDate.addingTimeInterval(10))
    } operation: {
      @Dependency(\.date) var date
      #expect(date.now == someDate.addingTimeInterval(10))
    }
  }

  @Test func optionalDependency() {
    for value in [nil, ""] as [String?] {
      withDependencies {
        $0.sdOptional = value
      } operation: {
        @Dependency(\.sdOptional) var optionalDependency: String?
        #expect(optionalDependency == value)
      }
    }
  }

  @Test func optionalDependencyLive() {
    // Upstream reads the live value ("live") in a `.live` scope: not portable, the key's
    // `defaultValue` is checked instead. Setting nil over it must still read nil.
    #expect(OptionalDependencyKey.defaultValue == "live")
    withDependencies {
      $0.sdOptional = nil
    } operation: {
      @Dependency(\.sdOptional) var optionalDependency: String?
      #expect(optionalDependency == nil)
    }
  }

  @Test func optionalDependencyUndefined() {
    // Upstream runs this on Apple platforms only, with XCTExpectFailure. The fresh scope makes
    // this test build its own test value, so the failure is recorded here and not in whichever
    // test first read the store's default.
    withDependencies { _ in
    } operation: {
      @Dependency(\.sdOptional) var optionalDependency: String?
      withKnownIssue {
        #expect(optionalDependency == nil)
      } matching: { issue in
        issue.description.contains(
          """
          Unimplemented: @Dependency(\\.optionalDependency) was called.

          An endpoint built with unimplemented(_:) stands for code that must not run: a test that \
          reaches it must override the dependency it belongs to.
          """)
      }
    }
  }

  @Test func dependencyDefaultIsReused() {
    // Upstream: `$0 = .init()` then `$0.context = .test`: fresh test values. Here: an outermost
    // scope, which builds its own defaults in a test process.
    withDependencies { _ in
    } operation: {
      withDependencies { _ in
      } operation: {
        @Dependency(\.sdReuseClient) var reuseClient: ReuseClient

        #expect(reuseClient.count() == 0)
        reuseClient.setCount(42)
        #expect(reuseClient.count() == 42)
      }
    }
  }

  @Test func accessingTestDependencyFromLiveContextWhenUpdatingDependencies() {
    // Upstream (Apple platforms only) opens a `.live` scope and expects a failure for using a
    // test value in it; GlobalDeps has neither, so the outer scope is a plain one.
    @Dependency(\.sdReuseClient) var reuseClient: ReuseClient
    withDependencies { _ in
    } operation: {
      withDependencies {
        #expect($0.sdReuseClient.count() == 0)
        #expect(reuseClient.count() == 0)
      } operation: {
        #expect(reuseClient.count() == 0)
      }
    }
  }

  @Test func updatingTestDependencyFromLiveContextWhenUpdatingDependencies() {
    // As above: upstream's `.live` scope is a plain outer scope here.
    @Dependency(\.sdReuseClient) var reuseClient: ReuseClient
    withDependencies { _ in
    } operation: {
      withDependencies {
        $0.sdReuseClient.setCount(42)
        #expect($0.sdReuseClient.count() == 42)
        #expect(reuseClient.count() == 42)
      } operation: {
        #expect(reuseClient.count() == 42)
      }
    }
    // The test's value, which the scopes used: one instance throughout the test.
    withDependencies { _ in
    } operation: {
      #expect(reuseClient.count() == 42)
    }
  }

  @Test func updatingATestDependencyInTheUpdateClosureOfAnOutermostScope() {
    // The same test without upstream's outer scope. swift-dependencies caches one test value per
    // test, so the update closure and the operation see one instance: 42 in both. GlobalDeps'
    // outermost scope builds its own defaults, and its update closure reads those, not the
    // process-wide store's.
    @Dependency(\.sdReuseClient) var reuseClient: ReuseClient
    withDependencies {
      $0.sdReuseClient.setCount(42)
      #expect($0.sdReuseClient.count() == 42)
      #expect(reuseClient.count() == 42)
    } operation: {
      #expect(reuseClient.count() == 42)
    }
  }

  @Test func binding() {
    // Upstream: `$0.context = .test`.
    withDependencies { _ in
    } operation: {
      @Dependency(\.sdChildDependencyEarlyBinding) var childDependencyEarlyBinding:
        ChildDependencyEarlyBinding
      @Dependency(\.sdChildDependencyLateBinding) var childDependencyLateBinding: ChildDependencyLateBinding

      #expect(childDependencyEarlyBinding.fetch() == 42)
      #expect(childDependencyLateBinding.fetch() == 42)

      withDependencies {
        $0.sdSomeDependency.fetch = { 1729 }
      } operation: {
        #expect(childDependencyEarlyBinding.fetch() == 1729)
        #expect(childDependencyLateBinding.fetch() == 1729)
      }

      var childDependencyEarlyBindingEscaped: ChildDependencyEarlyBinding!
      var childDependencyLateBindingEscaped: ChildDependencyLateBinding!

      withDependencies {
        $0.sdSomeDependency.fetch = { 999 }
      } operation: {
        @Dependency(\.sdChildDependencyEarlyBinding) var childDependencyEarlyBinding2:
          ChildDependencyEarlyBinding
        @Dependency(\.sdChildDependencyLateBinding) var childDependencyLateBinding2:
          ChildDependencyLateBinding

        childDependencyEarlyBindingEscaped = childDependencyEarlyBinding
        childDependencyLateBindingEscaped = childDependencyLateBinding

        #expect(childDependencyEarlyBinding2.fetch() == 999)
        #expect(childDependencyLateBinding2.fetch() == 999)
      }

      #expect(childDependencyEarlyBindingEscaped.fetch() == 42)
      #expect(childDependencyLateBindingEscaped.fetch() == 42)

      withDependencies {
        $0.sdSomeDependency.fetch = { 1_000 }
      } operation: {
        #expect(childDependencyEarlyBindingEscaped.fetch() == 1_000)
        #expect(childDependencyLateBindingEscaped.fetch() == 1_000)
      }
    }
  }

  @Test func withTestValues() {
    final class FeatureModel {
      @Dependency(\.sdFullDependency) var fullDependency
    }

    let model = FeatureModel()

    #expect(model.fullDependency.value == 3)
    // Upstream also reads the model in a `.preview` scope (2) and a `.live` scope (1): not
    // portable. The key's values are checked instead.
    #expect(FullDependency.previewValue.value == 2)
    #expect(FullDependency.defaultValue.value == 1)
    withDependencies {
      $0.sdFullDependency.value = -1
    } operation: {
      #expect(model.fullDependency.value == -1)
    }
  }

  @Test func nestedWithTestValues() {
    withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
    } operation: {
      withDependencies {
        $0.uuid = .incrementing
      } operation: {
        #expect(Dependency(\.date).wrappedValue.now == Date(timeIntervalSince1970: 1_234_567_890))
        #expect(
          Dependency(\.uuid).wrappedValue() == UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)
        #expect(DependencyContext.current == .test)
      }
    }
  }

  @Test func nestedWithTestValuesAsync() async throws {
    try await withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
    } operation: {
      try await withDependencies {
        $0.uuid = .incrementing
      } operation: {
        #expect(Dependency(\.date).wrappedValue.now == Date(timeIntervalSince1970: 1_234_567_890))
        #expect(
          Dependency(\.uuid).wrappedValue() == UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)
        #expect(DependencyContext.current == .test)
        try await Task.sleep(nanoseconds: 0)
      }
    }
  }

  @Test func taskPropagation() async throws {
    let task = withDependencies {
      $0.date = .constant(Date(timeIntervalSinceReferenceDate: 1_234_567_890))
    } operation: { () -> Task<Void, Never> in
      @Dependency(\.date.now) var now: Date
      #expect(now.timeIntervalSinceReferenceDate == 1_234_567_890)
      return Task {
        #expect(now.timeIntervalSinceReferenceDate == 1_234_567_890)
        @Dependency(\.date.now) var now: Date
        #expect(now.timeIntervalSinceReferenceDate == 1_234_567_890)
      }
    }
    await task.value
  }

  @Test func taskGroupPropagation() async {
    let value = await withDependencies {
      $0.sdFullDependency.value = 42
    } operation: {
      await withTaskGroup(of: Int.self, returning: Int?.self) { group in
        group.addTask {
          @Dependency(\.sdFullDependency.value) var value: Int
          #expect(Dependency(\.sdFullDependency).wrappedValue.value == 42)
          return value
        }
        return await group.next()
      }
    }

    #expect(value == 42)
  }

  @Test func asyncStreamUnfoldingWithoutEscapedDependencies() async {
    let stream = withDependencies {
      $0.sdFullDependency.value = 42
    } operation: { () -> AsyncStream<Int> in
      let isDone = Locked(false)
      return AsyncStream(unfolding: {
        defer { isDone.withLock { $0 = true } }
        @Dependency(\.sdFullDependency.value) var value
        return isDone.withLock { $0 } ? nil : value
      })
    }

    let values = await stream.reduce([]) { $0 + [$1] }
    // The dependency change does not propagate.
    #expect(values == [3])
  }

  @Test func asyncStreamUnfoldingWithEscapedDependencies() async {
    let stream = withDependencies {
      $0.sdFullDependency.value = 42
    } operation: { () -> AsyncStream<Int> in
      let isDone = Locked(false)
      return withEscapedDependencies { continuation in
        AsyncStream(unfolding: {
          continuation.yield {
            defer { isDone.withLock { $0 = true } }
            @Dependency(\.sdFullDependency.value) var value
            return isDone.withLock { $0 } ? nil : value
          }
        })
      }
    }

    let values = await stream.reduce([]) { $0 + [$1] }
    // The dependency change does propagate.
    #expect(values == [42])
  }

  @Test func parentModelWithoutDependencies() {
    final class Child {
      @Dependency(\.date) var date
    }
    final class Parent {
      func child() -> Child {
        withDependencies(from: self) {
          Child()
        }
      }
    }

    let parent = withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
    } operation: {
      Parent()
    }

    let child = parent.child()

    // The scope of an object a `withDependencies` operation returned is remembered, so the child
    // gets the parent's date.
    #expect(child.date.now == Date(timeIntervalSince1970: 1_234_567_890))
  }

  @Test func threadSafety() async {
    let runCount = 1_000
    let taskCount = 100

    for _ in 1...runCount {
      defer { CountInitDependency.initCount.withLock { $0 = 0 } }
      // Upstream: `$0 = .test`, fresh test values. Here: a test's outermost async scope forgets
      // the values first read during it at its end.
      await withDependencies { _ in
      } operation: {
        await withTaskGroup(of: Void.self) { group in
          for _ in 1...taskCount {
            group.addTask {
              @Dependency(\.sdCountInitDependency) var countInitDependency: CountInitDependency
              _ = countInitDependency.fetch()
            }
          }
          for await _ in group {}
        }
        #expect(CountInitDependency.initCount.withLock { $0 } == 1)
      }
    }
  }

  @MainActor
  @Test func deadlock() async {
    DispatchQueue(label: "queue", qos: .utility).async {
      withDependencies {
        $0.date = $0.date
      } operation: {
        @Dependency(\.date) var date
        _ = date
      }
    }

    // Block the main thread for 0.1 seconds.
    let start = Date()
    while Date().timeIntervalSince(start) < 0.1 {}

    @Dependency(\.date) var date
    _ = date
  }
}

private struct CountInitDependency: DependencyKey {
  static let initCount = Locked(0)
  var fetch: @Sendable () -> Int
  static var defaultValue: Self {
    initCount.withLock { $0 += 1 }
    return Self { 42 }
  }
  static var testValue: Self { defaultValue }
}

private struct SomeDependency: DependencyKey {
  var fetch: @Sendable () -> Int
  static let defaultValue = Self { 42 }
  static let testValue = defaultValue
}

private struct ChildDependencyEarlyBinding: DependencyKey {
  var fetch: @Sendable () -> Int
  static var defaultValue: Self {
    @Dependency(\.sdSomeDependency) var someDependency
    return Self { someDependency.fetch() }
  }
  static var testValue: Self { defaultValue }
}

private struct ChildDependencyLateBinding: DependencyKey {
  var fetch: @Sendable () -> Int
  static var defaultValue: Self {
    Self {
      @Dependency(\.sdSomeDependency) var someDependency
      return someDependency.fetch()
    }
  }
  static var testValue: Self { defaultValue }
}

private enum OptionalDependencyKey: DependencyKey {
  static let defaultValue: String? = "live"
  static var testValue: String? {
    // Upstream's `unimplemented(_:placeholder:)` returns a value; ours builds endpoints, so the
    // test value calls one.
    let endpoint: @Sendable () -> String? = unimplemented(
      #"@Dependency(\.optionalDependency)"#, placeholder: nil)
    return endpoint()
  }
}

private struct ReuseClient: DependencyKey {
  var count: @Sendable () -> Int
  var setCount: @Sendable (Int) -> Void
  static let defaultValue = Self(count: { 0 }, setCount: { _ in })
  static var testValue: Self {
    let count = Locked(0)
    return Self(
      count: { count.withLock { $0 } },
      setCount: { value in count.withLock { $0 = value } }
    )
  }
}

private struct FullDependency: DependencyKey, Sendable {
  var value: Int
  static var defaultValue: FullDependency { Self(value: 1) }
  static var previewValue: FullDependency { Self(value: 2) }
  static var testValue: FullDependency { Self(value: 3) }
}

extension Dependencies {
  fileprivate var sdOptional: String? {
    get { self[OptionalDependencyKey.self] }
    set { self[OptionalDependencyKey.self] = newValue }
  }
  fileprivate var sdReuseClient: ReuseClient {
    get { self[ReuseClient.self] }
    set { self[ReuseClient.self] = newValue }
  }
  fileprivate var sdCountInitDependency: CountInitDependency {
    self[CountInitDependency.self]
  }
  fileprivate var sdSomeDependency: SomeDependency {
    get { self[SomeDependency.self] }
    set { self[SomeDependency.self] = newValue }
  }
  fileprivate var sdChildDependencyEarlyBinding: ChildDependencyEarlyBinding {
    get { self[ChildDependencyEarlyBinding.self] }
    set { self[ChildDependencyEarlyBinding.self] = newValue }
  }
  fileprivate var sdChildDependencyLateBinding: ChildDependencyLateBinding {
    get { self[ChildDependencyLateBinding.self] }
    set { self[ChildDependencyLateBinding.self] = newValue }
  }
  fileprivate var sdFullDependency: FullDependency {
    get { self[FullDependency.self] }
    set { self[FullDependency.self] = newValue }
  }
}
