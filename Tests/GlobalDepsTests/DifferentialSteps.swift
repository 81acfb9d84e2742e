import DepsReference

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
