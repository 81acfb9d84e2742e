import DepsTestSupport
import Foundation
import GlobalDeps
import Testing

@testable import DepsCore

// A GlobalDeps `@Derived` environment is built once however many threads read it for the first
// time at once: the first thread builds it, the others wait for that build.

private let environmentsBuilt = Locked(0)

private struct SlowEnvironment: GlobalEnvironment {
  init() {
    environmentsBuilt.withLock { $0 += 1 }
    usleep(200)
  }
}

private struct OwnerEnvironment: GlobalEnvironment {
  @Derived var slow: SlowEnvironment
}

@Suite struct DerivedBuiltOnceTests {
  @Test func aDerivedEnvironmentReadOnEightThreadsAtOnceIsBuiltOnce() {
    let threads = ParkedThreads(count: 8)
    defer { threads.stop() }
    let rounds = 100
    environmentsBuilt.withLock { $0 = 0 }
    for _ in 0..<rounds {
      let owner = OwnerEnvironment()
      threads.runOnEach { _ = owner.slow }
    }
    #expect(environmentsBuilt.withLock { $0 } == rounds)
  }
}
