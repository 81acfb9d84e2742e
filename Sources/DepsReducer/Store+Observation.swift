import DepsCore

#if canImport(Observation)
  import Observation
#endif

#if canImport(Observation)
  /// SwiftUI views and `withObservationTracking` see a store's ``Store/state`` change.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  extension Store: Observable {}
#endif

/// A store's observation registrar, on platforms whose Observation module has one at run time
/// (Linux; macOS 14, iOS 17, tvOS 17, watchOS 10): held type-erased, so that the store itself
/// needs no newer platform than the package's.
@MainActor
final class StoreObservation {
  #if canImport(Observation)
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private final class Box {
      let registrar = ObservationRegistrar()
    }
    private let box: AnyObject?
  #endif

  init() {
    #if canImport(Observation)
      if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
        box = Box()
      } else {
        box = nil
      }
    #endif
  }

  /// Made once: a key path literal into a generic class is instantiated at run time on every
  /// evaluation, which cost more than the rest of a `send`.
  private var stateKeyPath: AnyKeyPath?

  private func stateKeyPath<State, Action, Environment>(
    of _: Store<State, Action, Environment>
  ) -> KeyPath<Store<State, Action, Environment>, State> {
    if let cached = stateKeyPath {
      // Only ever set below, for this store's own type.
      assert(cached is KeyPath<Store<State, Action, Environment>, State>)
      return unsafeDowncast(cached, to: KeyPath<Store<State, Action, Environment>, State>.self)
    }
    let keyPath = \Store<State, Action, Environment>.state
    stateKeyPath = keyPath
    return keyPath
  }

  /// Registers a read of `store.state` with the observers tracking it.
  func access<State, Action, Environment>(_ store: Store<State, Action, Environment>) {
    #if canImport(Observation)
      if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let box = box as? Box {
        box.registrar.access(store, keyPath: stateKeyPath(of: store))
      }
    #endif
  }

  /// Changes `store.state` in `body`, telling its observers.
  func mutate<State, Action, Environment, R>(
    _ store: Store<State, Action, Environment>, _ body: () -> R
  ) -> R {
    #if canImport(Observation)
      if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let box = box as? Box {
        return box.registrar.withMutation(of: store, keyPath: stateKeyPath(of: store), body)
      }
    #endif
    return body()
  }
}

/// The ``Store/states`` sequences, whatever the state type, for a released store to end them.
protocol StateFollowing: AnyObject, Sendable {
  func finish()
}

final class StateFollowers<State: Sendable>: StateFollowing {
  private let continuations = Locked<(next: UInt64, all: [UInt64: AsyncStream<State>.Continuation])>(
    (0, [:]))

  func add(_ continuation: AsyncStream<State>.Continuation) {
    let id = continuations.withLock { state in
      state.next += 1
      state.all[state.next] = continuation
      return state.next
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.continuations.withLock { $0.all.removeValue(forKey: id) }
    }
  }

  func yield(_ state: State) {
    // Yielding runs no user code: the sequences' consumers run in their own tasks.
    for continuation in continuations.withLock({ Array($0.all.values) }) {
      continuation.yield(state)
    }
  }

  func finish() {
    for continuation in continuations.withLock({ Array($0.all.values) }) { continuation.finish() }
  }
}
