import Foundation
import Testing

@testable import DepsCore

private final class Built: Sendable {}

/// Lets the test hold a default's build open until a second thread waits for it.
private let gate = DispatchSemaphore(value: 0)
private let builds = Locked(0)

private enum SlowKey: DependencyKey {
  static var defaultValue: Built {
    builds.withLock { $0 += 1 }
    // Bounded, past the test's 10 s wait for a waiter: a second build (the defect this test
    // catches) finds the gate already used, and must not keep its thread, and the test, waiting.
    _ = gate.wait(timeout: .now() + 15)
    return Built()
  }
  static var testValue: Built { defaultValue }
}

@Suite struct DefaultValuesWaitTests {
  @Test func aThreadNeedingADefaultBeingBuiltWaitsForIt() {
    let defaults = DefaultValues(context: .live)
    let results = Locked<[ObjectIdentifier]>([])
    let group = DispatchGroup()
    for _ in 0..<2 {
      group.enter()
      Thread {
        let box = defaults.value(for: DependencyID(SlowKey.self))
        results.withLock { $0.append(ObjectIdentifier(box)) }
        group.leave()
      }.start()
    }
    // Open the gate once one thread builds and the other waits for it (or after 10 s, when the
    // counts below fail).
    let deadline = ContinuousClock.now + .seconds(10)
    while BuildGraph.state.withLock({ $0.waiting.isEmpty }) && ContinuousClock.now < deadline {
      usleep(100)
    }
    gate.signal()
    #expect(
      group.wait(timeout: .now() + 30) == .success,
      "the two threads did not both get the default within 30 s: a build or a wait for it hangs")
    let seen = results.withLock { $0 }
    #expect(seen.count == 2 && seen[0] == seen[1])
    #expect(builds.withLock { $0 } == 1)
  }
}
