import DepsCore

/// An environment that another one exposes, created on first access.
///
/// In `GlobalDeps` every environment reads the same store, so a derived environment is simply
/// created with `init()` (or the expression you give it) the first time it is read. Aliases given
/// with `aliases:` are declared process-wide before that first read returns.
///
/// ```swift
/// struct AppEnvironment: GlobalEnvironment {
///   @Derived var counter: CounterEnvironment
///   @Derived<FactEnvironment>(aliases: { $0.alias(\.main, to: \.mainQueue) }) var fact
/// }
/// ```
@propertyWrapper
public struct Derived<Environment: GlobalDependenciesAccessing>: @unchecked Sendable {
  // @unchecked: the environment is created and read under `storage`'s lock; GlobalDeps
  // environments hold no state of their own, the store does.
  private let storage: Storage

  /// Derives an environment created with `init()` on first access.
  public init() where Environment: GlobalEnvironment {
    self.storage = Storage(make: { Environment() }, aliases: AliasBuilder())
  }

  /// Derives an environment created with `init()`, declaring `aliases` process-wide first.
  ///
  /// - Parameter aliases: Builds the aliases, as in `{ $0.alias(\.main, to: \.mainQueue) }`.
  public init(aliases: (AliasBuilder<Environment>) -> AliasBuilder<Environment>)
  where Environment: GlobalEnvironment {
    self.storage = Storage(make: { Environment() }, aliases: aliases(AliasBuilder()))
  }

  /// Derives the environment that `wrappedValue` builds, evaluated on first access.
  ///
  /// - Parameter wrappedValue: The environment, as in `@Derived var child = Child().with(\.x, 1)`.
  public init(wrappedValue: @escaping @autoclosure () -> Environment) {
    self.storage = Storage(make: wrappedValue, aliases: AliasBuilder())
  }

  /// The derived environment, created on first access.
  public var wrappedValue: Environment { storage.environment }

  private final class Storage: @unchecked Sendable {
    // @unchecked: `state` is only touched under its lock.
    enum State {
      case pending(() -> Environment)
      case created(Environment)
    }
    let state: Locked<State>
    let aliases: AliasBuilder<Environment>

    init(make: @escaping () -> Environment, aliases: AliasBuilder<Environment>) {
      self.state = Locked(.pending(make))
      self.aliases = aliases
    }

    var environment: Environment {
      let pending = state.withLock { state -> (() -> Environment)? in
        switch state {
        case .created: return nil
        case .pending(let make): return make
        }
      }
      guard let make = pending else {
        return state.withLock { state in
          guard case .created(let environment) = state else { fatalError("unreachable") }
          return environment
        }
      }
      // Aliases hold before the child's first read; the child is built without the lock held,
      // and if two threads race, the first one stored is the one everybody gets.
      GlobalStore.node.alias(aliases)
      let made = make()
      return state.withLock { state in
        if case .created(let environment) = state { return environment }
        state = .created(made)
        return made
      }
    }
  }
}

/// The name the original library used for ``Derived``; kept so its code compiles with the import
/// changed.
public typealias DerivedEnvironment = Derived
