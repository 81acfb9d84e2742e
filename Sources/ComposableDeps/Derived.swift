import DepsCore

/// A child environment, created on first access and attached to the environment that declares it.
///
/// The child inherits every value of its ancestors that it does not set itself, as it is at read
/// time. Created lazily, so that environments may derive each other recursively.
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
  ///
  /// - Parameter aliases: Builds the aliases, as in `{ $0.alias(\.main, to: \.mainQueue) }`.
  public init(aliases: (AliasBuilder) -> AliasBuilder) {
    self.storage = DerivedStorage(make: { Environment() }, aliases: aliases(AliasBuilder()))
  }

  /// Derives the child that `wrappedValue` builds on first access, as in
  /// `@Derived var child = Child().with(\.x, 1)`: it keeps the values set on it and inherits the rest.
  public init(wrappedValue: @escaping @autoclosure () -> Environment) {
    self.storage = DerivedStorage(make: wrappedValue, aliases: AliasBuilder())
  }

  /// Unavailable: a derived environment is read through the environment that declares it.
  @available(*, unavailable, message: "@Derived works in ComposableEnvironment subclasses only")
  public var wrappedValue: Environment {
    fatalError("@Derived from ComposableDeps works in ComposableEnvironment subclasses only.")
  }

  /// The child of `parent`, the instance that declares the property; created on first access.
  ///
  /// Inlinable, so that in the declaring module the storage key path, a literal, becomes a field
  /// read: an atomic load and no key path or metadata lookup.
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

/// The name the original library used for ``Derived``; kept so its code compiles with the import
/// changed.
public typealias DerivedEnvironment = Derived

/// Holds a derived child, for every copy of its property wrapper.
///
/// Reads after the first take no lock: the published child's address is kept in an atomic word.
/// Non-generic but for `make`, so that the read path, which runs unspecialized in this module,
/// asks the runtime for no generic metadata.
@usableFromInline
final class DerivedStorage<Environment: ComposableEnvironment>: @unchecked Sendable {
  // @unchecked: `child` is built once under its own lock; `make`, `aliases` are immutable, and
  // `published` is atomic.
  private let make: () -> Environment
  private let aliases: AliasBuilder
  /// Built by the first thread that reads the property; the others wait for it.
  private let child = BuildOnce<ComposableEnvironment>(name: .environment(Environment.self))
  /// The child `child` holds, once published. `child` never changes once built and keeps the
  /// child alive as long as this storage, so the published address stays valid.
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
