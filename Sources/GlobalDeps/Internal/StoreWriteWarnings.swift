import DepsCore

/// The traps of writing the process-wide store, warned about where they happen.
enum StoreWriteWarnings {
  @TaskLocal static var buildingDerived: String?

  /// Warns about a store write of `key` made while a `@Derived` child is built, or after
  /// dependencies were first read in a live process.
  static func checkWrite(
    _ key: @autoclosure () -> String, context: DependencyContext = .current,
    storeWasRead: @autoclosure () -> Bool = GlobalStore.node.hasBeenRead
  ) {
    if let environment = buildingDerived {
      runtimeWarn(duringDerived(key: key(), environment: environment), kind: key())
    } else if context == .live, storeWasRead() {
      runtimeWarn(afterFirstRead(key: key()), kind: key())
    }
  }

  /// Set by the library's own tests of process-wide aliases, which declare them on purpose.
  @TaskLocal static var expectsProcessWideAliases = false

  /// Warns about a process-wide alias declared while a Swift Testing test runs on this task.
  static func checkAlias(_ alias: @autoclosure () -> String, _ reference: @autoclosure () -> String) {
    guard !expectsProcessWideAliases, TestReporter.isTestRunning else { return }
    runtimeWarn(aliasInTest(alias: alias(), reference: reference()), kind: alias())
  }

  /// By the key it reads, else as `KeyPathResolution.described(_:)` says (never its getter's address).
  static func name<Value>(_ keyPath: WritableKeyPath<Dependencies, Value>) -> String {
    KeyPathResolution.name(of: keyPath)
  }

  static func duringDerived(key: String, environment: String) -> String {
    """
    with(_:_:) set \(key) on the process-wide store while @Derived \(environment) was being built.

    In GlobalDeps with(_:_:) sets a value for the whole process, not for the derived child: every \
    environment and every @Dependency sees it. To fix: use ComposableDeps, where \
    @Derived var child = Child().with(\\.key, value) holds for that subtree only, or scope the \
    value with withDependencies { $0.key = value } operation: { … }.
    """
  }

  static func afterFirstRead(key: String) -> String {
    """
    with(_:_:) set \(key) on the process-wide store after dependencies were first read.

    In GlobalDeps with(_:_:) sets a value for the whole process, and code that already read the \
    old value may keep it. To fix: set process-wide values once, at launch, before the first \
    read; use ComposableDeps for values that differ per subtree, or \
    withDependencies { $0.key = value } operation: { … } for a scope.
    """
  }

  static func aliasInTest(alias: String, reference: String) -> String {
    """
    aliasing(_:to:) made \(alias) a process-wide alias of \(reference) while a test is running.

    In GlobalDeps an alias declared through an environment holds for the whole process, so every \
    test running in parallel sees it. To fix: declare it for the test's scope only, with \
    withDependencies { $0.alias(\\.a, to: \\.b) } operation: { … } or \
    @Suite(.dependencies { $0.alias(\\.a, to: \\.b) }).
    """
  }
}
