import DepsCore

/// A clock whose sleeps return at once, moving its time forward: for previews, demos and tests
/// that do not care about time.
///
/// ```swift
/// let environment = SearchEnvironment().with(\.continuousClock, ImmediateClock())
/// ```
public struct ImmediateClock: Clock, Sendable {
  /// A point in the clock's time: an offset from when the clock was created.
  public struct Instant: InstantProtocol, Sendable {
    /// How far this instant is from the clock's start.
    public let offset: Duration

    /// Creates the instant `offset` after the clock's start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant `duration` after this one.
    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    /// The duration from this instant to `other`.
    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private let current = Locked(Instant())

  /// Creates a clock at its start.
  public init() {}

  /// The current instant: the start plus every sleep so far.
  public var now: Instant { current.withLock { $0 } }

  /// The smallest duration the clock tells apart.
  public var minimumResolution: Duration { .zero }

  /// Moves the clock to `deadline`, if it is later, and returns at once; throws
  /// `CancellationError` when the task is cancelled. `tolerance` is ignored.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
    await Task.yield()
  }
}
