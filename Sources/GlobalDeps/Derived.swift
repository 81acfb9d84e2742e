import DepsCore

/// An environment that another one exposes, created on first access.
///
/// Every environment reads the same store, so a derived environment is created with `init()` (or
/// your expression) on first read; `aliases:` are declared process-wide before it returns.
///
/// ```swift
/// struct AppEnvironment: GlobalEnvironment {
///   @Derived var counter: CounterEnvironment
///   @Derived<FactEnvironment>(aliases: { $0.alias(\.main, to: \.mainQueue) }) var fact
/// }
/// ```
///
/// `Derived` is `Sendable` when its environment is: an environment with state of its own (a class
/// with a `var`) shared across threads through it would race.
@propertyWrapper
public struct Derived<Environment: GlobalDependenciesAccessing> {
  private let storage: Storage

  /// Derives an environment created with `init()` on first access.
  public init() where Environment: GlobalEnvironment {
    self.storage = Storage(make: { Environment() }, aliases: AliasBuilder())
  }

  /// Derives an environment created with `init()`, declaring `aliases` process-wide first.
  public init(aliases: (AliasBuilder) -> AliasBuilder)
  where Environment: GlobalEnvironment {
    self.storage = Storage(make: { Environment() }, aliases: aliases(AliasBuilder()))
  }

  /// Derives the environment that `wrappedValue` builds on first access:
  /// `@Derived var child = Child().with(\.x, 1)`.
  public init(wrappedValue: @escaping @autoclosure () -> Environment) {
    self.storage = Storage(make: wrappedValue, aliases: AliasBuilder())
  }

  /// The derived environment, created on first access.
  public var wrappedValue: Environment { storage.environment }

  private final class Storage {
    let make: () -> Environment
    let aliases: AliasBuilder
    let created = BuildOnce<Environment>(name: .environment(Environment.self))

    init(make: @escaping () -> Environment, aliases: AliasBuilder) {
      self.make = make
      self.aliases = aliases
    }

    var environment: Environment {
      created.value {
        // Aliases hold before the environment's first read.
        GlobalStore.node.alias(aliases)
        return StoreWriteWarnings.$buildingDerived.withValue("\(Environment.self)", operation: make)
      }
    }
  }
}

// @unchecked: the environment is built once, under `created`'s lock, by `make`, which nothing
// else calls; `aliases` is immutable. What is shared is then the environment itself: `Sendable`.
extension Derived: @unchecked Sendable where Environment: Sendable {}

/// The original library's name for ``Derived``, so its code compiles with the import changed.
public typealias DerivedEnvironment = Derived
