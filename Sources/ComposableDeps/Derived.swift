import DepsCore

/// A child environment, created on first access and attached to the environment that declares it.
///
/// It inherits its ancestors' values at read time; lazy, so environments may derive each other.
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
  @usableFromInline let storage: DerivedStorage<Environment>

  /// Derives a child created with `init()`.
  public init() {
    self.storage = DerivedStorage(make: { Environment() }, aliases: AliasBuilder())
  }

  /// Derives a child created with `init()` in which `aliases` hold from its first read.
  public init(aliases: (AliasBuilder) -> AliasBuilder) {
    self.storage = DerivedStorage(make: { Environment() }, aliases: aliases(AliasBuilder()))
  }

  /// Derives the child `wrappedValue` builds on first access: `@Derived var child = Child().with(\.x, 1)`.
  public init(wrappedValue: @escaping @autoclosure () -> Environment) {
    self.storage = DerivedStorage(make: wrappedValue, aliases: AliasBuilder())
  }

  /// Unavailable: a derived environment is read through the environment that declares it.
  @available(*, unavailable, message: "@Derived works in ComposableEnvironment subclasses only")
  public var wrappedValue: Environment {
    fatalError("@Derived from ComposableDeps works in ComposableEnvironment subclasses only.")
  }

  /// The child of `parent`, created on first access. Inlinable, so that the storage key path, a
  /// literal, becomes a field read: an atomic load and no key path or metadata lookup.
  @inlinable
  public static subscript<Parent: ComposableEnvironment>(
    _enclosingInstance parent: Parent,
    wrapped wrappedKeyPath: KeyPath<Parent, Environment>,
    storage storageKeyPath: KeyPath<Parent, Self>
  ) -> Environment {
    // `parent` keeps its storage alive for the whole call: no retain.
    Unmanaged.passUnretained(parent[keyPath: storageKeyPath].storage)._withUnsafeGuaranteedRef {
      $0.published ?? $0.environment(parent: parent)
    }
  }
}

/// The original library's name for ``Derived``, so its code compiles with the import changed.
public typealias DerivedEnvironment = Derived

/// Holds a derived child for every copy of its wrapper; reads after the first load its address
/// from an atomic word. Non-generic but for `make`: the unspecialized read path needs no metadata.
@usableFromInline
final class DerivedStorage<Environment: ComposableEnvironment>: @unchecked Sendable {
  // @unchecked: `child` is built once under its own lock; `make`, `aliases` are immutable, and
  // `published` is atomic.
  private let make: () -> Environment
  private let aliases: AliasBuilder
  private let child = BuildOnce<ComposableEnvironment>(name: .environment(Environment.self))
  /// Published once built; `child` keeps it alive as long as this storage.
  @usableFromInline let publishedChild = AtomicReference<ComposableEnvironment>()

  @inlinable
  var published: Environment? {
    guard let child = publishedChild.load()?.takeUnretainedValue() else { return nil }
    assert(child is Environment, "Deps: a @Derived storage holds a \(type(of: child)).")
    return unsafeDowncast(child, to: Environment.self)
  }

  init(make: @escaping () -> Environment, aliases: AliasBuilder) {
    self.make = make
    self.aliases = aliases
  }

  @usableFromInline
  func environment(parent: ComposableEnvironment) -> Environment {
    if let published { return published }
    let made = child.value {
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
    }
    // Every thread that gets here publishes the same child, the one `child` built.
    publishedChild.publish(Unmanaged.passUnretained(made))
    assert(made is Environment, "Deps: a @Derived storage built a \(type(of: made)).")
    return unsafeDowncast(made, to: Environment.self)
  }
}
