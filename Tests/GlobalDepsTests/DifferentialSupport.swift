import DepsReference
import DepsTestSupport
import GlobalDeps

// The models, steps and interpreter of the GlobalDeps differential programs: the store, scopes
// (sync and async, nested), `@Dependency`'s captured scope, `withDependencies(from:)`, escaped
// dependencies, worker threads and tasks, through every read route (the wrapper by key path and by
// key type, a fresh wrapper, the environment subscript, a key path past its dependency, a getter
// of two keys, the update's `Dependencies`, the dependency report), held against `ScopeReference`.

/// A dependency whose default reads another: `a` plus 100 (500 in tests), built with the scope it
/// is cached for in force.
enum RefDerivedKey: DependencyKey {
  static var defaultValue: Int { Dependency(\.refA).wrappedValue + RefKey.derivedOffset(.live) }
  static var testValue: Int { Dependency(\.refA).wrappedValue + RefKey.derivedOffset(.test) }
}

extension Dependencies {
  var refDerived: Int {
    get { self[RefDerivedKey.self] }
    set { self[RefDerivedKey.self] = newValue }
  }
}

/// Key paths that reach past their dependency (`\.refA.description`): run on every read.
private let descriptionKeyPaths: [RefKey: KeyPath<Dependencies, String> & Sendable] = [
  .a: \.refA.description, .b: \.refB.description, .c: \.refC.description, .d: \.refD.description,
  .derived: \.refDerived.description,
]

/// A model: `@Dependency` of every dependency by key path and by key type. Its properties
/// capture the scope in force when it is made.
final class DiffModel {
  @Dependency(\.refA) var a
  @Dependency(\.refB) var b
  @Dependency(\.refC) var c
  @Dependency(\.refD) var d
  @Dependency(\.refObject1) var object1
  @Dependency(\.refObject2) var object2
  @Dependency(\.refDerived) var derived
  @Dependency(RefAKey.self) var aByKey
  @Dependency(RefBKey.self) var bByKey
  @Dependency(RefCKey.self) var cByKey
  @Dependency(RefDKey.self) var dByKey
  @Dependency(RefObject1Key.self) var object1ByKey
  @Dependency(RefObject2Key.self) var object2ByKey
  @Dependency(RefDerivedKey.self) var derivedByKey
  @Dependency(\.refPair) var pair

  func read(_ key: RefKey, byKeyType: Bool) -> RefValue {
    switch key {
    case .a: .int(byKeyType ? aByKey : a)
    case .b: .int(byKeyType ? bByKey : b)
    case .c: .int(byKeyType ? cByKey : c)
    case .d: .int(byKeyType ? dByKey : d)
    case .object1: (byKeyType ? object1ByKey : object1).observed
    case .object2: (byKeyType ? object2ByKey : object2).observed
    case .derived: .int(byKeyType ? derivedByKey : derived)
    }
  }
}

/// A model with no `@Dependency`: `withDependencies(from:)` hands on the scope of the operation
/// that returned it.
final class DiffPlainModel: Sendable {}

/// An environment of the programs.
struct DiffGlobalEnvironment: GlobalEnvironment, RefEnvironment {
  @Derived<DiffGlobalEnvironment>(aliases: { $0.alias(\.refD, to: \.refC) }) var aliased

  static let derivedAlias = AliasPair(.d, to: .c)

  func read(_ key: RefKey) -> RefValue {
    key == .derived ? .int(self[\.refDerived]) : readBySubscript(key)
  }

  /// Sets `key` by `route`: `derived` here, the others as every environment does.
  func set(_ key: RefKey, _ value: RefValue, by route: RefWriteRoute) {
    guard key == .derived, case .int(let value) = value else { return write(key, value, route) }
    switch route {
    case .withKeyPath: with(\.refDerived, value)
    case .withKeyType: with(RefDerivedKey.self, value)
    case .subscriptSet: self[\.refDerived] = value
    }
  }
}

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

/// How a `withDependencies` update sets a dependency.
enum UpdateWrite: String, CaseIterable, Sendable {
  case property = "$0.key = _"
  case keyType = "$0[Key.self] = _"
}

/// How a program reads a dependency where it is.
enum GlobalRead: String, CaseIterable, Sendable {
  case freshKeyPath = "Model().key by @Dependency(\\.key)"
  case freshKeyType = "Model().key by @Dependency(Key.self)"
  case subscriptGet = "env[\\.key]"
  case pastDependency = "Dependency(\\.key.description)"
}

/// One step of a GlobalDeps program. Models and escaped dependencies are named by numbers (`m3`,
/// `e1`); a step naming one that is gone does nothing, and so does a step where it cannot run
/// (an update step outside an update, an async step in sync code).
indirect enum GlobalStep: ProgramStep {
  case storeSet(RefKey, RefValue, RefWriteRoute)
  case storeAlias(AliasPair)
  case deriveAliased
  case reset
  case clearAliases
  case scope(update: [GlobalStep], body: [GlobalStep], async: Bool, returns: Int?)
  case from(model: Int, update: [GlobalStep], body: [GlobalStep], async: Bool)
  case makeModel(Int)
  case releaseModel(Int)
  case read(RefKey, GlobalRead)
  case readModel(Int, RefKey, byKeyType: Bool)
  case readPair(model: Int?)
  case report
  case escape(Int)
  case yield(Int, body: [GlobalStep], async: Bool)
  case onThread(Int, body: [GlobalStep])
  case inTask(body: [GlobalStep], detached: Bool)
  case updateRead(RefKey)
  case updateSet(RefKey, RefValue, UpdateWrite)
  case updateAlias(AliasPair)

  var nested: [[GlobalStep]] {
    switch self {
    case .scope(let update, let body, _, _), .from(_, let update, let body, _): [update, body]
    case .yield(_, let body, _), .onThread(_, let body), .inTask(let body, _): [body]
    default: []
    }
  }

  func replacingNested(_ lists: [[GlobalStep]]) -> GlobalStep {
    switch self {
    case .scope(_, _, let async, let returns):
      .scope(update: lists[0], body: lists[1], async: async, returns: returns)
    case .from(let model, _, _, let async):
      .from(model: model, update: lists[0], body: lists[1], async: async)
    case .yield(let id, _, let async): .yield(id, body: lists[0], async: async)
    case .onThread(let thread, _): .onThread(thread, body: lists[0])
    case .inTask(_, let detached): .inTask(body: lists[0], detached: detached)
    default: self
    }
  }

  var description: String {
    func kind(_ async: Bool) -> String { async ? "async " : "" }
    switch self {
    case .storeSet(let key, let value, let route): return "store: set \(key) = \(value) by \(route.rawValue)"
    case .storeAlias(let pair): return "store: aliasing(\\.\(pair.alias), to: \\.\(pair.reference))"
    case .deriveAliased: return "DiffGlobalEnvironment().aliased (declares d → c process-wide)"
    case .reset: return "Dependencies.reset()"
    case .clearAliases: return "Dependencies.clearAliases()"
    case .scope(_, _, let async, let returns):
      return
        "\(kind(async))withDependencies { update } operation: { body\(returns.map { "; return m\($0) = DiffPlainModel()" } ?? "") }"
    case .from(let model, _, _, let async):
      return "\(kind(async))withDependencies(from: m\(model)) { update } operation: { body }"
    case .makeModel(let id): return "m\(id) = DiffModel()"
    case .releaseModel(let id): return "release m\(id)"
    case .read(let key, let route): return "read \(key) by \(route.rawValue)"
    case .readModel(let id, let key, let byKeyType):
      return "read m\(id).\(key) by @Dependency(\(byKeyType ? "Key.self" : "\\.key"))"
    case .readPair(let model):
      return "read \(model.map { "m\($0)" } ?? "DiffModel()").pair (a and b in one getter)"
    case .report: return "DiffGlobalEnvironment().dependencyReport()"
    case .escape(let id): return "withEscapedDependencies { e\(id) = $0 }"
    case .yield(let id, _, let async): return "\(kind(async))e\(id).yield { body }"
    case .onThread(let thread, _): return "on thread \(thread) { body }"
    case .inTask(_, let detached):
      return detached ? "await Task.detached { body }.value" : "await Task { body }.value"
    case .updateRead(let key): return "update: read $0.\(key)"
    case .updateSet(let key, let value, let route):
      return "update: set \(key) = \(value) by \(route.rawValue)"
    case .updateAlias(let pair): return "update: $0.alias(\\.\(pair.alias), to: \\.\(pair.reference))"
    }
  }

  private struct Drawn {
    var models = 0
    var escapes = 0
    var values = 0
  }

  /// A program of about 15 to 40 steps at its top level, with nested scopes, threads and tasks.
  static func program(_ random: inout SeededGenerator) -> [GlobalStep] {
    var drawn = Drawn()
    return draw(15 + random.int(below: 26), depth: 0, async: true, &random, &drawn)
  }

  private static func draw(
    _ count: Int, depth: Int, async: Bool, _ random: inout SeededGenerator, _ drawn: inout Drawn
  ) -> [GlobalStep] {
    var steps: [GlobalStep] = []
    let nests = depth < 3
    for _ in 0..<count {
      let key = random.pick(RefKey.allCases)
      drawn.values += 1
      let value: RefValue = key.isObject ? .object(drawn.values) : .int(1_000 + drawn.values)
      let model = drawn.models == 0 ? nil : random.int(below: drawn.models)
      switch random.int(below: 100) {
      case 0..<9:
        steps.append(.storeSet(key, value, random.pick(RefWriteRoute.allCases)))
      case 9..<12:
        steps.append(.storeAlias(alias(&random)))
      case 12:
        steps.append(.deriveAliased)
      case 13..<15:
        steps.append(random.chance(50) ? .reset : .clearAliases)
      case 15..<27 where nests:
        let scopeAsync = async && random.chance(50)
        let update = updateSteps(&random, &drawn)
        let body = draw(random.int(below: 7), depth: depth + 1, async: scopeAsync, &random, &drawn)
        var returns: Int?
        if random.chance(25) {
          returns = drawn.models
          drawn.models += 1
        }
        steps.append(.scope(update: update, body: body, async: scopeAsync, returns: returns))
      case 27..<32 where nests && model != nil:
        let fromAsync = async && random.chance(50)
        let update = updateSteps(&random, &drawn)
        let body = draw(random.int(below: 5), depth: depth + 1, async: fromAsync, &random, &drawn)
        steps.append(.from(model: model!, update: update, body: body, async: fromAsync))
      case 32..<40:
        steps.append(.makeModel(drawn.models))
        drawn.models += 1
      case 40..<43 where model != nil:
        steps.append(.releaseModel(model!))
      case 43..<62:
        let routes = key.isObject ? GlobalRead.allCases.filter { $0 != .pastDependency } : GlobalRead.allCases
        steps.append(.read(key, random.pick(routes)))
      case 62..<78 where model != nil:
        steps.append(.readModel(model!, key, byKeyType: random.chance(50)))
      case 78..<81:
        steps.append(.readPair(model: random.chance(50) ? model : nil))
      case 81..<84:
        steps.append(.report)
      case 84..<87:
        steps.append(.escape(drawn.escapes))
        drawn.escapes += 1
      case 87..<90 where nests && drawn.escapes > 0:
        let yieldAsync = async && random.chance(50)
        let body = draw(random.int(below: 5), depth: depth + 1, async: yieldAsync, &random, &drawn)
        steps.append(.yield(random.int(below: drawn.escapes), body: body, async: yieldAsync))
      case 90..<95 where nests:
        let body = draw(random.int(below: 5), depth: depth + 1, async: false, &random, &drawn)
        steps.append(.onThread(1 + random.int(below: 2), body: body))
      case 95..<100 where nests && async:
        let body = draw(random.int(below: 5), depth: depth + 1, async: true, &random, &drawn)
        steps.append(.inTask(body: body, detached: random.chance(30)))
      default:
        steps.append(.read(key, .freshKeyPath))
      }
    }
    return steps
  }

  /// An update: reads first, then writes and aliases (a read after them is skipped).
  private static func updateSteps(_ random: inout SeededGenerator, _ drawn: inout Drawn) -> [GlobalStep] {
    var reads: [GlobalStep] = []
    var writes: [GlobalStep] = []
    for _ in 0..<random.int(below: 5) {
      let key = random.pick(RefKey.allCases)
      drawn.values += 1
      switch random.int(below: 10) {
      case 0..<3: reads.append(.updateRead(key))
      case 3..<9:
        let value: RefValue = key.isObject ? .object(drawn.values) : .int(1_000 + drawn.values)
        writes.append(.updateSet(key, value, random.pick(UpdateWrite.allCases)))
      default: writes.append(.updateAlias(alias(&random)))
      }
    }
    return reads + writes
  }

  private static func alias(_ random: inout SeededGenerator) -> AliasPair {
    let keys = random.chance(75) ? RefKey.intKeys : RefKey.objectKeys
    return AliasPair(random.pick(keys), to: random.pick(keys))
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
  /// The store defaults a key path write may have built early (`KnownIssues`).
  private var storeBuiltEarly: Set<RefKey> = []

  /// Whether to tolerate what `KnownIssues` lists, so that programs find other defects.
  private let toleratesKnownIssues: Bool

  init(workers: [WorkerThread], toleratesKnownIssues: Bool = true) {
    self.workers = workers
    self.toleratesKnownIssues = toleratesKnownIssues
  }

  /// Runs `steps` from a reset store; `nil` when every observation agreed with the reference.
  func run(_ steps: [GlobalStep]) async -> String? {
    Dependencies.reset()
    Dependencies.clearAliases()
    // Has the library learn which key each key path reads before the program, so that the first
    // program of a process behaves as every other (`KnownIssues.keyPathResolutionBuildsTheDefault`):
    // in a live process that builds store defaults, which the reset forgets.
    withDependencies {
      $0.alias(\.refA, to: \.refB)
      $0.alias(\.refC, to: \.refD)
      $0.alias(\.refObject1, to: \.refObject2)
      $0.alias(\.refDerived, to: \.refA)
    } operation: {
    }
    Dependencies.reset()
    reference = ScopeReference(context: .current)
    matcher = IdentityMatcher()
    storeBuiltEarly = []
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
      if toleratesKnownIssues, KnownIssues.keyPathWriteBuildsTheDefault, route != .withKeyType {
        storeBuiltEarly.insert(reference.canonicalInStore(key))
        if key == .derived { storeBuiltEarly.insert(reference.canonicalInStore(.a)) }
      }
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
      reference.reset()
      storeBuiltEarly = []
      Dependencies.reset()

    case .clearAliases:
      reference.clearAliases()
      Dependencies.clearAliases()

    case .scope(let update, let body, false, let returns):
      let scope = reference.makeScope(inForce: context.inForce)
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
      models[id] = .dependency(DiffModel(), captured: context.inForce)

    case .releaseModel(let id):
      models[id] = nil

    case .read(let key, let route):
      let captured = route == .subscriptGet ? nil : context.inForce
      let expected = reference.read(key, inForce: context.inForce, captured: captured)
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
      let expected = reference.read(key, inForce: context.inForce, captured: captured)
      return agree(expected, model.read(key, byKeyType: byKeyType), at: step)

    case .readPair(let id):
      var model = DiffModel()
      var captured = context.inForce
      if let id {
        guard case .dependency(let made, let madeIn) = models[id] else { return nil }
        (model, captured) = (made, madeIn)
      }
      let expected = [RefKey.a, .b].map { reference.read($0, inForce: context.inForce, captured: captured) }
      let pair = model.pair
      if [.int(pair.a), .int(pair.b)] != expected {
        return
          "at \"\(step)\": read a = \(pair.a), b = \(pair.b), expected a = \(expected[0]), b = \(expected[1])"
      }

    case .report:
      let expected = reference.report(typeName: "DiffGlobalEnvironment", inForce: context.inForce)
      let actual = DiffGlobalEnvironment().dependencyReport()
      if let difference = expected.disagreement(with: actual, onlyOurKeys: true, builtEarly: storeBuiltEarly)
      {
        return "at \"\(step)\": \(difference)\nThe whole report:\n\(actual)"
      }

    case .escape(let id):
      guard escaped[id] == nil else { return nil }
      withEscapedDependencies { escaped[id] = ($0, context.inForce) }

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
    let scope = reference.makeScope(inForce: context.inForce)
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
    return (model, reference.makeScope(inForce: reference.scope(from: made, inForce: context.inForce)))
  }
}
