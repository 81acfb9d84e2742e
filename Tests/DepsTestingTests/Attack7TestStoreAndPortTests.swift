import ComposableDeps
import DepsTestSupport
import DepsTesting
import Foundation
import Testing

// Outside attack 7, from the CHANGELOG's Unreleased section, Docs/Testing.md ("Strict
// dependencies") and Docs/MigratingFromTCA.md: a strict TestStore whose environment is replaced,
// several times; and the TCA 0.40 port pieces (CasePath.modify, TestStore.scope, unimplemented
// without a placeholder, XCTUnimplemented, Task.never, AsyncStream.never and
// streamWithContinuation, /Enum.case case paths in forEach and in a pullback after optional()).

private enum A7FirstKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = 0
}
private enum A7SecondKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = 0
}
private enum A7ThirdKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = 0
}

extension Dependencies {
  fileprivate var a7first: Int {
    get { self[A7FirstKey.self] }
    set { self[A7FirstKey.self] = newValue }
  }
  fileprivate var a7second: Int {
    get { self[A7SecondKey.self] }
    set { self[A7SecondKey.self] = newValue }
  }
  fileprivate var a7third: Int {
    get { self[A7ThirdKey.self] }
    set { self[A7ThirdKey.self] = newValue }
  }
}

private final class A7Environment: ComposableEnvironment {
  @Dependency(\.a7first) var first
  @Dependency(\.a7second) var second
  @Dependency(\.a7third) var third
}

private enum A7Action: Equatable {
  case readFirst, readSecond, readThird
}

private let a7Reducer = Reducer<Int, A7Action, A7Environment> { state, action, environment in
  switch action {
  case .readFirst: state = environment.first
  case .readSecond: state = environment.second
  case .readThird: state = environment.third
  }
  return .none
}

@MainActor @Suite struct Attack7StrictReplacedEnvironmentTests {
  @Test func threeReplacementsCheckOnlyTheLastEnvironment() async {
    let issues = await recordedIssues {
      let store = TestStore(
        initialState: 0, reducer: a7Reducer, environment: A7Environment().with(\.a7first, 1),
        strictDependencies: true)
      store.environment = A7Environment().with(\.a7second, 2)
      store.environment = A7Environment().with(\.a7third, 3)
      store.environment = A7Environment().with(\.a7second, 4)
      await store.send(.readSecond) { $0 = 4 }
      await store.finish()
    }
    #expect(issues == [])
  }

  @Test func theLastEnvironmentsUnreadOverrideIsReportedOnceAtFinish() async {
    let issues = await recordedIssues {
      let store = TestStore(
        initialState: 0, reducer: a7Reducer, environment: A7Environment().with(\.a7first, 1),
        strictDependencies: true)
      await store.send(.readFirst) { $0 = 1 }
      store.environment = A7Environment().with(\.a7second, 2).with(\.a7third, 3)
      await store.send(.readThird) { $0 = 3 }
      await store.finish()
    }
    #expect(issues == [unreadInTestStoreFailure("A7SecondKey")])
  }

  /// Back to the first environment: its own overrides are checked again, with what was read of it
  /// before and after.
  @Test func replacingBackWithTheFirstEnvironmentChecksItAgain() async {
    let first = A7Environment().with(\.a7first, 1).with(\.a7second, 2)
    let issues = await recordedIssues {
      let store = TestStore(
        initialState: 0, reducer: a7Reducer, environment: first, strictDependencies: true)
      await store.send(.readFirst) { $0 = 1 }
      store.environment = A7Environment().with(\.a7third, 3)
      store.environment = first
      await store.finish()
    }
    #expect(issues == [unreadInTestStoreFailure("A7SecondKey")])
  }

  @Test func aReleasedStoreChecksItsLastEnvironmentToo() async {
    let issues = recordedIssues {
      var store: TestStore<Int, A7Action, A7Environment>? = TestStore(
        initialState: 0, reducer: a7Reducer, environment: A7Environment().with(\.a7first, 1),
        strictDependencies: true)
      store?.environment = A7Environment().with(\.a7third, 3)
      store = nil
    }
    #expect(issues == [unreadInTestStoreFailure("A7ThirdKey")])
  }
}

// MARK: - TCA 0.40 port pieces

private enum A7Game: Equatable {
  case login(String)
  case game(Int)
}

private struct A7VoidClient: Sendable {
  var start: @Sendable () async -> Void
  var stop: @Sendable () -> Void
  var events: @Sendable () -> AsyncStream<Int>
  var throwingEvents: @Sendable (Int) -> AsyncThrowingStream<Int, any Error>
  var load: @Sendable () async throws -> Int
}

private struct A7Row: Equatable, Identifiable {
  let id: Int
  var count = 0
}
private enum A7RowAction: Equatable {
  case tapped
}
private struct A7ListState: Equatable {
  var rows: [A7Row] = []
  var detail: A7Row?
}
private enum A7ListAction: Equatable {
  case row(id: Int, action: A7RowAction)
  case detail(A7RowAction)
}
private final class A7RowEnvironment: ComposableEnvironment {}
private final class A7ListEnvironment: ComposableEnvironment {}

private let a7RowReducer = Reducer<A7Row, A7RowAction, A7RowEnvironment> { state, action, _ in
  state.count += 1
  return .none
}
private let a7ListReducer = Reducer<A7ListState, A7ListAction, A7ListEnvironment>.combine(
  a7RowReducer.forEach(state: \.rows, action: /A7ListAction.row(id:action:)),
  a7RowReducer.optional().pullback(state: \.detail, action: /A7ListAction.detail)
)

@MainActor @Suite struct Attack7PortPieceTests {
  @Test func casePathModifyChangesTheCaseAndNamesAMismatch() throws {
    var root = A7Game.game(1)
    let returned = try (/A7Game.game).modify(&root) { value -> Int in
      value += 41
      return value * 2
    }
    #expect(root == .game(42))
    #expect(returned == 84)
    var other = A7Game.login("blob")
    #expect(throws: (any Error).self) { try (/A7Game.game).modify(&other) { $0 += 1 } }
    do {
      try (/A7Game.game).modify(&other) { $0 += 1 }
    } catch {
      #expect("\(error)" == "CasePath.modify: /A7Game.game does not match A7Game.login(\"blob\")")
    }
    #expect(other == .login("blob"))
  }

  @Test func aScopedTestStoreSendsScopedActionsAndSeesScopedState() async {
    let store = TestStore(
      initialState: A7ListState(rows: [A7Row(id: 1), A7Row(id: 2)]), reducer: a7ListReducer,
      environment: A7ListEnvironment())
    let scoped = store.scope(state: { $0.rows.map(\.count) }, action: { A7ListAction.row(id: 2, action: $0) })
    await scoped.send(.tapped) { $0 = [0, 1] }
    await scoped.send(.tapped) { $0 = [0, 2] }
    #expect(store.state.rows[1].count == 2)
    // A wrong expectation fails through the scoped store.
    let issues = await recordedIssues { await scoped.send(.tapped) { $0 = [9, 9] } }
    #expect(issues.count == 1)
    await store.finish()
  }

  @Test func forEachWithACaseConstructorAndAPullbackAfterOptionalWork() async {
    let store = TestStore(
      initialState: A7ListState(rows: [A7Row(id: 7)], detail: A7Row(id: 9)), reducer: a7ListReducer,
      environment: A7ListEnvironment())
    await store.send(.row(id: 7, action: .tapped)) { $0.rows[0].count = 1 }
    await store.send(.detail(.tapped)) { $0.detail?.count = 1 }
    await store.finish()
  }

  @Test func unimplementedWithoutAPlaceholderBuildsVoidAndStreamEndpoints() async throws {
    let client = A7VoidClient(
      start: unimplemented("A7VoidClient.start"),
      stop: unimplemented("A7VoidClient.stop"),
      events: unimplemented("A7VoidClient.events"),
      throwingEvents: unimplemented("A7VoidClient.throwingEvents"),
      load: unimplemented("A7VoidClient.load"))
    let counts = LockIsolated<[Int]>([])
    let issues = await recordedIssues {
      await client.start()
      client.stop()
      var events = 0
      for await _ in client.events() { events += 1 }
      var throwing = 0
      do { for try await _ in client.throwingEvents(1) { throwing += 1 } } catch { throwing = -1 }
      let loadFailed: Bool
      do {
        _ = try await client.load()
        loadFailed = false
      } catch {
        loadFailed = true
      }
      let result = [events, throwing, loadFailed ? 1 : 0]
      counts.setValue(result)
    }
    #expect(counts.value == [0, 0, 1])
    #expect(issues.count == 5)
    for name in ["start", "stop", "events", "throwingEvents", "load"] {
      #expect(issues.contains { $0.contains("A7VoidClient.\(name)") }, "no failure named \(name)")
    }
  }

  @Test func xctUnimplementedIsUnimplemented() async {
    let client = A7VoidClient(
      start: XCTUnimplemented("X.start"), stop: XCTUnimplemented("X.stop"),
      events: XCTUnimplemented("X.events"), throwingEvents: XCTUnimplemented("X.throwingEvents"),
      load: XCTUnimplemented("X.load"))
    let withPlaceholder: @Sendable () -> Int = XCTUnimplemented("X.count", placeholder: 5)
    let value = LockIsolated(0)
    let issues = recordedIssues {
      client.stop()
      value.setValue(withPlaceholder())
    }
    #expect(value.value == 5)
    #expect(issues.count == 2)
    #expect(issues.first?.contains("X.stop") == true)
    #expect(issues.last?.contains("X.count") == true)
    _ = client
  }

  @Test func taskNeverAndAsyncStreamNeverEndOnlyByCancellation() async throws {
    let never = Task { try await Task.never() }
    let stream = Task { () -> Int in
      var count = 0
      for await _ in AsyncStream<Int>.never { count += 1 }
      return count
    }
    try await Task.sleep(for: .milliseconds(50))
    never.cancel()
    stream.cancel()
    let bounded = await attack7Waited(seconds: 10) {
      do {
        // `never.value` is `Never`: nothing after it in this `do` could run.
        let _: Never = try await never.value
      } catch is CancellationError {
        return "cancelled"
      } catch {
        return "\(error)"
      }
    }
    #expect(bounded == "cancelled")
    let streamed = await attack7Waited(seconds: 10) {
      let count = await stream.value
      return "\(count)"
    }
    #expect(streamed == "0")
  }

  @Test func streamWithContinuationDeliversInOrderAndFinishes() async throws {
    let (stream, continuation) = AsyncStream<Int>.streamWithContinuation()
    for n in 1...100 { continuation.yield(n) }
    continuation.finish()
    var received: [Int] = []
    for await n in stream { received.append(n) }
    #expect(received == Array(1...100))
    let (throwing, throwingContinuation) = AsyncThrowingStream<Int, any Error>.streamWithContinuation(
      bufferingPolicy: .bufferingNewest(2))
    for n in 1...5 { throwingContinuation.yield(n) }
    struct Done: Error {}
    throwingContinuation.finish(throwing: Done())
    var newest: [Int] = []
    do {
      for try await n in throwing { newest.append(n) }
      Issue.record("the stream ended without its error")
    } catch {
      #expect(error is Done)
    }
    #expect(newest == [4, 5])
  }
}

/// Waits for `operation` at most `seconds`; `nil` when it did not end by then.
private func attack7Waited(
  seconds: Int, _ operation: @escaping @Sendable () async -> String
) async -> String? {
  let outcome = LockIsolated<String?>(nil)
  let task = Task {
    let result = await operation()
    outcome.setValue(result)
  }
  let deadline = ContinuousClock.now + .seconds(seconds)
  while ContinuousClock.now < deadline {
    if let result = outcome.value { return result }
    try? await Task.sleep(for: .milliseconds(5))
  }
  task.cancel()
  return nil
}
