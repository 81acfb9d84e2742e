import ComposableDeps
import DepsReference
import DepsTestSupport

// The environments, steps and interpreter of the ComposableDeps differential programs: every read
// route of the module (the `@Dependency` wrapper by key path and by key type, the subscript, the
// dynamic member, a getter of two keys, a key path past its dependency, the dependency report),
// on the test's thread and on two threads of their own, held against `TreeReference`.

/// An environment of the programs: every dependency by every wrapper route, and children of every
/// kind `@Derived` makes.
class DiffEnvironment: ComposableEnvironment, RefEnvironment {
  @Dependency(\.refA) var a
  @Dependency(\.refB) var b
  @Dependency(\.refC) var c
  @Dependency(\.refD) var d
  @Dependency(\.refObject1) var object1
  @Dependency(\.refObject2) var object2
  @Dependency(RefAKey.self) var aByKey
  @Dependency(RefBKey.self) var bByKey
  @Dependency(RefCKey.self) var cByKey
  @Dependency(RefDKey.self) var dByKey
  @Dependency(RefObject1Key.self) var object1ByKey
  @Dependency(RefObject2Key.self) var object2ByKey
  @Dependency(\.refPair) var pair
  @Derived var left: DiffEnvironment
  @Derived var right: DiffEnvironment
  @Derived<DiffEnvironment>(aliases: { $0.alias(\.refD, to: \.refC) }) var aliased
  @Derived var preset = DiffEnvironment().with(\.refB, TreeChild.presetValue)
}

/// A second child type for environment-less pullbacks, beside `DiffEnvironment`: a parent keeps a
/// pulled-back child per child type, and a pullback must be lent the one of its own type. A
/// subclass, so that lending the other type's child passes the `is Child` assert in the lending
/// path and shows as a wrong read rather than a crash.
final class DiffSubEnvironment: DiffEnvironment {}

/// The `Dependencies` key paths that reach past their dependency (`\.refA.description`): run on
/// every read, never cached.
private let descriptionKeyPaths: [RefKey: KeyPath<Dependencies, String> & Sendable] = [
  .a: \.refA.description, .b: \.refB.description, .c: \.refC.description, .d: \.refD.description,
]

/// The `@Dependency(\.key)` properties, by dependency.
private let wrappersByKeyPath: [RefKey: PartialKeyPath<DiffEnvironment> & Sendable] = [
  .a: \.a, .b: \.b, .c: \.c, .d: \.d, .object1: \.object1, .object2: \.object2,
]

/// The `@Dependency(Key.self)` properties, by dependency.
private let wrappersByKeyType: [RefKey: PartialKeyPath<DiffEnvironment> & Sendable] = [
  .a: \.aByKey, .b: \.bByKey, .c: \.cByKey, .d: \.dByKey, .object1: \.object1ByKey, .object2: \.object2ByKey,
]

/// How a program reads a dependency of an environment.
enum TreeRead: String, CaseIterable, Sendable {
  case wrapperKeyPath = "@Dependency(\\.key)"
  case wrapperKeyType = "@Dependency(Key.self)"
  case subscriptGet = "env[\\.key]"
  case dynamicMember = "env.key"
  case pastDependency = "env[dynamicMember: \\.key.description]"
}

/// A child a program derives.
enum TreeChild: String, CaseIterable, Sendable {
  case left, right
  /// `@Derived<DiffEnvironment>(aliases: { $0.alias(\.refD, to: \.refC) })`.
  case aliased
  /// `@Derived var preset = DiffEnvironment().with(\.refB, 77)`.
  case preset
  /// The child an environment-less pullback derives, run through a reducer.
  case pulledBack
  /// The child of type `DiffSubEnvironment` an environment-less pullback derives.
  case pulledBackSub

  /// Whether the child is reached through a reducer's pullback.
  var isPulledBack: Bool { self == .pulledBack || self == .pulledBackSub }

  /// The type name the reference gives the child.
  var typeName: String { self == .pulledBackSub ? "DiffSubEnvironment" : "DiffEnvironment" }

  static let presetValue = 77
  static let presetAlias = AliasPair(.d, to: .c)
}

extension DiffEnvironment {
  /// A root and its `left` child, made in the library and in `reference` alike.
  static func rootAndLeft(in reference: TreeReference) -> (
    root: DiffEnvironment, rootNode: TreeReference.NodeID, left: DiffEnvironment,
    leftNode: TreeReference.NodeID
  ) {
    let root = DiffEnvironment()
    let rootNode = reference.makeRoot(typeName: "DiffEnvironment")
    return (
      root, rootNode, root.left, reference.child(of: rootNode, named: "left", typeName: "DiffEnvironment")
    )
  }

  func read(_ key: RefKey, _ route: TreeRead) -> RefValue {
    switch route {
    case .wrapperKeyPath:
      RefValue(observing: self[keyPath: wrappersByKeyPath[key]!])
    case .wrapperKeyType:
      RefValue(observing: self[keyPath: wrappersByKeyType[key]!])
    case .subscriptGet:
      readBySubscript(key)
    case .dynamicMember:
      if let path = refIntKeyPaths[key] {
        .int(self[dynamicMember: path])
      } else {
        self[dynamicMember: refObjectKeyPaths[key]!].observed
      }
    case .pastDependency:
      .int(Int(self[dynamicMember: descriptionKeyPaths[key]!])!)
    }
  }

  func child(_ kind: TreeChild) -> DiffEnvironment {
    switch kind {
    case .left: left
    case .right: right
    case .aliased: aliased
    case .preset: preset
    case .pulledBack, .pulledBackSub: preconditionFailure("A pulled-back child is reached through a reducer.")
    }
  }
}

/// What a pulled-back child is asked to do: a reducer runs it with the child environment.
struct ChildVisit {
  let body: (DiffEnvironment) -> Any
}

struct VisitParentState {
  var child = VisitChildState()
}

struct VisitChildState {
  var result: Any?
}

enum VisitParentAction {
  case child(ChildVisit)
}

/// A child reducer pulled back without an environment: its environment is the parent's own child
/// of type `Child`.
func visitReducer<Child: DiffEnvironment>(
  _: Child.Type
) -> Reducer<VisitParentState, VisitParentAction, DiffEnvironment> {
  Reducer<VisitChildState, ChildVisit, Child> { state, visit, environment in
    state.result = visit.body(environment)
    return .none
  }
  .pullback(
    state: \VisitParentState.child,
    action: CasePath<VisitParentAction, ChildVisit>(
      embed: { .child($0) },
      extract: { action in
        guard case .child(let visit) = action else { return nil }
        return visit
      }))
}

/// The pullbacks of the two child types, one reducer each.
let visitReducers: [TreeChild: Reducer<VisitParentState, VisitParentAction, DiffEnvironment>] = [
  .pulledBack: visitReducer(DiffEnvironment.self), .pulledBackSub: visitReducer(DiffSubEnvironment.self),
]

/// One step of a ComposableDeps program. Environments are named by handles (`#3`) that steps make
/// and release; a step naming a handle that is gone does nothing.
enum TreeStep: ProgramStep {
  case root(Int)
  case derive(parent: Int, TreeChild, as: Int)
  case set(Int, RefKey, RefValue, RefWriteRoute)
  case alias(Int, AliasPair)
  case read(Int, RefKey, TreeRead, thread: Int)
  case readPair(Int, thread: Int)
  case report(Int)
  case release(Int)

  var description: String {
    switch self {
    case .root(let handle): "#\(handle) = DiffEnvironment()"
    case .derive(let parent, let child, let handle):
      child.isPulledBack
        ? "#\(handle) = the pulled-back \(child.typeName) of #\(parent)" : "#\(handle) = #\(parent).\(child)"
    case .set(let handle, let key, let value, let route):
      "#\(handle): set \(key) = \(value) by \(route.rawValue)"
    case .alias(let handle, let pair): "#\(handle).aliasing(\\.\(pair.alias), to: \\.\(pair.reference))"
    case .read(let handle, let key, let route, let thread):
      "read #\(handle).\(key) by \(route.rawValue)\(onThread(thread))"
    case .readPair(let handle, let thread): "read #\(handle).pair (a and b in one getter)\(onThread(thread))"
    case .report(let handle): "#\(handle).dependencyReport()"
    case .release(let handle): "release #\(handle)"
    }
  }

  private func onThread(_ thread: Int) -> String { thread == 0 ? "" : " on thread \(thread)" }

  /// A program of `20...60` steps over a few trees.
  static func program(_ random: inout SeededGenerator) -> [TreeStep] {
    var steps: [TreeStep] = [.root(0)]
    var live = [0]
    var next = 1
    for index in 0..<(20 + random.int(below: 41)) {
      guard !live.isEmpty else {
        steps.append(.root(next))
        live.append(next)
        next += 1
        continue
      }
      let handle = random.pick(live)
      let key = random.pick(RefKey.treeKeys)
      switch random.int(below: 100) {
      case 0..<5:
        steps.append(.root(next))
        live.append(next)
        next += 1
      case 5..<20:
        steps.append(.derive(parent: handle, random.pick(TreeChild.allCases), as: next))
        live.append(next)
        next += 1
      case 20..<42:
        let value: RefValue = key.isObject ? .object(index) : .int(1_000 + index)
        steps.append(.set(handle, key, value, random.pick(RefWriteRoute.allCases)))
      case 42..<50:
        let keys = random.chance(75) ? RefKey.intKeys : RefKey.objectKeys
        steps.append(.alias(handle, AliasPair(random.pick(keys), to: random.pick(keys))))
      case 50..<88:
        let routes = key.isObject ? TreeRead.allCases.filter { $0 != .pastDependency } : TreeRead.allCases
        steps.append(.read(handle, key, random.pick(routes), thread: random.int(below: 3)))
      case 88..<92:
        steps.append(.readPair(handle, thread: random.int(below: 3)))
      case 92..<95:
        steps.append(.report(handle))
      default:
        steps.append(.release(handle))
        live.removeAll { $0 == handle }
      }
    }
    return steps
  }
}

/// Runs TreeStep programs against ComposableDeps and `TreeReference` side by side.
final class TreeInterpreter {
  private struct Handle {
    /// The environment itself, or, for a pulled-back child, the parent whose pullback reaches it.
    let environment: DiffEnvironment
    /// The pullback that reaches the environment, for a pulled-back child.
    let pulledBack: TreeChild?
    let node: TreeReference.NodeID
  }

  private final class Weak {
    weak var environment: DiffEnvironment?
    init(_ environment: DiffEnvironment) { self.environment = environment }
  }

  private let workers: [WorkerThread]

  init(workers: [WorkerThread]) {
    self.workers = workers
  }

  /// Runs `steps` on fresh trees; `nil` when every observation agreed with the reference.
  func run(_ steps: [TreeStep]) -> String? {
    let reference = TreeReference(context: .current)
    var matcher = IdentityMatcher()
    var handles: [Int: Handle] = [:]
    var seen: [TreeReference.NodeID: Weak] = [:]

    func visit<R: Sendable>(_ handle: Handle, thread: Int, _ body: @escaping @Sendable (DiffEnvironment) -> R)
      -> R?
    {
      let environment = Unchecked(handle.environment)
      let pullback = handle.pulledBack.map { Unchecked(visitReducers[$0]!) }
      let job: @Sendable () -> R = {
        guard let pullback else { return body(environment.value) }
        var state = VisitParentState()
        _ = pullback.value.run(&state, .child(ChildVisit(body: body)), environment.value)
        return state.child.result as! R
      }
      return thread == 0 ? job() : workers[thread - 1].run(job)
    }

    for (index, step) in steps.enumerated() {
      let at = "step \(index + 1) (\(step))"
      switch step {
      case .root(let id):
        guard handles[id] == nil else { continue }
        let environment = DiffEnvironment()
        let node = reference.makeRoot(typeName: "DiffEnvironment")
        handles[id] = Handle(environment: environment, pulledBack: nil, node: node)
        seen[node] = Weak(environment)

      case .derive(let parentID, let kind, let id):
        guard let parent = handles[parentID], parent.pulledBack == nil, handles[id] == nil else { continue }
        let name = kind.rawValue
        if kind.isPulledBack {
          let node = reference.child(of: parent.node, named: name, typeName: kind.typeName)
          handles[id] = Handle(environment: parent.environment, pulledBack: kind, node: node)
          continue
        }
        let aliases = kind == .aliased ? [TreeChild.presetAlias] : []
        let isNew = reference.existingChild(of: parent.node, named: name) == nil
        guard !isNew || reference.canAlias(aliases, belowNode: parent.node) else { continue }
        let node = reference.child(
          of: parent.node, named: name, typeName: "DiffEnvironment", aliases: aliases,
          presets: kind == .preset ? [(.b, .int(TreeChild.presetValue))] : [])
        let child = parent.environment.child(kind)
        if let earlier = seen[node]?.environment, earlier !== child {
          return "\(at): the property returned a new environment on a later access"
        }
        seen[node] = Weak(child)
        handles[id] = Handle(environment: child, pulledBack: nil, node: node)

      case .set(let id, let key, let value, let route):
        guard let handle = handles[id] else { continue }
        reference.set(key, value, on: handle.node)
        _ = visit(handle, thread: 0) { $0.write(key, value, route) }

      case .alias(let id, let pair):
        guard let handle = handles[id], reference.canAlias(pair, on: handle.node) else { continue }
        reference.alias(pair, on: handle.node)
        _ = visit(handle, thread: 0) { $0.alias(pair) }

      case .read(let id, let key, let route, let thread):
        guard let handle = handles[id] else { continue }
        let expected = reference.read(key, at: handle.node)
        guard let actual = visit(handle, thread: thread, { $0.read(key, route) }) else {
          return "\(at): the read did not return within its deadline"
        }
        if !matcher.agrees(expected: expected, actual: actual) {
          return "\(at): read \(actual), expected \(matcher.explain(expected))"
        }

      case .readPair(let id, let thread):
        guard let handle = handles[id] else { continue }
        let expected = [reference.read(.a, at: handle.node), reference.read(.b, at: handle.node)]
        guard
          let actual = visit(
            handle, thread: thread,
            { environment -> [RefPair] in [environment.pair, environment[dynamicMember: \.refPair]] })
        else { return "\(at): the read did not return within its deadline" }
        for pair in actual where [RefValue.int(pair.a), .int(pair.b)] != expected {
          return "\(at): read a = \(pair.a), b = \(pair.b), expected a = \(expected[0]), b = \(expected[1])"
        }

      case .report(let id):
        guard let handle = handles[id] else { continue }
        let expected = reference.report(at: handle.node)
        let actual = visit(handle, thread: 0) { $0.dependencyReport() }!
        if let difference = expected.disagreement(with: actual) {
          return "\(at): \(difference)\nThe whole report:\n\(actual)"
        }

      case .release(let id):
        guard handles.removeValue(forKey: id) != nil else { continue }
        // A tree no handle reaches is freed: no retain cycles, nothing kept by a thread's cache.
        let held = Set(handles.values.map { reference.root(of: $0.node) })
        for (node, weak) in seen where !held.contains(reference.root(of: node)) {
          if let environment = weak.environment {
            return
              "\(at): \(ObjectIdentifier(environment)) (node \(node)) is still alive with no handle to its tree"
          }
        }
      }
    }
    return nil
  }
}
