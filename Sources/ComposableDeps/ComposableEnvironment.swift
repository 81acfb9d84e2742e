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
/// Environments form a tree: a value set on a node holds for it and every descendant that does
/// not set its own, read as it is at read time; aliases (``aliasing(_:to:)``) likewise.
///
/// Thread-safe, and a read costs the same at any depth. Not `Sendable` (every subclass would have
/// to restate `@unchecked Sendable`): effects should capture the services they need.
///
/// In a module with default MainActor isolation, declare subclasses `nonisolated`: otherwise the
/// inherited `init()` is main-actor isolated and cannot override this one (Docs/Swift62AppTargets.md).
@dynamicMemberLookup
open class ComposableEnvironment {
  @usableFromInline package let node: DependencyNode

  /// Children derived by environment-less pullbacks, one per child type.
  private let pulledBack = PulledBackChildren()

  /// The first child `pulledBack` stored, published: one atomic load and two field loads, against
  /// a walk of `pulledBack`'s list; `pulledBack` keeps it alive as long as this environment.
  @usableFromInline let firstPulledBack = AtomicReference<FirstPulledBackChild>()

  /// Creates a root environment; it becomes a child when another environment derives it.
  public required init() {
    self.node = DependencyNode(ownerName: String(describing: Self.self))
  }

  /// The ``dependencyReport()``, for `po environment` and `debugPrint`; subclasses may override it.
  open var debugDescription: String { dependencyReport() }

  /// Reads the dependency at `keyPath`: `environment.mainQueue`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<Dependencies, Value>) -> Value {
    node.value(keyPath)
  }

  /// Reads or writes the dependency at `keyPath`: `environment[\.mainQueue]`.
  public subscript<Value>(keyPath: WritableKeyPath<Dependencies, Value>) -> Value {
    get { node.value(keyPath) }
    set { node.set(keyPath, newValue) }
  }

  /// Sets the dependency at `keyPath` here and in descendants that do not set their own; chains.
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
  @discardableResult
  public func with<Key: DependencyKey>(_ key: Key.Type, _ value: Key.Value) -> Self {
    node.set(key, value)
    return self
  }

  /// Makes `dependency` an alias of `reference` here and below: setting or reading either sets or
  /// reads both, and a cycle is refused with a runtime warning.
  @discardableResult
  public func aliasing<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value>,
    to reference: WritableKeyPath<Dependencies, Value>
  ) -> Self {
    node.alias(dependency, to: reference)
    return self
  }

  /// The pulled-back child of type `Child`: each parent has its own.
  @usableFromInline
  func pulledBackChild<Child: ComposableEnvironment>(_: Child.Type) -> Child {
    // Taken from the lent reference: `pulledBack` keeps the child as long as this environment.
    let child = pulledBackChildUnretained(Child.self).takeUnretainedValue()
    // The list holds, under `ObjectIdentifier(Child.self)`, only children of type `Child`.
    assert(child is Child, "Deps: the pulled-back child for \(Child.self) is a \(type(of: child)).")
    return unsafeDowncast(child, to: Child.self)
  }

  /// The pulled-back child of type `type`, unretained (this environment keeps it for life) so that a
  /// pullback takes no reference count per level; final so it inlines under non-final parent types.
  @inlinable @inline(__always)
  final func pulledBackChildUnretained(
    _ type: ComposableEnvironment.Type
  ) -> Unmanaged<ComposableEnvironment> {
    // Published after it was built, never changed, kept by `pulledBack`: valid without a retain.
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

/// The first pulled-back child with its key, immutable, published by address in
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

/// The pulled-back children of one environment, found without a lock: the current list is
/// immutable and published in an atomic word, and every list published is kept until this object
/// ends, so a reader may scan the one it loaded while another thread adds. A handful, scanned.
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

  private let current = AtomicReference<List>()
  private let lists = Locked<[List]>([])
  private let builds = Locked<[ObjectIdentifier: BuildOnce<ComposableEnvironment>]>([:])
  private let kept = Locked<FirstPulledBackChild?>(nil)

  func keep(_ first: FirstPulledBackChild) -> FirstPulledBackChild {
    kept.withLock { $0 = first }
    return first
  }

  /// The child stored under `key`, if any, unretained: `lists` keeps it until `self` ends.
  func findUnretained(_ key: ObjectIdentifier) -> Unmanaged<ComposableEnvironment>? {
    // `lists` retains every published list until `self`, which outlives this call, ends: no retains.
    guard let list = current.load() else { return nil }
    return list._withUnsafeGuaranteedRef { list in
      list.keys.withUnsafeBufferPointer { keys in
        guard let index = keys.firstIndex(of: key) else { return nil }
        return list.children.withUnsafeBufferPointer { Unmanaged.passUnretained($0[index]) }
      }
    }
  }

  /// The child under `ObjectIdentifier(type)`, or the one `make` builds once, unlocked; `isFirst`: the first.
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
