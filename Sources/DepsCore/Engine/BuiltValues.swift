/// The values one store built that its `shutdown()` stops, with their build order: the
/// ``DependencyShutdown`` defaults and the asynchronous defaults. Only ``DefaultValues`` records
/// here, so an override is never recorded, and never shut down.
package final class BuiltValues: Sendable {
  private let state = Locked(State())

  private struct State: Sendable {
    var entries: [Entry] = []
    /// The end of the last `shutdown` started, which the next one waits for.
    var lastShutdown: OneShot<Void>?
    var waitingShutdowns = 0
    /// Objects shut down already, by identity: one object several keys return is shut down once.
    /// Held weakly, so that a value shut down and dropped is freed.
    var shutDownObjects: [ObjectIdentifier: WeakObject] = [:]
  }

  private enum Entry: Sendable {
    /// A value built synchronously, as number `order` of ``BuildOrder``, in `box`.
    case value(any DependencyShutdown, order: UInt64, box: AnyValueBox)
    case async(any StoreAsyncValue)
  }

  init() {}

  /// `scope` (a store's way of running a build; `nil` for none), recording each value it builds.
  package func recording(_ scope: DefaultValues.Scope?) -> DefaultValues.Scope {
    { [self] reader, build in
      let box = scope?(reader, build) ?? build()
      record(box)
      return box
    }
  }

  private func record(_ box: AnyValueBox) {
    let value = box.anyValue
    let entry: Entry
    if let async = value as? any StoreAsyncValue {
      entry = .async(async)
    } else if let value = value as? any DependencyShutdown {
      entry = .value(value, order: BuildOrder.next(), box: box)
    } else {
      return
    }
    state.withLock { $0.entries.append(entry) }
  }

  /// Shuts down every value recorded and not shut down yet, last built first, once each, waiting
  /// for each at most `timeout` (then reported and cancelled). A call made while another runs waits
  /// for it; an asynchronous default not built yet stays for later. Only values built after `mark`.
  package func shutdown(
    timeout: Duration, keys: [ObjectIdentifier: DependencyID], builtAfter mark: UInt64 = 0
  ) async {
    guard timeout >= .zero else {
      // No value could end within it: the mistake is the caller's, and no value is to blame.
      runtimeWarn(Self.negativeTimeoutMessage(timeout))
      return
    }
    let run = OneShot<Void>()
    let previous = state.withLock { state in
      defer { state.lastShutdown = run }
      if state.lastShutdown != nil { state.waitingShutdowns += 1 }
      return state.lastShutdown
    }
    if let previous {
      await previous.value
      state.withLock { $0.waitingShutdowns -= 1 }
    }
    for value in takeDue(builtAfter: mark).sorted(by: { $0.order > $1.order }) {
      let name =
        value.key ?? value.box.flatMap { keys[ObjectIdentifier($0)] }.map(\.description)
      await Self.shutDown(value.value, named: name, timeout: timeout)
    }
    state.withLock { state in
      if state.lastShutdown === run { state.lastShutdown = nil }
    }
    run.fire(())
  }

  /// For tests.
  var waitingShutdowns: Int { state.withLock(\.waitingShutdowns) }

  private struct Due {
    var value: any DependencyShutdown
    var order: UInt64
    var key: String?
    var box: AnyValueBox?
  }

  /// Takes the values due out of the entries, leaving unbuilt asynchronous defaults; an object due
  /// under several keys is due once, at its first build, and never again.
  private func takeDue(builtAfter mark: UInt64) -> [Due] {
    state.withLock { state in
      var due: [Due] = []
      var kept: [Entry] = []
      for entry in state.entries {
        switch entry {
        case .value(let value, let order, let box):
          if order > mark {
            due.append(Due(value: value, order: order, key: nil, box: box))
          } else {
            kept.append(entry)
          }
        case .async(let async):
          switch async.shutdownState {
          case .notBuilt: kept.append(entry)
          case .nothingToShutDown: break
          case .built(let value, let order, let key):
            if order > mark {
              due.append(Due(value: value, order: order, key: key, box: nil))
            } else {
              kept.append(entry)
            }
          }
        }
      }
      state.entries = kept
      var firstBuilds: [Due] = []
      for value in due.sorted(by: { $0.order < $1.order }) {
        // A value type has no identity to go by: each is its own value.
        guard Swift.type(of: value.value) is AnyObject.Type else {
          firstBuilds.append(value)
          continue
        }
        let id = ObjectIdentifier(value.value as AnyObject)
        // Held weakly, so that a value shut down and dropped is freed; a later object at its
        // address finds the entry's object gone, and is its own.
        if state.shutDownObjects[id]?.object === (value.value as AnyObject) { continue }
        state.shutDownObjects = state.shutDownObjects.filter { $0.value.object != nil }
        state.shutDownObjects[id] = WeakObject(value.value as AnyObject)
        firstBuilds.append(value)
      }
      return firstBuilds
    }
  }

  private static func shutDown(_ value: any DependencyShutdown, named key: String?, timeout: Duration) async {
    guard await ended(within: timeout, { await value.shutdown() }) else {
      let type = String(describing: Swift.type(of: value))
      runtimeWarn(timeoutMessage(key: key, type: type, timeout: timeout), kind: key ?? type)
      return
    }
  }

  static func timeoutMessage(key: String?, type: String, timeout: Duration) -> String {
    let what = key.map { "The value of \($0) (\(type))" } ?? "A \(type) the store built"
    return """
      \(what) did not shut down within \(timeout).

      shutdown() waits for each value the store built at most its timeout, then cancels that \
      value's shutdown and goes on with the next. To fix: make \(type).shutdown() return sooner, \
      or pass a longer timeout to shutdown(timeout:).
      """
  }

  static func negativeTimeoutMessage(_ timeout: Duration) -> String {
    """
    shutdown(timeout: \(timeout)) was called with a negative timeout.

    shutdown() waits for each value the store built at most its timeout, so it shut nothing down: \
    the values stay for the next call. To fix: pass shutdown(timeout:) a duration of zero or more \
    (10 seconds unless given).
    """
  }

  /// Whether `operation`, run in a task of its own, ended within `timeout`; cancels it if not.
  private static func ended(
    within timeout: Duration, _ operation: @escaping @Sendable () async -> Void
  ) async -> Bool {
    let outcome = OneShot<Bool>()
    // Tasks of their own: the caller's cancellation (a service group shutting down) must neither cut
    // a shutdown short nor end the wait early.
    let work = Task {
      await operation()
      outcome.fire(true)
    }
    let timer = Task {
      do {
        try await Task.sleep(for: timeout)
        outcome.fire(false)
      } catch {
        // Cancelled: the work ended first.
      }
    }
    let inTime = await outcome.value
    timer.cancel()
    if !inTime { work.cancel() }
    return inTime
  }
}

enum AsyncShutdownState: Sendable {
  /// Not built, or still being built: a later shutdown looks again.
  case notBuilt
  /// Built, as number `order` of ``BuildOrder``, for the key `key`; `value` is what to shut down.
  case built(any DependencyShutdown, order: UInt64, key: String?)
  /// Nothing the store builds, or a value that needs no shutdown.
  case nothingToShutDown
}

protocol StoreAsyncValue: Sendable {
  var shutdownState: AsyncShutdownState { get }
}

extension AsyncDependency: StoreAsyncValue {
  var shutdownState: AsyncShutdownState {
    guard case .build(let build) = source else { return .nothingToShutDown }
    guard let built = build.built else { return .notBuilt }
    guard let value = built.value as? any DependencyShutdown else { return .nothingToShutDown }
    return .built(value, order: built.order, key: build.keyName)
  }
}

extension DefaultValues {
  /// Shuts down the values this store built (see ``BuiltValues/shutdown(timeout:keys:)``).
  package func shutdown(timeout: Duration, builtAfter mark: UInt64 = 0) async {
    var keys: [ObjectIdentifier: DependencyID] = [:]
    for (id, box) in built { keys[ObjectIdentifier(box)] = id }
    await lifecycle.shutdown(timeout: timeout, keys: keys, builtAfter: mark)
  }
}

/// A value that arrives once: every task that awaits it gets the first one given.
package final class OneShot<Value: Sendable>: Sendable {
  private let state = Locked<(value: Value?, waiting: [CheckedContinuation<Value, Never>])>((nil, []))

  package init() {}

  /// Gives the value, unless one was given before; wakes the tasks that wait for it.
  func fire(_ value: Value) {
    let waiting = state.withLock { state -> [CheckedContinuation<Value, Never>] in
      guard state.value == nil else { return [] }
      state.value = value
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume(returning: value) }
  }

  package var value: Value {
    get async {
      await withCheckedContinuation { continuation in
        let value = state.withLock { state -> Value? in
          if let value = state.value { return value }
          state.waiting.append(continuation)
          return nil
        }
        if let value { continuation.resume(returning: value) }
      }
    }
  }
}

/// An object held weakly: one shut down, remembered until it is freed.
final class WeakObject: @unchecked Sendable {
  // @unchecked: set once in `init`; a weak reference is read atomically.
  weak var object: AnyObject?

  init(_ object: AnyObject) { self.object = object }
}
