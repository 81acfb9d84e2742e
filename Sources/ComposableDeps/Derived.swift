import DepsCore

/// A child environment, created on first access and attached to the environment that declares it.
///
/// The child inherits every value of its ancestors that it does not set itself, as it is at read
/// time. Children are created lazily, so environments may derive each other recursively.
///
/// ```swift
/// final class AppEnvironment: ComposableEnvironment {
///   @Derived var counter: CounterEnvironment
///   @Derived var preview = CounterEnvironment().with(\.numberFact, .mock)
///   @Derived<FactEnvironment>(aliases: { $0.alias(\.main, to: \.mainQueue) }) var fact
/// }
/// ```
@propertyWrapper
public struct Derived<Environment: ComposableEnvironment> {
  private let storage: DerivedStorage<Environment>

  /// Derives a child created with `init()`.
  public init() {
    self.storage = DerivedStorage(make: { Environment() }, aliases: AliasBuilder())
  }

  /// Derives a child created with `init()` in which `aliases` hold from its first read.
  ///
  /// - Parameter aliases: Builds the aliases, as in `{ $0.alias(\.main, to: \.mainQueue) }`.
  public init(aliases: (AliasBuilder) -> AliasBuilder) {
    self.storage = DerivedStorage(make: { Environment() }, aliases: aliases(AliasBuilder()))
  }

  /// Derives the child that `wrappedValue` builds, evaluated on first access. The child keeps the
  /// values set on it and inherits the rest.
  ///
  /// - Parameter wrappedValue: The child, as in `@Derived var child = Child().with(\.x, 1)`.
  public init(wrappedValue: @escaping @autoclosure () -> Environment) {
    self.storage = DerivedStorage(make: wrappedValue, aliases: AliasBuilder())
  }

  /// Unavailable: a derived environment is read through the environment that declares it.
  @available(*, unavailable, message: "@Derived works in ComposableEnvironment subclasses only")
  public var wrappedValue: Environment {
    fatalError("@Derived from ComposableDeps works in ComposableEnvironment subclasses only.")
  }

  /// The child of `parent`, the instance that declares the property; created on first access.
  public static subscript<Parent: ComposableEnvironment>(
    _enclosingInstance parent: Parent,
    wrapped wrappedKeyPath: KeyPath<Parent, Environment>,
    storage storageKeyPath: KeyPath<Parent, Self>
  ) -> Environment {
    parent[keyPath: storageKeyPath].storage.environment(parent: parent)
  }
}

/// The name the original library used for ``Derived``; kept so its code compiles with the import
/// changed.
public typealias DerivedEnvironment = Derived

/// Holds a derived child; shared by the copies of its property wrapper.
private final class DerivedStorage<Environment: ComposableEnvironment>: @unchecked Sendable {
  // @unchecked: `child` is only touched under its lock; `make` and `aliases` are immutable.
  private let make: () -> Environment
  private let aliases: AliasBuilder
  private let child = Locked<Environment?>(nil)

  init(make: @escaping () -> Environment, aliases: AliasBuilder) {
    self.make = make
    self.aliases = aliases
  }

  func environment(parent: ComposableEnvironment) -> Environment {
    child.firstPublished(
      find: { $0 },
      build: {
        let child = make()
        if !child.node.attach(to: parent.node) {
          runtimeWarn(
            """
            \(type(of: child)) was not derived from \(type(of: parent)): that instance already has a parent.

            An environment belongs to one tree. To fix: create a new instance in the @Derived property, \
            as in `@Derived var child = \(type(of: child))()`.
            """,
            kind: "\(type(of: child)) in \(type(of: parent))")
        }
        child.node.alias(aliases)
        return child
      },
      publish: { $0 = $1 })
  }
}
