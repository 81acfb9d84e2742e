/// The helpers of swift-concurrency-extras that TCA 0.40 re-exported.
extension AsyncStream {
  /// `AsyncStream.makeStream(of:bufferingPolicy:)`, as TCA 0.40 spelled it.
  public static func streamWithContinuation(
    _ elementType: Element.Type = Element.self,
    bufferingPolicy limit: Continuation.BufferingPolicy = .unbounded
  ) -> (stream: Self, continuation: Continuation) {
    let (stream, continuation) = makeStream(of: elementType, bufferingPolicy: limit)
    return (stream, continuation)
  }

  /// A stream that yields nothing and never finishes: iterating it ends only when the iterating
  /// task is cancelled.
  public static var never: Self {
    Self { _ in }
  }
}

/// The `AsyncThrowingStream` helper of swift-concurrency-extras that TCA 0.40 re-exported.
extension AsyncThrowingStream where Failure == any Error {
  /// `AsyncThrowingStream.makeStream(of:throwing:bufferingPolicy:)`, as TCA 0.40 spelled it.
  public static func streamWithContinuation(
    _ elementType: Element.Type = Element.self,
    bufferingPolicy limit: Continuation.BufferingPolicy = .unbounded
  ) -> (stream: Self, continuation: Continuation) {
    let (stream, continuation) = makeStream(of: elementType, bufferingPolicy: limit)
    return (stream, continuation)
  }
}

/// `Task.never()`, from swift-concurrency-extras, which TCA 0.40 re-exported.
extension Task where Success == Never, Failure == Never {
  /// Suspends until the current task is cancelled, then throws `CancellationError`: for an effect
  /// that stays alive until it is cancelled.
  public static func never() async throws -> Never {
    for await _ in AsyncStream<Never>.never {}
    // Qualified: inside `Task`, the bare name is the deprecated `Task.CancellationError`.
    throw _Concurrency.CancellationError()
  }
}
