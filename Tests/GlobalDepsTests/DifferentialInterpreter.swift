import DepsReference
import DepsTestSupport
import GlobalDeps

// Runs the GlobalDeps differential programs: the store, scopes (sync and async, nested),
// `@Dependency`'s captured scope, `withDependencies(from:)`, escaped dependencies, worker threads
// and tasks, through every read route (the wrapper by key path and by key type, a fresh wrapper,
// the environment subscript, a key path past its dependency, a getter of two keys, the update's
// `Dependencies`, the dependency report), held against `ScopeReference`.

extension Dependencies {
  fileprivate mutating func set(_ key: RefKey, _ value: RefValue, _ route: UpdateWrite) {
    switch (key, value, route) {
    case (.derived, .int(let value), .property): refDerived = value
    case (.derived, .int(let value), .keyType): self[RefDerivedKey.self] = value
    case (_, _, .property): setByProperty(key, value)
    case (_, _, .keyType): setByKeyType(key, value)
    }
  }

  fileprivate func read(_ key: RefKey) -> RefValue {
    key == .derived ? .int(refDerived) : readByKeyPath(key)
  }

  fileprivate mutating func alias(_ pair: AliasPair) {
    if let alias = refIntKeyPaths[pair.alias], let reference = refIntKeyPaths[pair.reference] {
      self.alias(alias, to: reference)
    } else {
      self.alias(refObjectKeyPaths[pair.alias]!, to: refObjectKeyPaths[pair.reference]!)
    }
  }
}

/// Where a step runs: the scope in force as the reference names it, whether the code is async,
/// and whether it runs off the test's task (a worker thread, a detached task), where the test's
/// task-local traits (process-wide aliases expected) do not hold.
struct GlobalContext: Sendable {
  var inForce: ScopeReference.ScopeID?
  var isAsync: Bool
  var onThread: Bool
  var offTestTask: Bool

  static let top = GlobalContext(inForce: nil, isAsync: true, onThread: false, offTestTask: false)
}

/// Runs GlobalStep programs against GlobalDeps and `ScopeReference` side by side, from a reset
/// store.
final class GlobalInterpreter: @unchecked Sendable {
  // @unchecked: one step runs at a time; a step on a worker thread or in a task is awaited before
  // the next, so the state below is never touched by two threads at once.
  private enum Model {
    case dependency(DiffModel, captured: ScopeReference.ScopeID?)
    case plain(DiffPlainModel, remembered: ScopeReference.ScopeID)
  }

  private let workers: [WorkerThread]
  private var reference = ScopeReference(context: .live)
  private var matcher = IdentityMatcher()
  private var models: [Int: Model] = [:]
  private var escaped: [Int: (dependencies: EscapedDependencies, scope: ScopeReference.ScopeID?)] = [:]
  init(workers: [WorkerThread]) {
    self.workers = workers
  }

  /// Runs `steps` from a reset store; `nil` when every observation agreed with the reference.
  func run(_ steps: [GlobalStep]) async -> String? {
    Dependencies.reset()
    Dependencies.clearAliases()
    reference = ScopeReference(context: .current)
    matcher = IdentityMatcher()
    let failure = await run(steps, .top)
    models = [:]
    escaped = [:]
    return failure
  }

  private func run(_ steps: [GlobalStep], _ context: GlobalContext) async -> String? {
    for step in steps {
      let failure: String?
      switch step {
      case .scope(let update, let body, true, let returns):
        failure = await scope(update: update, body: body, returns: returns, context)
      case .from(let id, let update, let body, true):
        failure = await from(id, update: update, body: body, context)
      case .yield(let id, let body, true):
        guard let escape = escaped[id] else { continue }
        var inner = context
        inner.inForce = escape.scope
        failure = await escape.dependencies.yield { await run(body, inner) }
      case .inTask(let body, let detached):
        var inner = context
        if detached {
          inner.inForce = nil
          inner.offTestTask = true
          failure = await Task.detached { await self.run(body, inner) }.value
        } else {
          failure = await Task { await self.run(body, inner) }.value
        }
      default:
        failure = runSync(step, context)
      }
      if let failure { return failure }
    }
    return nil
  }

  private func runSync(_ steps: [GlobalStep], _ context: GlobalContext) -> String? {
    var sync = context
    sync.isAsync = false
    for step in steps {
      if let failure = runSync(step, sync) { return failure }
    }
    return nil
  }

  private func agree(_ expected: RefValue, _ actual: RefValue, at step: GlobalStep) -> String? {
    matcher.agrees(expected: expected, actual: actual)
      ? nil : "at \"\(step)\": read \(actual), expected \(matcher.explain(expected))"
  }

  // MARK: Steps

  private func runSync(_ step: GlobalStep, _ context: GlobalContext) -> String? {
    switch step {
    case .storeSet(let key, let value, let route):
      reference.setInStore(key, value)
      DiffGlobalEnvironment().set(key, value, by: route)

    case .storeAlias(let pair):
      // Off the test's task the suite's "process-wide aliases expected" does not hold.
      guard !context.offTestTask, reference.canAlias(pair) else { return nil }
      reference.aliasInStore(pair)
      DiffGlobalEnvironment().alias(pair)

    case .deriveAliased:
      guard reference.canAlias(DiffGlobalEnvironment.derivedAlias) else { return nil }
      reference.aliasInStore(DiffGlobalEnvironment.derivedAlias)
      _ = DiffGlobalEnvironment().aliased

    case .reset:
      reference.reset(onTestTask: !context.offTestTask)
      Dependencies.reset()

    case .clearAliases:
      reference.clearAliases()
      Dependencies.clearAliases()

    case .scope(let update, let body, false, let returns):
      let scope = reference.makeScope(inForce: context.inForce, onTestTask: !context.offTestTask)
      var inner = context
      inner.inForce = scope
      var failure: String?
      if let returns {
        let model = withDependencies {
          failure = applyUpdate(update, to: &$0, scope: scope)
        } operation: {
          if failure == nil { failure = runSync(body, inner) }
          return DiffPlainModel()
        }
        if models[returns] == nil { models[returns] = .plain(model, remembered: scope) }
      } else {
        withDependencies {
          failure = applyUpdate(update, to: &$0, scope: scope)
        } operation: {
          if failure == nil { failure = runSync(body, inner) }
        }
      }
      return failure

    case .from(let id, let update, let body, false):
      guard let (model, scope) = handOn(id, context) else { return nil }
      var inner = context
      inner.inForce = scope
      var failure: String?
      withDependencies(from: model) {
        failure = applyUpdate(update, to: &$0, scope: scope)
      } operation: {
        if failure == nil { failure = runSync(body, inner) }
      }
      return failure

    case .makeModel(let id):
      guard models[id] == nil else { return nil }
      models[id] = .dependency(
        DiffModel(),
        captured: reference.capturedHere(inForce: context.inForce, onTestTask: !context.offTestTask))

    case .releaseModel(let id):
      models[id] = nil

    case .read(let key, let route):
      let captured =
        route == .subscriptGet
        ? nil : reference.capturedHere(inForce: context.inForce, onTestTask: !context.offTestTask)
      let expected = reference.read(
        key, inForce: context.inForce, captured: captured, onTestTask: !context.offTestTask)
      let actual: RefValue
      switch route {
      case .freshKeyPath: actual = DiffModel().read(key, byKeyType: false)
      case .freshKeyType: actual = DiffModel().read(key, byKeyType: true)
      case .subscriptGet: actual = DiffGlobalEnvironment().read(key)
      case .pastDependency: actual = .int(Int(Dependency(descriptionKeyPaths[key]!).wrappedValue)!)
      }
      return agree(expected, actual, at: step)

    case .readModel(let id, let key, let byKeyType):
      guard case .dependency(let model, let captured) = models[id] else { return nil }
      let expected = reference.read(
        key, inForce: context.inForce, captured: captured, onTestTask: !context.offTestTask)
      return agree(expected, model.read(key, byKeyType: byKeyType), at: step)

    case .readPair(let id):
      var model = DiffModel()
      var captured = reference.capturedHere(inForce: context.inForce, onTestTask: !context.offTestTask)
      if let id {
        guard case .dependency(let made, let madeIn) = models[id] else { return nil }
        (model, captured) = (made, madeIn)
      }
      let expected = [RefKey.a, .b].map {
        reference.read($0, inForce: context.inForce, captured: captured, onTestTask: !context.offTestTask)
      }
      let pair = model.pair
      if [.int(pair.a), .int(pair.b)] != expected {
        return
          "at \"\(step)\": read a = \(pair.a), b = \(pair.b), expected a = \(expected[0]), b = \(expected[1])"
      }

    case .report:
      let expected = reference.report(
        typeName: "DiffGlobalEnvironment", inForce: context.inForce, onTestTask: !context.offTestTask)
      let actual = DiffGlobalEnvironment().dependencyReport()
      if let difference = expected.disagreement(with: actual, onlyOurKeys: true) {
        return "at \"\(step)\": \(difference)\nThe whole report:\n\(actual)"
      }

    case .escape(let id):
      guard escaped[id] == nil else { return nil }
      let scope = reference.escapedHere(inForce: context.inForce, onTestTask: !context.offTestTask)
      withEscapedDependencies { escaped[id] = ($0, scope) }

    case .yield(let id, let body, false):
      guard let escape = escaped[id] else { return nil }
      var inner = context
      inner.inForce = escape.scope
      return escape.dependencies.yield { runSync(body, inner) }

    case .onThread(let thread, let body):
      let inner = GlobalContext(inForce: nil, isAsync: false, onThread: true, offTestTask: true)
      // Already on a worker: a thread of its own (a worker waiting for itself would never return).
      let worker = context.onThread ? WorkerThread(name: "Differential nested") : workers[thread - 1]
      defer { if context.onThread { worker.stop() } }
      guard let failure = worker.run({ self.runSync(body, inner) }) else {
        return "at \"\(step)\": the thread's steps did not end within their deadline"
      }
      return failure

    case .scope, .from, .yield, .inTask, .updateRead, .updateSet, .updateAlias:
      // An async step in sync code, or an update step outside an update: it cannot run here.
      break
    }
    return nil
  }

  /// Applies an update's steps: reads (until the first write), writes and aliases.
  private func applyUpdate(
    _ steps: [GlobalStep], to dependencies: inout Dependencies, scope: ScopeReference.ScopeID
  ) -> String? {
    var wrote = false
    for step in steps {
      switch step {
      case .updateRead(let key):
        // The reference reads the scope being made; a read after a write would see the write.
        guard !wrote else { continue }
        let expected = reference.readInUpdate(key, of: scope)
        if let failure = agree(expected, dependencies.read(key), at: step) { return failure }
      case .updateSet(let key, let value, let route):
        wrote = true
        reference.set(key, value, inScope: scope)
        dependencies.set(key, value, route)
      case .updateAlias(let pair):
        guard reference.canAlias(pair) else { continue }
        wrote = true
        reference.alias(pair, inScope: scope)
        dependencies.alias(pair)
      default:
        continue
      }
    }
    return nil
  }

  private func scope(
    update: [GlobalStep], body: [GlobalStep], returns: Int?, _ context: GlobalContext
  ) async -> String? {
    let scope = reference.makeScope(inForce: context.inForce, onTestTask: !context.offTestTask)
    let mark = reference.outermostTestMark(of: scope)
    defer { if let mark { reference.forgetTestDefaults(after: mark) } }
    var inner = context
    inner.inForce = scope
    var failure: String?
    if let returns {
      let model = await withDependencies {
        failure = applyUpdate(update, to: &$0, scope: scope)
      } operation: {
        if failure == nil { failure = await run(body, inner) }
        return DiffPlainModel()
      }
      if models[returns] == nil { models[returns] = .plain(model, remembered: scope) }
    } else {
      await withDependencies {
        failure = applyUpdate(update, to: &$0, scope: scope)
      } operation: {
        if failure == nil { failure = await run(body, inner) }
      }
    }
    return failure
  }

  private func from(_ id: Int, update: [GlobalStep], body: [GlobalStep], _ context: GlobalContext) async
    -> String?
  {
    guard let (model, scope) = handOn(id, context) else { return nil }
    let mark = reference.outermostTestMark(of: scope)
    defer { if let mark { reference.forgetTestDefaults(after: mark) } }
    var inner = context
    inner.inForce = scope
    var failure: String?
    await withDependencies(from: model) {
      failure = applyUpdate(update, to: &$0, scope: scope)
    } operation: {
      if failure == nil { failure = await run(body, inner) }
    }
    return failure
  }

  /// Model `id`, and the scope the reference makes for a `withDependencies(from:)` update of it in
  /// `context`: the model's dependencies under the scope in force.
  private func handOn(_ id: Int, _ context: GlobalContext) -> (AnyObject, ScopeReference.ScopeID)? {
    let model: AnyObject
    let made: ScopeReference.ScopeID?
    switch models[id] {
    case .dependency(let object, let captured): (model, made) = (object, captured)
    case .plain(let object, let remembered): (model, made) = (object, remembered)
    case nil: return nil
    }
    let inForce = reference.scope(from: made, inForce: context.inForce)
    return (model, reference.makeScope(inForce: inForce, onTestTask: !context.offTestTask))
  }
}
