import DepsReducer
import Testing

// The swift-concurrency-extras helpers that TCA 0.40 re-exported.

@Suite(.timeLimit(.minutes(1)))
struct ConcurrencyHelperTests {
  @Test func streamWithContinuationFeedsItsStream() async {
    let (stream, continuation) = AsyncStream<Int>.streamWithContinuation()
    continuation.yield(1)
    continuation.yield(2)
    continuation.finish()
    var received: [Int] = []
    for await element in stream { received.append(element) }
    #expect(received == [1, 2])
  }

  @Test func aBufferingPolicyIsKept() async {
    let (stream, continuation) = AsyncStream.streamWithContinuation(
      Int.self, bufferingPolicy: .bufferingNewest(1))
    continuation.yield(1)
    continuation.yield(2)
    continuation.finish()
    var received: [Int] = []
    for await element in stream { received.append(element) }
    #expect(received == [2])
  }

  @Test func aThrowingStreamWithContinuationFinishesWithTheError() async {
    struct Failure: Error, Equatable {}
    let (stream, continuation) = AsyncThrowingStream<Int, any Error>.streamWithContinuation()
    continuation.yield(1)
    continuation.finish(throwing: Failure())
    var received: [Int] = []
    await #expect(throws: Failure()) {
      for try await element in stream { received.append(element) }
    }
    #expect(received == [1])
  }

  @Test func neverEndsOnlyWhenItsTaskIsCancelled() async {
    let started = AsyncStream<Void>.streamWithContinuation()
    let task = Task {
      var count = 0
      started.continuation.yield()
      for await _ in AsyncStream<Int>.never { count += 1 }
      return (count, Task.isCancelled)
    }
    for await _ in started.stream { break }
    task.cancel()
    let (count, wasCancelled) = await task.value
    #expect(count == 0)
    #expect(wasCancelled)
  }

  @Test func taskNeverThrowsCancellationErrorWhenCancelled() async {
    let started = AsyncStream<Void>.streamWithContinuation()
    let task = Task<Void, any Error> {
      started.continuation.yield()
      try await Task.never()
    }
    for await _ in started.stream { break }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
