import DepsCore
import GlobalDeps

// `DepsContextProbe single-scope`: reads through a `@Dependency` that captured the only scope
// alive, which skip the task-local lookup of the scope in force (`ScopedReader.read`), held
// against the same reads made while one more scope is alive, which take the general path, and
// against the values the rules give. In a process of its own: in a test process other tests'
// scopes are alive, and the route would be taken only by chance.

private enum SingleKey: DependencyKey {
  static let defaultValue = 0
}

private enum UnsetKey: DependencyKey {
  static let defaultValue = 100
}

extension Dependencies {
  fileprivate var single: Int {
    get { self[SingleKey.self] }
    set { self[SingleKey.self] = newValue }
  }
  fileprivate var unset: Int {
    get { self[UnsetKey.self] }
    set { self[UnsetKey.self] = newValue }
  }
}

private struct SingleModel: Sendable {
  @GlobalDeps.Dependency(\.single) var single
  @GlobalDeps.Dependency(SingleKey.self) var byKeyType
  @GlobalDeps.Dependency(\.unset) var unset
}

/// The failures of the single-scope reads, one line each; empty when all agreed.
func runSingleScope() async -> [String] {
  var failures: [String] = []

  /// Reads `read` with the scopes alive as they are (`alone` says whether that is one scope, the
  /// captured one), then with one more scope alive, and checks both against `expected`.
  func check(_ name: String, alone: Bool, expected: Int, _ read: () -> Int) {
    let scopes = DependencyOverlay.scopesAliveCount()
    if alone != (scopes == 1) { failures.append("\(name): \(scopes) scopes alive") }
    // Read twice: a thread caches a scope's reads from its second read through it on.
    let fast = [read(), read()]
    let keeper = withDependencies { _ in
    } operation: {
      SingleModel()
    }
    let general = withExtendedLifetime(keeper) { [read(), read()] }
    if fast != [expected, expected] || general != [expected, expected] {
      failures.append("\(name): read \(fast), on the general path \(general), expected \(expected)")
    }
  }

  for round in 0..<50 {
    let set = round + 1
    let model = withDependencies {
      $0.single = set
    } operation: {
      let model = SingleModel()
      // In force: the captured scope.
      check("in the scope", alone: true, expected: set) { model.single }
      check("in the scope, by key type", alone: true, expected: set) { model.byKeyType }
      check("in the scope, a key it did not set", alone: true, expected: 100) { model.unset }
      return model
    }
    // None in force: the captured scope still holds its value.
    check("after the scope", alone: true, expected: set) { model.single }
    check("after the scope, by key type", alone: true, expected: set) { model.byKeyType }
    check("after the scope, a key it did not set", alone: true, expected: 100) { model.unset }
    // On a task that did not inherit the scope.
    let detached = await Task.detached { [model] in (model.single, model.byKeyType) }.value
    if detached != (set, set) { failures.append("a detached task read \(detached), expected \(set)") }
    // Another scope in force wins over the captured one (two scopes alive: the general path).
    withDependencies {
      $0.single = -set
    } operation: {
      check("in another scope", alone: false, expected: -set) { model.single }
      check("in another scope, a key neither set", alone: false, expected: 100) { model.unset }
    }
    // A model made in a nested scope captures a scope with a parent: two scopes alive.
    let nested = withDependencies {
      $0.single = set
    } operation: {
      withDependencies {
        $0.unset = set
      } operation: {
        SingleModel()
      }
    }
    check("a nested scope's model", alone: false, expected: set) { nested.single }
    check("a nested scope's model, its own key", alone: false, expected: set) { nested.unset }
  }
  return failures
}
