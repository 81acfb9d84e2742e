/// One value built asynchronously on its first awaited read, once, for every task that awaits it.
///
/// The build runs in a task of its own: a cancelled reader stops waiting, the build goes on. A
/// build that throws hands the waiting readers the error, and the next read tries again. No lock is
/// held while the build (user code) runs; an await that would close a cycle throws
/// ``AsyncDependencyCycle`` instead of waiting forever (``AsyncBuildGraph``).
package final class AsyncBuild<Value: Sendable>: Sendable {
  let make: @Sendable () async throws -> Value
  /// Runs the build with what the store it belongs to needs in force; `nil` for nothing.
  private let scope: (any AsyncBuildScope)?
  /// The key the value is built for, for messages; `nil` for an override's build.
  let keyName: String?
  private let state = Locked(State())

  private struct State: Sendable {
    var phase = Phase.idle
    /// The readers between their first look and the end of their wait, by number.
    var readers: [UInt64: Reader] = [:]
    var lastReader: UInt64 = 0
  }

  private enum Phase: Sendable {
    case idle
    case building(AsyncBuildGraph.Run)
    /// Built as number `order` of ``BuildOrder``.
    case built(Value, order: UInt64)
  }

  /// Where one reader is: about to wait, waiting, or cancelled before it could wait.
  private enum Reader: Sendable {
    case arriving
    case waiting(CheckedContinuation<Value, any Error>)
    case cancelled
  }

  init(
    make: @escaping @Sendable () async throws -> Value, scope: (any AsyncBuildScope)?, keyName: String?
  ) {
    self.make = make
    self.scope = scope
    self.keyName = keyName
  }

  /// A build that calls `maker`: a closure formed where a key type is generic would capture its
  /// metatype, which is not `Sendable`; one formed here captures only `maker`.
  convenience init<Maker: AsyncValueMaker>(
    maker: Maker, scope: (any AsyncBuildScope)?, keyName: String?
  ) where Maker.Value == Value {
    self.init(make: { try await maker.make() }, scope: scope, keyName: keyName)
  }

  package var built: (value: Value, order: UInt64)? {
    state.withLock { state in
      guard case .built(let value, let order) = state.phase else { return nil }
      return (value, order)
    }
  }

  /// For tests.
  var waitingReaders: Int {
    state.withLock { state in
      state.readers.values.count { if case .waiting = $0 { true } else { false } }
    }
  }

  package var value: Value {
    get async throws {
      if let built { return built.value }
      // Read on the reader's task: the build, if any, that this wait would hold up.
      let building = AsyncBuildGraph.building
      let reader = state.withLock { state in
        state.lastReader += 1
        state.readers[state.lastReader] = .arriving
        return state.lastReader
      }
      // The build may resume the continuation before this task suspends; the runtime then hands the
      // result over through its own (uninstrumented) atomic, so TSan reported the builder's writes as
      // racing this read. Taking the lock the result was published under shows TSan the order the
      // runtime guarantees: one uncontended lock, on a read that waited.
      defer { state.withLock { _ in } }
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          wait(reader, continuation, from: building)
        }
      } onCancel: {
        cancel(reader)
      }
    }
  }

  /// Makes `reader` wait on `continuation`, starting the build if none is in flight; resumes it at
  /// once when built, cancelled, or when waiting would hold up `building`, which this build awaits.
  private func wait(
    _ reader: UInt64, _ continuation: CheckedContinuation<Value, any Error>,
    from building: AsyncBuildGraph.Run?
  ) {
    let next = state.withLock { state -> Next in
      if case .cancelled = state.readers[reader] {
        state.readers[reader] = nil
        return .resume(.failure(CancellationError()))
      }
      if case .built(let value, _) = state.phase {
        state.readers[reader] = nil
        return .resume(.success(value))
      }
      // Under the lock, so the build cannot end between the look and the record.
      let id = ObjectIdentifier(self)
      if let cycle = AsyncBuildGraph.wait(reader, for: id, named: cycleName, from: building) {
        state.readers[reader] = nil
        return .cycle(cycle)
      }
      state.readers[reader] = .waiting(continuation)
      guard case .idle = state.phase else { return .wait }
      let run = AsyncBuildGraph.Run(build: id)
      AsyncBuildGraph.began(run)
      state.phase = .building(run)
      return .build(run)
    }
    switch next {
    case .resume(let result): continuation.resume(with: result)
    case .wait: break
    case .build(let run): startBuild(run)
    case .cycle(let cycle):
      runtimeWarn(cycle.description, kind: cycle.path.joined(separator: " → "))
      continuation.resume(throwing: cycle)
    }
  }

  private enum Next {
    case resume(Result<Value, any Error>)
    case wait
    case build(AsyncBuildGraph.Run)
    /// Waiting would never end: the build waits for the reader's.
    case cycle(AsyncDependencyCycle)
  }

  private func cancel(_ reader: UInt64) {
    let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
      switch state.readers[reader] {
      case .waiting(let continuation):
        state.readers[reader] = nil
        AsyncBuildGraph.stopWaiting(reader, for: ObjectIdentifier(self))
        return continuation
      case .arriving:
        // Not waiting yet: `wait` sees this and resumes it.
        state.readers[reader] = .cancelled
        return nil
      case .cancelled, nil:
        // Done already: the value or the error reached it first.
        return nil
      }
    }
    continuation?.resume(throwing: CancellationError())
  }

  private func startBuild(_ run: AsyncBuildGraph.Run) {
    // A task of its own: cancelling the reader cancels no build. It inherits the reader's task-locals
    // and priority; `scope` sets what the store needs; the graph learns `make`'s awaits wait for it.
    Task { [self] in
      let result: Result<Value, any Error>
      do {
        result = .success(
          try await AsyncBuildGraph.$building.withValue(run) {
            if let scope { return try await scope.run(make) }
            return try await make()
          })
      } catch {
        result = .failure(error)
      }
      finish(result, run: run)
    }
  }

  private func finish(_ result: Result<Value, any Error>, run: AsyncBuildGraph.Run) {
    let waiting = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
      switch result {
      case .success(let value): state.phase = .built(value, order: BuildOrder.next())
      case .failure: state.phase = .idle
      }
      // Under the lock, with the new phase: a later reader finds the build ended, records no wait.
      AsyncBuildGraph.ended(run)
      var waiting: [CheckedContinuation<Value, any Error>] = []
      for (reader, status) in state.readers {
        guard case .waiting(let continuation) = status else { continue }
        waiting.append(continuation)
        state.readers[reader] = nil
      }
      return waiting
    }
    for continuation in waiting { continuation.resume(with: result) }
  }
}

extension AsyncBuild {
  /// The key the value is built for; for an override's build, its type.
  var cycleName: String { keyName ?? "AsyncDependency<\(Value.self)>" }
}

protocol AsyncValueMaker: Sendable {
  associatedtype Value: Sendable
  func make() async throws -> Value
}

/// Build order, for shutting down in reverse: one count for synchronous and asynchronous builds.
package enum BuildOrder {
  private static let counter = Counter()

  package static func next() -> UInt64 { counter.next() }
}
