/// The `AsyncStream` helpers of swift-concurrency-extras that TCA 0.40 re-exported, which features
/// and tests moved over from it still call.
extension AsyncStream {
  /// Makes a stream and the continuation that feeds it, as TCA 0.40 spelled
  /// `AsyncStream.makeStream(of:bufferingPolicy:)`.
  ///
  /// ```swift
  /// let (stream, continuation) = AsyncStream<Int>.streamWithContinuation()
  /// continuation.yield(1)
  /// continuation.finish()
  /// ```
  ///
  /// - Parameters:
  ///   - elementType: The type of the stream's elements.
  ///   - limit: How many elements the stream keeps while nobody reads.
  /// - Returns: The stream, and the continuation that yields to it and finishes it.
  public static func streamWithContinuation(
    _ elementType: Element.Type = Element.self,
    bufferingPolicy limit: Continuation.BufferingPolicy = .unbounded
  ) -> (stream: Self, continuation: Continuation) {
    let (stream, continuation) = makeStream(of: elementType, bufferingPolicy: limit)
    return (stream, continuation)
  }

  /// A stream that yields nothing and never finishes: iterating it ends only when the iterating
  /// task is cancelled.
  ///
  /// ```swift
  /// let endpoint: @Sendable () -> AsyncStream<Int> = { .never }   // a preview that stays idle
  /// ```
  public static var never: Self {
    // The continuation is dropped without finishing, so the stream never ends on its own.
    Self { _ in }
  }
}

/// The `AsyncThrowingStream` helper of swift-concurrency-extras that TCA 0.40 re-exported.
extension AsyncThrowingStream where Failure == any Error {
  /// Makes a throwing stream and the continuation that feeds it, as TCA 0.40 spelled
  /// `AsyncThrowingStream.makeStream(of:throwing:bufferingPolicy:)`.
  ///
  /// ```swift
  /// let (stream, continuation) = AsyncThrowingStream<Int, any Error>.streamWithContinuation()
  /// continuation.finish(throwing: CancellationError())
  /// ```
  ///
  /// - Parameters:
  ///   - elementType: The type of the stream's elements.
  ///   - limit: How many elements the stream keeps while nobody reads.
  /// - Returns: The stream, and the continuation that yields to it and finishes it.
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
  /// Suspends until the current task is cancelled, then throws `CancellationError`.
  ///
  /// For an effect that must stay alive until it is cancelled, such as one that holds a
  /// subscription open:
  ///
  /// ```swift
  /// return .run { _ in
  ///   try await Task.never()
  /// }
  /// .cancellable(id: "subscription")
  /// ```
  public static func never() async throws -> Never {
    for await _ in AsyncStream<Never>.never {}
    // Qualified: inside `Task`, the bare name is the deprecated `Task.CancellationError`.
    throw _Concurrency.CancellationError()
  }
}
