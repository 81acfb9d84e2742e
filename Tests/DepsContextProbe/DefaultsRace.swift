import Foundation
import GlobalDeps

// `DepsContextProbe defaults-race ROUNDS`: two threads read defaults that read other defaults with
// no cycle, ROUNDS times, the store reset each round; prints "ok" when every read returned.
// `DefaultsRaceTests` runs it in a process of its own: a false cycle stops the process
// (fatalError), which a test in the test process itself could not survive.
//
// Thread 1 builds A (slow), then reads C; thread 2 builds C, whose default reads A, so it waits for
// thread 1. Once A is built, thread 1 waits for thread 2's C, which no longer waits for anything:
// there is no cycle, though thread 2 may not have run since its wait ended.

private final class SlowA: Sendable {
  init() { usleep(3_000) }
}

private struct ReadsA: Sendable { let a: SlowA }

private enum AKey: DependencyKey {
  static var defaultValue: SlowA { SlowA() }
}

private enum CKey: DependencyKey {
  static var defaultValue: ReadsA { ReadsA(a: AReader().a) }
}

extension Dependencies {
  fileprivate var a: SlowA {
    get { self[AKey.self] }
    set { self[AKey.self] = newValue }
  }
  fileprivate var c: ReadsA {
    get { self[CKey.self] }
    set { self[CKey.self] = newValue }
  }
}

private struct AReader {
  @Dependency(\.a) var a
}

private struct CReader {
  @Dependency(\.c) var c
}

func runDefaultsRace(rounds: Int) {
  for _ in 0..<rounds {
    Dependencies.reset()
    let group = DispatchGroup()
    group.enter()
    Thread {
      _ = AReader().a
      _ = CReader().c
      group.leave()
    }.start()
    group.enter()
    Thread {
      usleep(1_000)
      _ = CReader().c
      group.leave()
    }.start()
    group.wait()
  }
  print("ok")
}
