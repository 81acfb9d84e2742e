import DepsReducer

/// What a ``TestStore/send(_:assert:fileID:file:line:column:)`` started: the effects of the
/// action and of every action they send.
///
/// ```swift
/// let timer = await store.send(.startTimer)
/// await clock.advance(by: .seconds(3))
/// await store.receive(.tick) { $0.ticks = 1 }
/// await timer.cancel()
/// ```
public struct TestStoreTask: Hashable, Sendable {
  let group: EffectGroup
  let step: String

  /// Cancels the effects and waits until they ended.
  public func cancel() async {
    group.cancel()
    await group.finish()
  }

  /// Waits until the effects ended; fails the test when they still run after `timeout`.
  ///
  /// `timeout` counts as ``TestStore/finish(timeout:fileID:file:line:column:)``'s does.
  public func finish(
    timeout: Duration = .seconds(1),
    fileID: StaticString = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = SourceSite(fileID: fileID, filePath: file, line: line, column: column)
    let timeout = checkedTimeout(timeout, of: "TestStoreTask.finish(timeout:)", at: site)
    guard await !waitForEffects(timeout: timeout, { group.isFinished }) else { return }
    reportTestStoreFailure(TestStoreMessages.taskStillRunning(step: step, timeout: timeout), at: site)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.group === rhs.group }

  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(group)) }
}
