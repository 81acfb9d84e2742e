import DepsCore

/// An environment that holds dependency values for itself and the environments derived from it.
///
/// Subclass it, declare dependencies with ``Dependency`` and children with ``Derived``:
///
/// ```swift
/// final class AppEnvironment: ComposableEnvironment {
///   @Dependency(\.mainQueue) var mainQueue
///   @Derived var counter: CounterEnvironment
/// }
///
/// let environment = AppEnvironment().with(\.mainQueue, .main)
/// environment.counter.mainQueue  // .main, inherited
/// ```
///
/// Environments form a tree, like SwiftUI views and their environment: a value set with
/// ``with(_:_:)-(WritableKeyPath<Dependencies,Value>,_)`` on a node holds for that node and every
/// descendant that does not set its own. Descendants read their ancestors' values as they are
/// at read time, so setting a value on the root after the tree was read is seen below. Aliases
/// (``aliasing(_:to:)``) hold for the node that declares them and its descendants.
///
/// Reading and writing from several threads at once is safe, and a read costs the same at any
/// depth. The class is not `Sendable`: Swift 6 would make every subclass restate
/// `@unchecked Sendable`. Effects should capture the services they need, not the environment.
///
/// In a module with default MainActor isolation (Swift 6.2 app targets), declare subclasses
/// `nonisolated final class AppEnvironment: ComposableEnvironment`: without the word, the
/// inherited `init()` is main-actor isolated and cannot override this one (Docs/Swift62AppTargets.md).
@dynamicMemberLookup
open class ComposableEnvironment {
  /// The values and aliases set on this environment, and the link to its parent's.
  @usableFromInline package let node: DependencyNode

  /// Children derived by environment-less pullbacks, one per child type.
  private let pulledBack = PulledBackChildren()

  /// The ``FirstPulledBackChild``, the first child `pulledBack` stored and its key, once
  /// published. One atomic load and two field loads find it, against a chain of loads through
  /// `pulledBack`'s list (most environments have one pulled-back child type). `pulledBack` keeps
  /// the object alive as long as this environment.
  @usableFromInline let firstPulledBack = AtomicReference<FirstPulledBackChild>()

  /// Creates a root environment: it reads defaults until values are set on it, and becomes a
  /// child when another environment derives it.
  public required init() {
    self.node = DependencyNode(ownerName: String(describing: Self.self))
  }

  /// The ``dependencyReport()``, so `po environment` in the debugger and `debugPrint` show where
  /// each dependency comes from. Subclasses may override it to add their own state.
  open var debugDescription: String { dependencyReport() }

  /// Reads the dependency at `keyPath`: `environment.mainQueue`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Dependencies, Value>) -> Value {
    node.value(keyPath)
  }

  /// Reads or writes the dependency at `keyPath`: `environment[\.mainQueue]`.
  ///
  /// Setting is the same as ``with(_:_:)-(WritableKeyPath<Dependencies,Value>,_)``.
  public subscript<Value>(keyPath: WritableKeyPath<Dependencies, Value>) -> Value {
    get { node.value(keyPath) }
    set { node.set(keyPath, newValue) }
  }

  /// Sets the dependency at `keyPath` for this environment and its descendants.
  ///
  /// A descendant that sets its own value keeps it. Calls chain:
  /// `AppEnvironment().with(\.mainQueue, .main).with(\.uuid, .incrementing)`.
  ///
  /// - Parameters:
  ///   - keyPath: The `Dependencies` property to set.
  ///   - value: The new value.
  /// - Returns: This environment.
  @discardableResult
  public func with<Value>(_ keyPath: WritableKeyPath<Dependencies, Value>, _ value: Value) -> Self {
    node.set(keyPath, value)
    return self
  }

  /// Sets the dependency whose key is `key` for this environment and its descendants.
  ///
  /// ```swift
  /// AppEnvironment().with(APIClient.self, .mock)
  /// ```
  ///
  /// - Parameters:
  ///   - key: The dependency's key type, or a type that is its own key.
  ///   - value: The new value.
  /// - Returns: This environment.
  @discardableResult
  public func with<Key: DependencyKey>(_ key: Key.Type, _ value: Key.Value) -> Self {
    node.set(key, value)
    return self
  }

  /// Makes `dependency` an alias of `reference` in this environment and its descendants.
  ///
  /// The two are then one dependency: setting either sets both, reading either reads the same
  /// value, and while neither is set both read `reference`'s default. An alias that would make a
  /// cycle is refused with a runtime warning naming both dependencies.
  ///
  /// - Parameters:
  ///   - dependency: The dependency to read under another name.
  ///   - reference: The dependency it stands for.
  /// - Returns: This environment.
  @discardableResult
  public func aliasing<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value>,
    to reference: WritableKeyPath<Dependencies, Value>
  ) -> Self {
    node.alias(dependency, to: reference)
    return self
  }

  /// The child of type `Child` that environment-less pullbacks use for this environment.
  ///
  /// Created on first use and attached to this environment, so each parent environment has its
  /// own: values set on one parent never reach another parent's child.
  @usableFromInline
  func pulledBackChild<Child: ComposableEnvironment>(_: Child.Type) -> Child {
    // Taken from the lent reference: `pulledBack` keeps the child as long as this environment.
    let child = pulledBackChildUnretained(Child.self).takeUnretainedValue()
    // The list holds, under `ObjectIdentifier(Child.self)`, only children of type `Child`.
    assert(child is Child, "Deps: the pulled-back child for \(Child.self) is a \(type(of: child)).")
    return unsafeDowncast(child, to: Child.self)
  }

  /// The child of type `type` for environment-less pullbacks, stored under
  /// `ObjectIdentifier(type)`, unretained: this environment keeps it for its whole life, so it is
  /// valid while the caller holds this environment. Built with `type.init()` on first use, once:
  /// threads that ask meanwhile wait for that build.
  ///
  /// Unretained so that a pullback runs its child reducer without a reference count taken and
  /// dropped (two atomic operations) per level and action. Final, so that it inlines into a
  /// pullback whose parent environment's type is a class that is not final (an intermediate level
  /// typed `ComposableEnvironment`) instead of being called through the class's table.
  @inlinable @inline(__always)
  final func pulledBackChildUnretained(
    _ type: ComposableEnvironment.Type
  ) -> Unmanaged<ComposableEnvironment> {
    // Published by `pulledBackChildUnretainedSlow` after it was built, never changed, and kept by
    // `pulledBack` until this environment ends: valid without a retain of its own.
    guard let first = firstPulledBack.load() else { return pulledBackChildUnretainedSlow(type) }
    return first._withUnsafeGuaranteedRef { first in
      guard first.key == ObjectIdentifier(type) else { return pulledBackChildUnretainedSlow(type) }
      return Unmanaged.passUnretained(first.child)
    }
  }

  /// ``pulledBackChildUnretained(_:)`` when the child is not the first one published.
  @usableFromInline
  func pulledBackChildUnretainedSlow(_ type: ComposableEnvironment.Type) -> Unmanaged<ComposableEnvironment> {
    let key = ObjectIdentifier(type)
    if let child = pulledBack.findUnretained(key) { return child }
    let (child, isFirst) = pulledBack.add(type) {
      let made = type.init()
      made.node.attach(to: node)
      return made
    }
    // `pulledBack` retains every child it published until this environment ends.
    let unmanaged = Unmanaged.passUnretained(child)
    if isFirst {
      // Only the thread that stored the first child publishes it, fully built.
      let first = pulledBack.keep(FirstPulledBackChild(key: key, child: child))
      firstPulledBack.publish(Unmanaged.passUnretained(first))
    }
    return unmanaged
  }
}

/// The first child environment-less pullbacks derived for an environment, with its key
/// (`ObjectIdentifier(Child.self)`): immutable, published by address in
/// `ComposableEnvironment.firstPulledBack`.
@usableFromInline
final class FirstPulledBackChild: @unchecked Sendable {
  // @unchecked: immutable; the child is safe to read from any thread (see `ComposableEnvironment`).
  @usableFromInline let key: ObjectIdentifier
  @usableFromInline let child: ComposableEnvironment

  init(key: ObjectIdentifier, child: ComposableEnvironment) {
    self.key = key
    self.child = child
  }
}

/// The children environment-less pullbacks derived for one environment, found without a lock.
///
/// The current list is immutable and published by address in an atomic word; adding a child
/// publishes a new list under the lock. Every list ever published is kept in `lists` until this
/// object ends, so a reader may scan the list whose address it loaded while another thread adds.
/// An environment has a child per child type its pullbacks name: a handful, scanned linearly.
private final class PulledBackChildren: @unchecked Sendable {
  // @unchecked: `lists` is only touched under its lock; `current` is atomic.
  private final class List {
    let keys: [ObjectIdentifier]
    let children: [ComposableEnvironment]
    init(keys: [ObjectIdentifier], children: [ComposableEnvironment]) {
      assert(keys.count == children.count, "Deps: a pulled-back list has a child per key.")
      self.keys = keys
      self.children = children
    }
  }

  /// The newest list of `lists`, once there is one.
  private let current = AtomicReference<List>()
  private let lists = Locked<[List]>([])
  /// The build of each child type's child, so that it is built once.
  private let builds = Locked<[ObjectIdentifier: BuildOnce<ComposableEnvironment>]>([:])
  /// The environment's published ``FirstPulledBackChild``, kept here for the environment's life.
  private let kept = Locked<FirstPulledBackChild?>(nil)

  /// Keeps `first` until this object ends, and returns it.
  func keep(_ first: FirstPulledBackChild) -> FirstPulledBackChild {
    kept.withLock { $0 = first }
    return first
  }

  /// The child stored under `key`, if any, unretained: `lists` keeps it until `self` ends.
  func findUnretained(_ key: ObjectIdentifier) -> Unmanaged<ComposableEnvironment>? {
    // `lists` retains every published list until `self` ends, and `self` outlives this call: the
    // list needs no retain of its own while it is scanned, nor the child it returns.
    guard let list = current.load() else { return nil }
    return list._withUnsafeGuaranteedRef { list in
      list.keys.withUnsafeBufferPointer { keys in
        guard let index = keys.firstIndex(of: key) else { return nil }
        return list.children.withUnsafeBufferPointer { Unmanaged.passUnretained($0[index]) }
      }
    }
  }

  /// The child stored under `ObjectIdentifier(type)`: the one another thread stored meanwhile,
  /// or the one `make` builds (outside the lock, once: threads that ask meanwhile wait for that
  /// build); `isFirst` when this call stored the first child of all.
  func add(
    _ type: ComposableEnvironment.Type, make: () -> ComposableEnvironment
  ) -> (child: ComposableEnvironment, isFirst: Bool) {
    let key = ObjectIdentifier(type)
    let build = builds.withLock { builds in
      if let build = builds[key] { return build }
      let build = BuildOnce<ComposableEnvironment>(name: .environment(type))
      builds[key] = build
      return build
    }
    let made = build.value(build: make)
    return lists.withLock { lists in
      let keys = lists.last?.keys ?? []
      let children = lists.last?.children ?? []
      if let index = keys.firstIndex(of: key) { return (children[index], false) }
      let list = List(keys: keys + [key], children: children + [made])
      lists.append(list)
      current.publish(Unmanaged.passUnretained(list))
      return (made, keys.isEmpty)
    }
  }
}
