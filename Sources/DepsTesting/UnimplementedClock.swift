import DepsCore
import DepsReducer

/// A clock that fails the running test when a test sleeps on it or reads its time: for a
/// dependency's test value, or a mock that must not wait.
///
/// After the failure it goes on as an `ImmediateClock` (as swift-clocks' does), so the test runs to
/// its end. The failure names the clock and the member (`Unimplemented: Clock.sleep was called.`)
/// and is reported where the clock was made; `sleep(for:)` reports both `now` and `sleep`.
///
/// ```swift
/// let environment = SearchEnvironment()
///   .with(\.continuousClock, UnimplementedClock(name: "SearchClock"))
/// ```
public struct UnimplementedClock: Clock, Sendable {
  /// A point in the clock's time.
  public typealias Instant = ImmediateClock.Instant

  private let base = ImmediateClock()
  /// The report of a use, made where the clock was: its description names the clock, and each
  /// use adds the member it used.
  private let use: UnimplementedCall

  /// Creates a clock that fails the running test when it is used.
  ///
  /// `name` names the clock in the failure: `Unimplemented: <name>.sleep was called.`
  public init(
    name: String = "Clock",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var use = UnimplementedCall(name, fileID: fileID, filePath: filePath, line: line, column: column)
    use.rule = UnimplementedClock.rule
    use.liveOutcome = "Outside tests it went on as an ImmediateClock."
    self.use = use
  }

  /// The current instant; reading it fails the running test.
  public var now: Instant {
    report("now")
    return base.now
  }

  /// The smallest duration the clock tells apart (reading it reports nothing).
  public var minimumResolution: Duration { base.minimumResolution }

  /// Fails the running test, then moves the clock to `deadline` and returns (throws
  /// `CancellationError` when the task is cancelled).
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    report("sleep")
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  private func report(_ member: String) {
    call(member).report(threw: false)
  }

  /// A test failure in tests, else a runtime warning.
  package func call(_ member: String) -> UnimplementedCall {
    var call = use
    call.description = "\(use.description).\(member)"
    return call
  }

  static let rule = """
    An UnimplementedClock stands for a clock that must not be used: a test that sleeps on it or \
    reads its time must give the code under test a clock. To fix: give the test a TestClock or an \
    ImmediateClock, e.g. env.with(\\.continuousClock, TestClock()) or \
    withDependencies { $0.continuousClock = TestClock() } operation: { ... }.
    """
}
