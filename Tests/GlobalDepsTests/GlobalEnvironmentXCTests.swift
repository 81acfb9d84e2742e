import DepsTesting
import GlobalDeps
import XCTest

// GlobalDeps environments under XCTest: reading, overriding and aliasing dependencies, recursive
// environments, and environments pulled back by key path and case path.
//
// Ported from swift-composable-environment's own tests of its process-wide module
// (GlobalEnvironmentTests and ReducerGlobalEnvironmentTests) to this API: the same environments, the same
// assertions. What changed: `import GlobalDeps` and TestStore's `send` is awaited. XCTest runs
// its tests one at a time, so they may write the process-wide store as the originals do.

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

final class GlobalEnvironmentXCTests: XCTestCase {
  override func setUp() {
    super.setUp()
    Dependencies.reset()
    Dependencies.clearAliases()
  }

  override func tearDown() {
    Dependencies.reset()
    Dependencies.clearAliases()
    super.tearDown()
  }

  func testDependency() {
    struct Env: GlobalEnvironment {
      @Dependency(\.portInt) var int
    }
    let env = Env()
    XCTAssertEqual(env.int, 1)
  }

  func testDependencyImplicitAccess() {
    struct Env: GlobalDependenciesAccessing {}
    let env = Env()
    XCTAssertEqual(env[\.portInt], 1)
  }

  func testDependenciesOverride() {
    struct Env: GlobalEnvironment {
      @Dependency(\.portInt) var int
    }
    struct Env2: GlobalEnvironment {
      @Dependency(\.portInt) var int
    }
    let env = Env().with(\.portInt, 2)
    XCTAssertEqual(env.int, 2)
    XCTAssertEqual(Env2().int, 2)
  }

  func testDependencyAliasing() {
    struct Parent: GlobalEnvironment {
      @Dependency(\.portInt) var int
    }
    let parent = Parent()
      .aliasing(\.portInt1, to: \.portInt)
      .aliasing(\.portInt2, to: \.portInt1)
    XCTAssertEqual(parent[\.portInt1], 1)
    XCTAssertEqual(parent.with(\.portInt1, 4).int, 4)
  }

  func testDependencyAliasingViaPropertyWrapper() {
    struct Parent: GlobalEnvironment {
      @Dependency(\.portInt) var int
      @DerivedEnvironment<Child>(aliases: { $0.alias(\.portInt1, to: \.portInt) }) var c1
    }
    struct Child: GlobalEnvironment {
      @Dependency(\.portInt1) var otherInt
    }
    let parent = Parent()
    XCTAssertEqual(parent.c1.otherInt, 1)
    XCTAssertEqual(parent.with(\.portInt, 4).c1.otherInt, 4)
  }

  func testRecursiveEnvironment() {
    struct FirstEnvironment: GlobalEnvironment {
      @DerivedEnvironment<SecondEnvironment>
      var second

      @Dependency(\.portInt1)
      var int1
    }

    struct SecondEnvironment: GlobalEnvironment {
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

final class GlobalEnvironmentReducerXCTests: XCTestCase {
  override func setUp() {
    super.setUp()
    Dependencies.reset()
  }

  override func tearDown() {
    Dependencies.reset()
    super.tearDown()
  }

  @MainActor
  func testPullbackWithKeyPath() async {
    enum Action {
      case action
    }

    struct First: GlobalEnvironment {}
    struct Second: GlobalEnvironment {}
    struct Third: GlobalEnvironment {}

    let thirdReducer = Reducer<Int, Action, Third> {
      state, _, environment in
      state = environment[\.portInt]
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
      environment: First()
        .with(\.portInt, 2)
    )

    await store.send(.action) { $0 = 2 }
  }

  @MainActor
  func testPullbackWithCasePath() async {
    enum State: Equatable {
      case int(Int)
    }
    enum Action {
      case action
    }

    struct First: GlobalEnvironment {}
    struct Second: GlobalEnvironment {}
    struct Third: GlobalEnvironment {}

    let thirdReducer = Reducer<State, Action, Third> {
      state, _, environment in
      state = .int(environment[\.portInt])
      return .none
    }

    let secondReducer = Reducer<State, Action, Second>.combine(
      thirdReducer.pullback(state: /.self, action: /.self)
    )

    let firstReducer = Reducer<State, Action, First>.combine(
      secondReducer.pullback(state: /.self, action: /.self)
    )

    let store = TestStore(
      initialState: .int(0),
      reducer: firstReducer,
      environment: First()
        .with(\.portInt, 2)
    )

    await store.send(.action) { $0 = .int(2) }
  }
}
