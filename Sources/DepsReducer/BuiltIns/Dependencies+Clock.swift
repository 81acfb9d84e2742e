import DepsCore

private enum ContinuousClockKey: DependencyKey {
  static let defaultValue: any Clock<Duration> = ContinuousClock()
  static let testValue: any Clock<Duration> = ContinuousClockTestValue()
}

/// The built-in `\.continuousClock` dependency.
extension Dependencies {
  /// The clock effects wait on: the system's `ContinuousClock` in the app; in tests it fails the
  /// test when used, until the test overrides it with a `TestClock` or an ``ImmediateClock``.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }
}

/// Fails the test when used, then behaves like an ``ImmediateClock`` so that the test goes on.
struct ContinuousClockTestValue: Clock {
  private let base = ImmediateClock()

  var now: ImmediateClock.Instant {
    fail()
    return base.now
  }

  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: ImmediateClock.Instant, tolerance: Duration?) async throws {
    fail()
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  private func fail() {
    BuiltInDependency.fail(
      "\\.continuousClock", type: "any Clock<Duration>", override: "TestClock()",
      fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  }
}
