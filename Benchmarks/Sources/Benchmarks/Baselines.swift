import BenchmarkSupport
import Synchronization

/// A class with a stored property, read through a reference the optimizer cannot see.
private final class Holder: @unchecked Sendable {
  // @unchecked: only read.
  var value = 1
}

private enum Key0 {}
private enum Key1 {}
private enum Key2 {}
private enum Key3 {}
private enum Key4 {}
private enum Key5 {}
private enum Key6 {}
private enum Key7 {}

/// A dictionary behind a `Synchronization.Mutex`, the simplest thread-safe store.
private final class LockedTable: Sendable {
  let mutex: Mutex<[ObjectIdentifier: Int]>
  init(_ table: [ObjectIdentifier: Int]) { mutex = Mutex(table) }
}

private enum Local {
  @TaskLocal static var value = 1
}

/// What a read could at best cost, measured in the same run.
enum Baselines {
  static let stored = "stored property read"
  static let dictionary = "dictionary lookup"
  static let mutexDictionary = "Mutex-locked dictionary lookup"
  static let taskLocal = "task-local read"

  static var all: [Benchmark] {
    let holder = Holder()
    let keys: [ObjectIdentifier] = [
      ObjectIdentifier(Key0.self), ObjectIdentifier(Key1.self), ObjectIdentifier(Key2.self),
      ObjectIdentifier(Key3.self), ObjectIdentifier(Key4.self), ObjectIdentifier(Key5.self),
      ObjectIdentifier(Key6.self), ObjectIdentifier(Key7.self),
    ]
    var table: [ObjectIdentifier: Int] = [:]
    for (index, key) in keys.enumerated() { table[key] = index }
    let plain = table
    let locked = LockedTable(table)
    let key = keys[5]
    return [
      Benchmark("baseline", stored) { n in
        let holder = opaque(holder)
        for _ in 0..<n { blackHole(holder.value) }
      },
      Benchmark("baseline", dictionary) { n in
        let table = opaque(plain)
        let key = opaque(key)
        for _ in 0..<n { blackHole(table[key]!) }
      },
      Benchmark("baseline", mutexDictionary) { n in
        let locked = opaque(locked)
        let key = opaque(key)
        for _ in 0..<n { blackHole(locked.mutex.withLock { $0[key]! }) }
      },
      Benchmark("baseline", taskLocal) { n in
        for _ in 0..<n { blackHole(Local.value) }
      },
    ]
  }

  /// The locked lookup on two threads: how a lock alone scales.
  static var scaling: ScalingBenchmark {
    var table: [ObjectIdentifier: Int] = [:]
    table[ObjectIdentifier(Key0.self)] = 1
    let locked = LockedTable(table)
    let key = ObjectIdentifier(Key0.self)
    return ScalingBenchmark("Mutex-locked dictionary (reference)") { n, sink in
      let locked = opaque(locked)
      let key = opaque(key)
      for _ in 0..<n { sink(locked.mutex.withLock { $0[key]! }) }
    }
  }
}
