import Dispatch
import Foundation
import GlobalDeps
import Testing

/// Carrying a scope into code that escapes it. Only scoped keys are overridden: runs in parallel.
@Suite struct EscapedDependenciesTests {
  @Test func aDispatchQueueJobLosesTheScopeWithoutYield() async {
    let seen = await withDependencies {
      $0.escaped = "scoped"
    } operation: {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: ScopedModel().escaped) }
      }
    }
    #expect(seen == "store")
  }

  @Test func aDispatchQueueJobKeepsTheScopeWithYield() async {
    let seen = await withDependencies {
      $0.escaped = "scoped"
    } operation: {
      await withCheckedContinuation { continuation in
        withEscapedDependencies { dependencies in
          DispatchQueue.global().async {
            continuation.resume(returning: dependencies.yield { ScopedModel().escaped })
          }
        }
      }
    }
    #expect(seen == "scoped")
  }

  @Test func aDetachedTaskKeepsTheScopeWithAsyncYield() async {
    let task = withDependencies {
      $0.scoped = 11
    } operation: {
      withEscapedDependencies { dependencies in
        Task.detached {
          await dependencies.yield {
            await Task.yield()
            return Dependency(\.scoped).wrappedValue
          }
        }
      }
    }
    #expect(await task.value == 11)
  }

  @Test func aThreadKeepsTheScopeWithYield() async {
    let seen = await withDependencies {
      $0.escaped = "on a thread"
    } operation: {
      await withCheckedContinuation { continuation in
        withEscapedDependencies { dependencies in
          Thread {
            continuation.resume(returning: dependencies.yield { ScopedModel().escaped })
          }.start()
        }
      }
    }
    #expect(seen == "on a thread")
  }

  @Test func aStoredCallbackKeepsTheScopeAfterItEnded() {
    let callback = withDependencies {
      $0.scoped = 4
    } operation: {
      withEscapedDependencies { dependencies in
        { @Sendable in dependencies.yield { Dependency(\.scoped).wrappedValue } }
      }
    }
    #expect(Dependency(\.scoped).wrappedValue == 0)
    #expect(callback() == 4)
  }

  @Test func yieldReplacesTheScopeInForceWhereItIsCalled() {
    let withScope = withDependencies {
      $0.scoped = 1
    } operation: {
      withEscapedDependencies { $0 }
    }
    // Captured outside any scope: yield reads the store.
    let noScope = withEscapedDependencies { $0 }
    withDependencies {
      $0.scoped = 2
      $0.escaped = "around yield"
    } operation: {
      withScope.yield {
        #expect(Dependency(\.scoped).wrappedValue == 1)
        #expect(Dependency(\.escaped).wrappedValue == "store")
      }
      noScope.yield {
        #expect(Dependency(\.scoped).wrappedValue == 0)
      }
      #expect(Dependency(\.scoped).wrappedValue == 2)
    }
  }
}
