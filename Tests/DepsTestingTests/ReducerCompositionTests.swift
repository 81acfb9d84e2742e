import ComposableDeps
import DepsCore
import DepsTestSupport
import DepsTesting
import Foundation
import Testing

// Composed reducers in a TestStore: `forEach` runs an element's reducer for its actions and fails
// on a missing element; `optional()` and `pullback(state: /Enum.case, ...)` run their child only
// while its state is there, and warn otherwise; `pullback` into a struct's or an enum's child.
//
// Ported from The Composable Architecture 0.x (tags 0.39.0–0.47.2): `ForEachReducerTests.swift`,
// `IfLetReducerTests.swift`, `IfCaseLetReducerTests.swift` and `ScopeTests.swift` (ReducerProtocol
// there; `forEach`, `optional()` and `pullback` here). How the ports check TCA's expected failures:
// `failureTexts(_:)`.

private struct Row: Equatable, Identifiable, Sendable {
  var id: Int
  var value: String
}

private struct ElementsState: Equatable {
  var rows: [Row] = []
}

private enum ElementsAction: Equatable, Sendable {
  case buttonTapped
  case row(Int, String)
}

private let rowReducer = Reducer<Row, String, Void> { state, action, _ in
  state.value = action
  return action.isEmpty ? .run { await $0("Empty") } : .none
}

private let elementsReducer = Reducer<ElementsState, ElementsAction, Void>.combine(
  Reducer { _, _, _ in .none },
  rowReducer.forEach(state: \.rows, action: /ElementsAction.row, environment: { $0 })
)

private struct Child1State: Equatable {
  var count = 0
}

private enum Child1Action: Equatable, Sendable {
  case decrementButtonTapped
  case incrementButtonTapped
}

private let child1Reducer = Reducer<Child1State, Child1Action, Void> { state, action, _ in
  switch action {
  case .decrementButtonTapped:
    state.count -= 1
    return state.count < 0 ? .run { await $0(.incrementButtonTapped) } : .none
  case .incrementButtonTapped:
    state.count += 1
    return .none
  }
}

private enum Child2State: Equatable {
  case count(Int)
  case name(String)
}

private enum Child2Action: Equatable, Sendable {
  case count(Int)
  case name(String)
}

private let child2Reducer = Reducer<Child2State, Child2Action, Void>.combine(
  Reducer<Int, Int, Void> { state, action, _ in
    state = action
    return state < 0 ? .run { await $0(0) } : .none
  }
  .pullback(state: /Child2State.count, action: /Child2Action.count, environment: { $0 }),
  Reducer<String, String, Void> { state, action, _ in
    state = action
    return state.isEmpty ? .run { await $0("Empty") } : .none
  }
  .pullback(state: /Child2State.name, action: /Child2Action.name, environment: { $0 })
)

private struct ScopeFeatureState: Equatable {
  var child1 = Child1State()
  var child2 = Child2State.count(0)
}

private enum ScopeFeatureAction: Equatable, Sendable {
  case child1(Child1Action)
  case child2(Child2Action)
}

private let scopeFeatureReducer = Reducer<ScopeFeatureState, ScopeFeatureAction, Void>.combine(
  child1Reducer.pullback(state: \.child1, action: /ScopeFeatureAction.child1, environment: { $0 }),
  child2Reducer.pullback(state: \.child2, action: /ScopeFeatureAction.child2, environment: { $0 })
)

@MainActor
@Suite(.tags(.portedFromTCA), .timeLimit(.minutes(1)))
struct ReducerCompositionTests {
  // ForEachReducerTests.testElementAction (IdentifiedArray there, an array of Identifiable here)
  @Test func forEachElementAction() async {
    let store = TestStore(
      initialState: ElementsState(rows: [
        Row(id: 1, value: "Blob"),
        Row(id: 2, value: "Blob Jr."),
        Row(id: 3, value: "Blob Sr."),
      ]),
      reducer: elementsReducer, environment: ())
    await store.send(.row(1, "Blob Esq.")) { $0.rows[0].value = "Blob Esq." }
    await store.send(.row(2, "")) { $0.rows[1].value = "" }
    await store.receive(.row(2, "Empty")) { $0.rows[1].value = "Empty" }
    await store.finish()
  }

  // ForEachReducerTests.testNonElementAction
  @Test func forEachNonElementAction() async {
    let store = TestStore(initialState: ElementsState(), reducer: elementsReducer, environment: ())
    await store.send(.buttonTapped)
    await store.finish()
  }

  // ForEachReducerTests.testMissingElement; the text is Docs/Diagnostics.md's.
  @Test func forEachMissingElement() async {
    let store = TestStore(
      initialState: ElementsState(),
      reducer: Reducer<Row, String, Void>.empty
        .forEach(state: \.rows, action: /ElementsAction.row, environment: { $0 }),
      environment: ())
    let failures = await failureTexts {
      await store.send(.row(1, "Blob Esq."))
    }
    #expect(failures.count == 1)
    #expect(
      failures.allSatisfy { $0.hasPrefix("An action was sent to an element that is not in the array.") })
    await store.finish()
  }

  // IfLetReducerTests.testNilChild (`ifLet` there, `optional()` here); the text is
  // Docs/Diagnostics.md's.
  @Test func ifLetNilChild() async {
    let store = TestStore(
      initialState: Int?.none, reducer: Reducer<Int, Void, Void>.empty.optional(), environment: ())
    let failures = await failureTexts {
      await store.send(())
    }
    #expect(failures.count == 1)
    #expect(failures.allSatisfy { $0.hasPrefix("An action was sent to optional state that is nil.") })
    await store.finish()
  }

  private struct SomeError: Error, Equatable {}

  // IfCaseLetReducerTests.testChildAction (`ifCaseLet` there, `pullback(state: /Enum.case)` here)
  @Test func ifCaseLetChildAction() async {
    typealias R = Result<Int, SomeError>
    let reducer = Reducer<R, R, Void>.combine(
      Reducer { _, _, _ in .none },
      Reducer<Int, Int, Void> { state, action, _ in
        state = action
        return state < 0 ? .run { await $0(0) } : .none
      }
      .pullback(state: /R.success, action: /R.success, environment: { $0 })
    )
    let store = TestStore(initialState: R.success(0), reducer: reducer, environment: ())
    await store.send(.success(1)) { $0 = .success(1) }
    await store.send(.failure(SomeError()))
    await store.send(.success(-1)) { $0 = .success(-1) }
    await store.receive(.success(0)) { $0 = .success(0) }
    await store.finish()
  }

  // IfCaseLetReducerTests.testNilChild; the text is Docs/Diagnostics.md's.
  @Test func ifCaseLetNilChild() async {
    typealias R = Result<Int, SomeError>
    let store = TestStore(
      initialState: R.failure(SomeError()),
      reducer: Reducer<Int, Int, Void>.empty
        .pullback(state: /R.success, action: /R.success, environment: { $0 }),
      environment: ())
    let failures = await failureTexts {
      await store.send(.success(1))
    }
    #expect(failures.count == 1)
    #expect(
      failures.allSatisfy { $0.hasPrefix("An action was sent to enum state that is in another case.") })
    await store.finish()
  }

  // ScopeTests.testStructChild (`Scope` there, `pullback(state: \.child1, ...)` here)
  @Test func scopeStructChild() async {
    let store = TestStore(
      initialState: ScopeFeatureState(), reducer: scopeFeatureReducer, environment: ())
    await store.send(.child1(.incrementButtonTapped)) { $0.child1.count = 1 }
    await store.send(.child1(.decrementButtonTapped)) { $0.child1.count = 0 }
    await store.send(.child1(.decrementButtonTapped)) { $0.child1.count = -1 }
    await store.receive(.child1(.incrementButtonTapped)) { $0.child1.count = 0 }
    await store.finish()
  }

  // ScopeTests.testEnumChild
  @Test func scopeEnumChild() async {
    let store = TestStore(
      initialState: ScopeFeatureState(), reducer: scopeFeatureReducer, environment: ())
    await store.send(.child2(.count(1))) { $0.child2 = .count(1) }
    await store.send(.child2(.count(-1))) { $0.child2 = .count(-1) }
    await store.receive(.child2(.count(0))) { $0.child2 = .count(0) }
    await store.finish()
  }

  // ScopeTests.testNilChild; the text is Docs/Diagnostics.md's.
  @Test func scopeNilChild() async {
    let store = TestStore(
      initialState: Child2State.count(0),
      reducer: Reducer<String, String, Void>.empty
        .pullback(state: /Child2State.name, action: /Child2Action.name, environment: { $0 }),
      environment: ())
    let failures = await failureTexts {
      await store.send(.name("Blob"))
    }
    #expect(failures.count == 1)
    #expect(
      failures.allSatisfy { $0.hasPrefix("An action was sent to enum state that is in another case.") })
    await store.finish()
  }
}
