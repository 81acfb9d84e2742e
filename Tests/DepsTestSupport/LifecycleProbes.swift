import DepsCore

// What the lifecycle tests of both modules build and shut down.

/// The names of the resources shut down, in order.
package final class ShutdownLog: Sendable {
  private let names = Locked<[String]>([])

  package init() {}

  package func append(_ name: String) { names.withLock { $0.append(name) } }

  package var entries: [String] { names.withLock { $0 } }
}

/// A resource a store builds and shuts down: counts its shutdowns and logs them.
package final class Resource: DependencyShutdown {
  package let name: String
  private let log: ShutdownLog?
  /// When set, `shutdown()` waits for it (without regard to cancellation) before it ends.
  private let release: OneShot<Void>?
  private let state = Locked(State())

  private struct State {
    var shutdowns = 0
    var sawCancellation = false
    var ended = false
  }

  package init(_ name: String, log: ShutdownLog? = nil, release: OneShot<Void>? = nil) {
    self.name = name
    self.log = log
    self.release = release
  }

  package func shutdown() async {
    state.withLock { $0.shutdowns += 1 }
    log?.append(name)
    await release?.value
    let cancelled = Task.isCancelled
    state.withLock {
      $0.sawCancellation = cancelled
      $0.ended = true
    }
  }

  /// How many times `shutdown()` was called.
  package var shutdowns: Int { state.withLock(\.shutdowns) }
  /// Whether a `shutdown()` ended, and whether its task was cancelled by then.
  package var ended: (ended: Bool, cancelled: Bool) { state.withLock { ($0.ended, $0.sawCancellation) } }
}

/// Counts the builds of a key's value; can hold them until released, and fail the first ones.
package final class BuildProbe: Sendable {
  private let state = Locked(State())
  /// When set, each build waits for it before it ends.
  package let release: OneShot<Void>?

  private struct State {
    var builds = 0
    var failuresLeft = 0
    var cancelledBuilds = 0
  }

  package struct Failure: Error, Equatable {
    package var build: Int
    package init(build: Int) { self.build = build }
  }

  /// - Parameters:
  ///   - holding: Whether builds wait for ``release`` to be fired.
  ///   - failing: How many of the first builds throw ``Failure``.
  package init(holding: Bool = false, failing: Int = 0) {
    release = holding ? OneShot<Void>() : nil
    state.withLock { $0.failuresLeft = failing }
  }

  /// Builds a ``Resource`` named `name`: counts the build, waits for the release, maybe throws.
  package func build(_ name: String, log: ShutdownLog? = nil) async throws -> Resource {
    let build = state.withLock { state -> Int in
      state.builds += 1
      return state.builds
    }
    await release?.value
    let fails = state.withLock { state -> Bool in
      if Task.isCancelled { state.cancelledBuilds += 1 }
      guard state.failuresLeft > 0 else { return false }
      state.failuresLeft -= 1
      return true
    }
    if fails { throw Failure(build: build) }
    return Resource(name, log: log)
  }

  package var builds: Int { state.withLock(\.builds) }
  /// How many builds saw their task cancelled.
  package var cancelledBuilds: Int { state.withLock(\.cancelledBuilds) }
}

/// Waits until `condition` holds, polling, for at most `timeout`.
///
/// - Returns: Whether it held in time.
package func eventually(
  timeout: Duration = .seconds(30), _ condition: @Sendable () async -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return await condition()
}

/// The `AsyncBuild` behind `dependency`, for tests that look at its readers; `nil` for a value.
package func asyncBuild<Value>(of dependency: AsyncDependency<Value>) -> AsyncBuild<Value>? {
  guard case .build(let build) = dependency.source else { return nil }
  return build
}
