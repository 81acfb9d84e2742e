import DepsTestSupport
import Testing

@testable import ComposableDeps
@testable import DepsCore

// Each test reads keys of its own: tests run in parallel, and a probe counts every build of its key.

private enum ThousandReadersKey: AsyncDependencyKey {
  static let probe = BuildProbe(holding: true)
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { try await probe.build("thousand") } }
}

private enum CancelledReaderKey: AsyncDependencyKey {
  static let probe = BuildProbe(holding: true)
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { try await probe.build("cancelled") } }
}

private enum CancelledFirstKey: AsyncDependencyKey {
  static let probe = BuildProbe()
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { try await probe.build("first") } }
}

private enum FailingKey: AsyncDependencyKey {
  static let probe = BuildProbe(holding: true, failing: 1)
  static func makeDefault() async throws -> Resource { Resource("live") }
  static var testValue: AsyncDependency<Resource> { .build { try await probe.build("failing") } }
}

private enum PerStoreKey: AsyncDependencyKey {
  static let probe = BuildProbe()
  static func makeDefault() async throws -> Resource { Resource("live") }
  // One `static let` for every store: each store still builds its own value from it.
  static let testValue = AsyncDependency<Resource>.build { try await probe.build("per store") }
}

private enum NoTestValueKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("live") }
}

extension Dependencies {
  fileprivate var thousandReaders: AsyncDependency<Resource> {
    get { self[ThousandReadersKey.self] }
    set { self[ThousandReadersKey.self] = newValue }
  }
  fileprivate var cancelledReader: AsyncDependency<Resource> { self[CancelledReaderKey.self] }
  fileprivate var cancelledFirst: AsyncDependency<Resource> { self[CancelledFirstKey.self] }
  fileprivate var failing: AsyncDependency<Resource> { self[FailingKey.self] }
  fileprivate var perStore: AsyncDependency<Resource> { self[PerStoreKey.self] }
  fileprivate var noTestValue: AsyncDependency<Resource> {
    get { self[NoTestValueKey.self] }
    set { self[NoTestValueKey.self] = newValue }
  }
}

@Suite struct AsyncDependencyTests {
  @Test func oneBuildServesAThousandConcurrentReaders() async throws {
    nonisolated(unsafe) let root = ComposableEnvironment()
    let probe = ThousandReadersKey.probe
    let readers = 1_000
    try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<readers {
        group.addTask { ObjectIdentifier(try await root.thousandReaders.value) }
      }
      let build = try #require(asyncBuild(of: root.thousandReaders))
      // Every reader waits for the one build, which is held until they all do.
      #expect(await eventually { build.waitingReaders == readers })
      probe.release?.fire(())
      var instances: Set<ObjectIdentifier> = []
      for try await instance in group { instances.insert(instance) }
      #expect(instances.count == 1)
    }
    #expect(probe.builds == 1)
    // Built: later reads return it without waiting.
    #expect(try await root.thousandReaders.value.name == "thousand")
    #expect(probe.builds == 1)
  }

  @Test func aCancelledReaderStopsWaitingAndTheBuildGoesOnForTheOthers() async throws {
    nonisolated(unsafe) let root = ComposableEnvironment()
    let probe = CancelledReaderKey.probe
    let build = try #require(asyncBuild(of: root.cancelledReader))
    let cancelled = Task { try await root.cancelledReader.value }
    let other = Task { try await root.cancelledReader.value }
    #expect(await eventually { build.waitingReaders == 2 })
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    #expect(build.waitingReaders == 1)
    probe.release?.fire(())
    #expect(try await other.value.name == "cancelled")
    #expect(probe.builds == 1)
    #expect(probe.cancelledBuilds == 0)  // the build was not cancelled with its first reader
  }

  @Test func aReaderCancelledBeforeItReadsStartsNoBuild() async throws {
    nonisolated(unsafe) let root = ComposableEnvironment()
    let reader = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await root.cancelledFirst.value
    }
    await #expect(throws: CancellationError.self) { try await reader.value }
    #expect(CancelledFirstKey.probe.builds == 0)
    #expect(try await root.cancelledFirst.value.name == "first")
    #expect(CancelledFirstKey.probe.builds == 1)
  }

  @Test func aBuildThatThrowsFailsEveryWaiterAndTheNextReadTriesAgain() async throws {
    nonisolated(unsafe) let root = ComposableEnvironment()
    let probe = FailingKey.probe
    let build = try #require(asyncBuild(of: root.failing))
    let readers = (0..<3).map { _ in Task { try await root.failing.value } }
    #expect(await eventually { build.waitingReaders == 3 })
    probe.release?.fire(())
    for reader in readers {
      await #expect(throws: BuildProbe.Failure(build: 1)) { try await reader.value }
    }
    #expect(try await root.failing.value.name == "failing")
    #expect(probe.builds == 2)
  }

  @Test func eachStoreBuildsItsOwnValueAndATreeBuildsOne() async throws {
    let first = RootEnvironment()
    let second = RootEnvironment()
    let fromFirst = try await first.perStore.value
    #expect(try await first.first.second.perStore.value === fromFirst)  // one tree, one value
    #expect(try await second.perStore.value !== fromFirst)
    #expect(PerStoreKey.probe.builds == 2)
  }

  @Test func anOverrideIsReadWithoutABuild() async throws {
    let mock = Resource("mock")
    let root = ComposableEnvironment().with(\.thousandReaders, .value(mock))
    #expect(try await root.thousandReaders.value === mock)
    let built = ComposableEnvironment().with(\.noTestValue, .build { Resource("built") })
    #expect(try await built.noTestValue.value.name == "built")
    #expect(try await built.noTestValue.value === built.noTestValue.value)
  }

  @Test func awaitingAKeyWithNoTestValueFailsTheTestThenThrows() async {
    await withKnownIssue {
      await #expect(throws: UnimplementedFailure(endpoint: "NoTestValueKey.testValue")) {
        try await ComposableEnvironment().noTestValue.value
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        NoTestValueKey has no test value, but was awaited in a test.

        An AsyncDependencyKey's makeDefault() builds the live value, which a test must not reach. \
        To fix: override it, e.g. env.with(\\.yourDependency, .value(mock)) or \
        withDependencies { $0.yourDependency = .value(mock) } operation: { ... }, or declare \
        static var testValue: AsyncDependency<Value> on NoTestValueKey.
        """
      ]
    }
  }

  @Test func itDescribesItsValueOnceBuiltAndWhatItWaitsForUntilThen() async throws {
    #expect(AsyncDependency<Int>.value(42).description == "42")
    let build = AsyncDependency<Int>.build { 42 }
    #expect(build.description == "AsyncDependency<Int> (not built yet)")
    _ = try await build.value
    #expect(build.description == "42")
    #expect(ComposableEnvironment().noTestValue.description == "AsyncDependency<Resource> (no test value)")
  }

  @Test func aLiveStoreBuildsWithMakeDefault() async throws {
    let defaults = DefaultValues(context: .live)
    let box = defaults.value(for: DependencyID(Async<NoTestValueKey>.self))
    let dependency = try #require(box as? ValueBox<AsyncDependency<Resource>>).value
    #expect(try await dependency.value.name == "live")
  }
}
