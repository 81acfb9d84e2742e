import ComposableDeps
import DepsCore
import DepsTestSupport
import DepsTesting
import Foundation
import Testing

// Each way a TestStore assertion fails the test: a state that did not change or changed otherwise,
// an action received after the store was released or never sent, an effect still running at the
// release, a send before the received actions were asserted, an assert closure that throws.
//
// Ported from The Composable Architecture 0.x's `TestStoreFailureTests.swift` (tags
// 0.39.0–0.47.2). How the ports check TCA's expected failures: `failureTexts(_:)`. The exact texts
// of this library's failures are tested in TestStoreFailureTests.swift.

private enum FirstSecond: Equatable, Sendable { case first, second }

/// `.first` sends `.second`.
private let firstSendsSecond = Reducer<Int, FirstSecond, Void> { _, action, _ in
  switch action {
  case .first: return .send(.second)
  case .second: return .none
  }
}

private struct CountState: Equatable { var count = 0 }

@MainActor
@Suite(.tags(.portedFromTCA), .timeLimit(.minutes(1)))
struct TestStoreAssertionFailureTests {
  // TestStoreFailureTests.testNoStateChangeFailure; the text is API.md's.
  @Test func noStateChangeFailure() async {
    let store = TestStore(initialState: 0, reducer: firstSendsSecond, environment: ())
    let sendFailures = await failureTexts {
      await store.send(.first) { _ = $0 }
    }
    #expect(sendFailures.count == 1)
    #expect(sendFailures.allSatisfy { $0.hasPrefix(noChangeText) })
    let receiveFailures = await failureTexts {
      await store.receive(.second) { _ = $0 }
    }
    #expect(receiveFailures.count == 1)
    #expect(receiveFailures.allSatisfy { $0.hasPrefix(noChangeText) })
    await store.finish()
  }

  // TestStoreFailureTests.testStateChangeFailure
  @Test func stateChangeFailure() async {
    let failures = await failureTexts {
      let store = TestStore(
        initialState: CountState(),
        reducer: Reducer<CountState, Void, Void> { state, _, _ in
          state.count += 1
          return .none
        },
        environment: ())
      await store.send(()) { $0.count = 0 }
      await store.finish()
    }
    // A mismatch, reported before the no-change rule (as in TCA: "A state change does not match
    // expectation").
    #expect(failures.count == 1)
    #expect(failures.allSatisfy { $0.hasPrefix(mismatchText("send(())")) })
  }

  // TestStoreFailureTests.testUnexpectedStateChangeOnSendFailure
  @Test func unexpectedStateChangeOnSendFailure() async {
    let failures = await failureTexts {
      let store = TestStore(
        initialState: CountState(),
        reducer: Reducer<CountState, Void, Void> { state, _, _ in
          state.count += 1
          return .none
        },
        environment: ())
      await store.send(())
      await store.finish()
    }
    #expect(failures.count == 1)
  }

  // TestStoreFailureTests.testUnexpectedStateChangeOnReceiveFailure
  @Test func unexpectedStateChangeOnReceiveFailure() async {
    let store = TestStore(
      initialState: CountState(),
      reducer: Reducer<CountState, FirstSecond, Void> { state, action, _ in
        switch action {
        case .first:
          return .send(.second)
        case .second:
          state.count += 1
          return .none
        }
      },
      environment: ())
    await store.send(.first)
    let failures = await failureTexts {
      await store.receive(.second)
    }
    #expect(failures.count == 1)
    await store.finish()
  }

  // TestStoreFailureTests.testReceivedActionAfterDeinit
  @Test func receivedActionAfterDeinit() async {
    let failures = await failureTexts {
      do {
        let store = TestStore(initialState: 0, reducer: firstSendsSecond, environment: ())
        await store.send(.first)
      }
    }
    #expect(failures.count == 1)
  }

  // TestStoreFailureTests.testEffectInFlightAfterDeinit
  @Test func effectInFlightAfterDeinit() async {
    let failures = await failureTexts {
      do {
        let store = TestStore(
          initialState: 0,
          reducer: Reducer<Int, Void, Void> { _, _, _ in .run { _ in try await neverEnding() } },
          environment: ())
        await store.send(())
      }
    }
    #expect(failures.count == 1)
  }

  // TestStoreFailureTests.testSendActionBeforeReceivingFailure. TCA fails the second send once
  // ("Must handle 1 received action before sending an action: …") and keeps the unreceived
  // `.second`, so both receives that follow pass; so does this library (its text is API.md's).
  @Test func sendActionBeforeReceivingFailure() async {
    let store = TestStore(initialState: 0, reducer: firstSendsSecond, environment: ())
    let failures = await failureTexts {
      await store.send(.first)
      await store.send(.first)
    }
    #expect(failures.count == 1)
    #expect(
      failures.allSatisfy {
        $0.hasPrefix("send(FirstSecond.first) was called while 1 action from effects had not")
      })
    await store.receive(.second)
    await store.receive(.second)
    await store.finish()
  }

  // TestStoreFailureTests.testReceiveNonExistentActionFailure
  @Test func receiveNonExistentActionFailure() async {
    enum Action: Equatable, Sendable { case action }
    let store = TestStore(
      initialState: 0, reducer: Reducer<Int, Action, Void> { _, _, _ in .none }, environment: ())
    let failures = await failureTexts {
      await store.receive(.action)
    }
    #expect(failures.count == 1)
    await store.finish()
  }

  // TestStoreFailureTests.testReceiveUnexpectedActionFailure
  @Test func receiveUnexpectedActionFailure() async {
    let store = TestStore(initialState: 0, reducer: firstSendsSecond, environment: ())
    let failures = await failureTexts {
      await store.send(.first)
      await store.receive(.first)
    }
    #expect(failures.count == 1)
    await store.finish()
  }

  // TestStoreFailureTests.testModifyClosureThrowsErrorFailure
  @Test func modifyClosureThrowsErrorFailure() async {
    struct SomeError: Error {}
    let store = TestStore(
      initialState: 0, reducer: Reducer<Int, Void, Void> { _, _, _ in .none }, environment: ())
    let failures = await failureTexts {
      await store.send(()) { _ in throw SomeError() }
    }
    #expect(failures.count == 1)
    await store.finish()
  }

  // TestStoreFailureTests.testExpectedStateEqualityMustModify; the text is API.md's.
  @Test func expectedStateEqualityMustModify() async {
    let reducer = Reducer<Int, Bool, Void> { _, action, _ in
      action ? .send(false) : .none
    }
    let store = TestStore(initialState: 0, reducer: reducer, environment: ())
    await store.send(true)
    await store.receive(false)
    let sendFailures = await failureTexts {
      await store.send(true) { $0 = 0 }
    }
    #expect(sendFailures.count == 1)
    #expect(sendFailures.allSatisfy { $0.hasPrefix(noChangeText) })
    let receiveFailures = await failureTexts {
      await store.receive(false) { $0 = 0 }
    }
    #expect(receiveFailures.count == 1)
    #expect(receiveFailures.allSatisfy { $0.hasPrefix(noChangeText) })
    await store.finish()
  }
}
