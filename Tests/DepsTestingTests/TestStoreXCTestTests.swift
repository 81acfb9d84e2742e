import DepsReducer
import DepsTesting
import Foundation
import XCTest

/// TestStore failures in XCTest tests go through `XCTFail`.
///
/// swift-corelibs-xctest (Linux) has no `XCTExpectFailure`, so on Linux this case intercepts
/// failures by overriding `recordFailure(withDescription:inFile:atLine:expected:)`, which `XCTFail`
/// calls on the running test case; on Apple platforms it uses `XCTExpectFailure`.
final class TestStoreXCTestTests: XCTestCase {
  private let captured = CapturedFailures()

  #if os(Linux) || os(Windows) || os(Android)
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      if captured.isIntercepting {
        captured.append(description: description, file: filePath, line: lineNumber)
      } else {
        super.recordFailure(
          withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      }
    }
  #endif

  @MainActor func testStateMismatchIsReportedThroughXCTFail() async {
    let store = TestStore(
      initialState: Counter(), reducer: counterReducer, environment: CounterEnvironment())
    #if os(Linux) || os(Windows) || os(Android)
      captured.isIntercepting = true
    #else
      XCTExpectFailure("the expected state is wrong on purpose")
    #endif
    await store.send(.increment, assert: { $0.count = 5 }, file: #filePath, line: 4242)
    #if os(Linux) || os(Windows) || os(Android)
      captured.isIntercepting = false
      let failures = captured.failures
      XCTAssertEqual(failures.count, 1)
      XCTAssertEqual(failures.first?.line, 4242)
      XCTAssertEqual(failures.first?.file, #filePath)
      XCTAssertEqual(
        failures.first?.description,
        // corelibs XCTest puts "failed - " before the message of an XCTFail.
        """
        failed - The state after send(CounterAction.increment) does not match \
        the expected state.

          − expected
          + actual

            ▿ Counter
          −   - count: 5
          +   - count: 1
              - fact: nil

        A TestStore is exhaustive: the assert closure must make every change the reducer made, \
        and only those. To fix: change the assert closure so that the expected state matches the \
        lines marked +.
        """)
    #endif
    await store.finish()
  }

  #if os(Linux) || os(Windows) || os(Android)
    @MainActor func testNewFailureTextsAreReportedThroughXCTFail() async {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer, environment: CounterEnvironment())
      captured.isIntercepting = true
      await store.send(.failing) { $0.count = 0 }
      let never = await store.send(.never)
      await never.finish(timeout: .milliseconds(20))
      await never.cancel()
      await store.send(.factTapped)
      await store.receive(.factLoaded("wrong")) { $0.fact = "0 is a number" }
      captured.isIntercepting = false
      XCTAssertEqual(
        captured.failures.map(\.description),
        [
          """
          failed - Expected state to change, but no change occurred.

          The assert closure of send(CounterAction.failing) left the state as it was. To fix: \
          omit the closure when the action should not change the state, or make the closure set \
          what the action changes.
          """,
          """
          failed - The effects of send(CounterAction.never) were still running after 0.02 \
          seconds.

          TestStoreTask.finish(timeout:) waits for the effects one send started. To fix: send \
          the actions that end them, cancel them with await task.cancel(), or give them more \
          time with finish(timeout:).
          """,
          """
          failed - receive(CounterAction.factLoaded("wrong")) received a different action.

            − CounterAction.factLoaded("wrong")
            + CounterAction.factLoaded("0 is a number")

          A TestStore receives actions in the order the store handled them. To fix: receive \
          CounterAction.factLoaded("0 is a number") first, or expect the action that is actually \
          sent.
          """,
        ])
      await store.finish()
    }
  #endif

  #if os(Linux) || os(Windows) || os(Android)
    @MainActor func testParityFailureTextsAreReportedThroughXCTFail() async {
      let store = TestStore(
        initialState: Counter(), reducer: counterReducer, environment: CounterEnvironment())
      captured.isIntercepting = true
      await store.skipReceivedActions()
      await store.skipInFlightEffects()
      await store.send(.increment) { $0.count = 0 }
      store.exhaustivity = .off
      await store.send(.twice)
      await store.receive(.factLoaded("x"))
      captured.isIntercepting = false
      XCTAssertEqual(
        captured.failures.map(\.description),
        [
          "failed - There were no received actions to skip.",
          "failed - There were no in-flight effects to skip.",
          "failed - " + countMismatch(expected: 0),
          """
          failed - receive(CounterAction.factLoaded("x")) found no matching action, and no \
          effects are running.

            Received, and kept:
              CounterAction.increment
              CounterAction.increment

          With exhaustivity off, receive skips the actions received before the one it expects; \
          when none matches, it skips nothing. To fix: check that an effect sends this action, or \
          receive one of the actions above.
          """,
        ])
      await store.finish()
    }
  #endif

  @MainActor func testPassingFlowRecordsNothing() async {
    let store = TestStore(
      initialState: Counter(), reducer: counterReducer, environment: CounterEnvironment())
    await store.send(.factTapped)
    await store.receive(.factLoaded("0 is a number")) { $0.fact = "0 is a number" }
    await store.finish()
    XCTAssertTrue(captured.failures.isEmpty)
  }
}

/// Failures captured by ``TestStoreXCTestTests``, behind a lock because XCTest may record from any
/// thread.
final class CapturedFailures: @unchecked Sendable {
  // @unchecked: every stored property is read and written only while holding `lock`.
  struct Failure: Equatable {
    var description: String
    var file: String
    var line: Int
  }

  private let lock = NSLock()
  private var intercepting = false
  private var recorded: [Failure] = []

  var isIntercepting: Bool {
    get { lock.withLock { intercepting } }
    set { lock.withLock { intercepting = newValue } }
  }

  var failures: [Failure] { lock.withLock { recorded } }

  func append(description: String, file: String, line: Int) {
    lock.withLock { recorded.append(Failure(description: description, file: file, line: line)) }
  }
}
