import ComposableDeps
import DepsTesting
import XCTest

// ComposableDeps environment trees under XCTest: values propagate down and are overridden below,
// `@Derived` children, long chains, changes once primed, aliases, recursive environments, and
// environments pulled back by key path, case path and `forEach`, across both environment kinds.
//
// Ported from swift-composable-environment's own tests of its tree module
// (ComposableEnvironmentTests and ReducerComposableEnvironmentTests) to this API: the same environments, the same
// assertions. What changed: `import ComposableDeps`, TestStore's `send` is awaited, and
// `Dependencies.clearAliases()` in `setUp` is gone (aliases here belong to an environment, so
// there is nothing process-wide to clear; see the migration guide).

private struct PortIntKey: DependencyKey {
  static var defaultValue: Int { 1 }
  static var testValue: Int { defaultValue }
}

private struct PortInt1Key: DependencyKey {
  static var defaultValue: Int { -1 }
  static var testValue: Int { defaultValue }
}

private struct PortInt2Key: DependencyKey {
  static var defaultValue: Int { -10 }
  static var testValue: Int { defaultValue }
}

extension Dependencies {
  fileprivate var portInt: Int {
    get { self[PortIntKey.self] }
    set { self[PortIntKey.self] = newValue }
  }

  fileprivate var portInt1: Int {
    get { self[PortInt1Key.self] }
    set { self[PortInt1Key.self] = newValue }
  }

  fileprivate var portInt2: Int {
    get { self[PortInt2Key.self] }
    set { self[PortInt2Key.self] = newValue }
  }
}

final class ComposableEnvironmentXCTests: XCTestCase {
  func testDependency() {
    class Env: ComposableEnvironment {
      @Dependency(\.portInt) var int
    }
    let env = Env()
    XCTAssertEqual(env.int, 1)
  }

  func testDependencyImplicitAccess() {
    class Env: ComposableEnvironment {}
    let env = Env()
    XCTAssertEqual(env[\.portInt], 1)
  }

  func testDependencyPropagation() {
    class Parent: ComposableEnvironment {
      @Dependency(\.portInt) var int
      @DerivedEnvironment<Child> var child
    }
    class Child: ComposableEnvironment {
      @Dependency(\.portInt) var int
    }
    let parent = Parent()
    XCTAssertEqual(parent.child.int, 1)

    let parentWith2 = Parent().with(\.portInt, 2)
    XCTAssertEqual(parentWith2.int, 2)
    XCTAssertEqual(parentWith2.child.int, 2)
  }

  func testDependencyOverride() {
    class Parent: ComposableEnvironment {
      @Dependency(\.portInt) var int
      @DerivedEnvironment<Child> var child
      @DerivedEnvironment var sibling = Child().with(\.portInt, 3)
    }
    class Child: ComposableEnvironment {
      @Dependency(\.portInt) var int
    }

    let parent = Parent().with(\.portInt, 2)
    XCTAssertEqual(parent.int, 2)
    XCTAssertEqual(parent.child.int, 2)
    XCTAssertEqual(parent.sibling.int, 3)
  }

  func testDerivedWithProperties() {
    class Parent: ComposableEnvironment {
      @Dependency(\.portInt) var int
      @DerivedEnvironment<Child> var child
      @DerivedEnvironment var sibling = Child(otherInt: 5).with(\.portInt, 3)
    }
    final class Child: ComposableEnvironment {
      @Dependency(\.portInt) var int
      var otherInt: Int = 4
      required init() {}
      init(otherInt: Int) {
        self.otherInt = otherInt
      }
    }

    let parent = Parent().with(\.portInt, 2)
    XCTAssertEqual(parent.int, 2)
    XCTAssertEqual(parent.child.int, 2)
    XCTAssertEqual(parent.sibling.int, 3)

    XCTAssertEqual(parent.child.otherInt, 4)
    XCTAssertEqual(parent.sibling.otherInt, 5)
  }

  func testLongChainsPropagation() {
    class Parent: ComposableEnvironment {
      @Dependency(\.portInt) var int
      @DerivedEnvironment<C1> var c1
    }
    final class C1: ComposableEnvironment {
      @DerivedEnvironment<C2> var c2
    }
    final class C2: ComposableEnvironment {
      @DerivedEnvironment<C3> var c3
    }
    final class C3: ComposableEnvironment {
      @DerivedEnvironment<C4> var c4
      @Dependency(\.portInt) var int
    }
    final class C4: ComposableEnvironment {
      @DerivedEnvironment<C5> var c5
    }
    final class C5: ComposableEnvironment {
      @Dependency(\.portInt) var int
    }
    let parent = Parent().with(\.portInt, 4)
    XCTAssertEqual(parent.c1.c2.c3.c4.c5.int, 4)
    XCTAssertEqual(parent.c1.c2.c3.int, 4)
  }

  func testModifyingDependenciesOncePrimed() {
    class Parent: ComposableEnvironment {
      @Dependency(\.portInt) var int
      @DerivedEnvironment<C1> var c1
    }
    final class C1: ComposableEnvironment {
      @DerivedEnvironment<C2> var c2
    }
    final class C2: ComposableEnvironment {
      @DerivedEnvironment<C3> var c3
    }
    final class C3: ComposableEnvironment {
      @DerivedEnvironment<C4> var c4
      @Dependency(\.portInt) var int
    }
    final class C4: ComposableEnvironment {
      @DerivedEnvironment<C5> var c5
    }
    final class C5: ComposableEnvironment {
      @Dependency(\.portInt) var int
    }
    let parent = Parent().with(\.portInt, 4)
    XCTAssertEqual(parent.c1.c2.c3.int, 4)
    XCTAssertEqual(parent.c1.c2.c3.c4.c5.int, 4)
    // At this stage, the chain is completely primed.

    // Update parent with 7
    parent[\.portInt] = 7
    XCTAssertEqual(parent.c1.c2.c3.c4.c5.int, 7)

    // Update c3 with 8
    parent.c1.c2.c3[\.portInt] = 8
    XCTAssertEqual(parent.c1.c2.c3.c4.c5.int, 8)

    // Update parent again with 9
    parent[\.portInt] = 9
    // c5 should keep c3's value
    XCTAssertEqual(parent.c1.c2.c3.int, 8)
    XCTAssertEqual(parent.c1.c2.c3.c4.c5.int, 8)
  }

  func testDependencyAliasing() {
    class Parent: ComposableEnvironment {
      @Dependency(\.portInt) var int
    }
    let parent = Parent()
      .aliasing(\.portInt1, to: \.portInt)
      .aliasing(\.portInt2, to: \.portInt1)
    XCTAssertEqual(parent.int, 1)
    XCTAssertEqual(parent.with(\.portInt2, 4).int, 4)
    XCTAssertEqual(parent.portInt1, 4)
  }

  func testDependencyAliasingViaPropertyWrapper() {
    class Parent: ComposableEnvironment {
      @Dependency(\.portInt) var int
      @DerivedEnvironment<Child>(aliases: { $0.alias(\.portInt1, to: \.portInt) }) var c1
    }
    final class Child: ComposableEnvironment {
      @Dependency(\.portInt1) var otherInt
    }
    let parent = Parent()
    XCTAssertEqual(parent.c1.portInt1, 1)
    XCTAssertEqual(parent.with(\.portInt, 4).c1.portInt1, 4)
  }

  func testRecursiveEnvironment() {
    class FirstEnvironment: ComposableEnvironment {
      @DerivedEnvironment<SecondEnvironment>
      var second

      @Dependency(\.portInt1)
      var int1
    }

    class SecondEnvironment: ComposableEnvironment {
      @DerivedEnvironment<FirstEnvironment>
      var first

      @Dependency(\.portInt2)
      var int2
    }

    let first = FirstEnvironment()
    XCTAssertEqual(first.int1, -1)
    XCTAssertEqual(first.second.first.int1, -1)

    XCTAssertEqual(first.second.int2, -10)
    XCTAssertEqual(first.second.first.second.int2, -10)
  }
}

@MainActor
final class ComposableEnvironmentReducerXCTests: XCTestCase {
  enum Action: Equatable, Sendable {
    case action
  }

  final class First: ComposableEnvironment {}
  final class Second: ComposableEnvironment {}
  final class Third: ComposableEnvironment {}

  func testPullbackWithKeyPath() async {
    let thirdReducer = Reducer<Int, Action, Third> { state, _, environment in
      state = environment.portInt
      return .none
    }
    let secondReducer = Reducer<Int, Action, Second>.combine(
      thirdReducer.pullback(state: \.self, action: /.self)
    )
    let firstReducer = Reducer<Int, Action, First>.combine(
      secondReducer.pullback(state: \.self, action: /.self)
    )
    let store = TestStore(
      initialState: 0,
      reducer: firstReducer,
      environment: First().with(\.portInt, 2)
    )
    await store.send(.action) { $0 = 2 }
  }

  enum CaseState: Equatable, Sendable {
    case int(Int)
  }

  func testPullbackWithCasePath() async {
    let thirdReducer = Reducer<CaseState, Action, Third> { state, _, environment in
      state = .int(environment.portInt)
      return .none
    }
    let secondReducer = Reducer<CaseState, Action, Second>.combine(
      thirdReducer.pullback(state: /.self, action: /.self)
    )
    let firstReducer = Reducer<CaseState, Action, First>.combine(
      secondReducer.pullback(state: /.self, action: /.self)
    )
    let store = TestStore(
      initialState: .int(0),
      reducer: firstReducer,
      environment: First().with(\.portInt, 2)
    )
    await store.send(.action) { $0 = .int(2) }
  }

  func testForEachDictionary() async {
    let thirdReducer = Reducer<[String: Int], Action, Third> { state, _, environment in
      for key in state.keys {
        state[key] = environment.portInt
      }
      return .none
    }
    let secondReducer = Reducer<[String: Int], Action, Second>.combine(
      thirdReducer.pullback(state: \.self, action: /.self)
    )
    let firstReducer = Reducer<[String: Int], Action, First>.combine(
      secondReducer.pullback(state: \.self, action: /.self)
    )
    let store = TestStore(
      initialState: ["A": 0, "B": 3],
      reducer: firstReducer,
      environment: First().with(\.portInt, 2)
    )
    await store.send(.action) { $0 = ["A": 2, "B": 2] }
  }

  final class BridgeThird: ComposableEnvironment {
    @Dependency(\.portInt) var integer
  }
  final class BridgeSecond: ComposableEnvironment {
    @DerivedEnvironment<BridgeThird> var third
  }

  func testComposableAutoComposableComposableBridging() async {
    let thirdReducer = Reducer<Int, Action, BridgeThird> { state, _, environment in
      state = environment.integer
      return .none
    }
    let secondReducer = Reducer<Int, Action, BridgeSecond>.combine(
      thirdReducer.pullback(state: \.self, action: /.self, environment: \.third)
    )
    let firstReducer = Reducer<Int, Action, First>.combine(
      secondReducer.pullback(state: \.self, action: /.self)
    )
    let store = TestStore(
      initialState: 0,
      reducer: firstReducer,
      environment: First().with(\.portInt, 2)
    )
    await store.send(.action) { $0 = 2 }
  }

  final class BridgeFirst: ComposableEnvironment {
    @DerivedEnvironment<Second> var second
  }

  func testAutoComposableComposableAutoComposableBridging() async {
    let thirdReducer = Reducer<Int, Action, Third> { state, _, environment in
      state = environment.portInt
      return .none
    }
    let secondReducer = Reducer<Int, Action, Second>.combine(
      thirdReducer.pullback(state: \.self, action: /.self)
    )
    let firstReducer = Reducer<Int, Action, BridgeFirst>.combine(
      secondReducer.pullback(state: \.self, action: /.self, environment: \.second)
    )
    let store = TestStore(
      initialState: 0,
      reducer: firstReducer,
      environment: BridgeFirst().with(\.portInt, 2)
    )
    await store.send(.action) { $0 = 2 }
  }
}
