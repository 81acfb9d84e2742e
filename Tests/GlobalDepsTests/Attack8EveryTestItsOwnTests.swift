// Attack 8: "Every test its own" (Docs/Testing.md, "Every test its own" and "What the scope
// reaches"; Docs/Lifecycle.md section 4; API.md "Every test its own"), written from the docs
// only, as an outsider would.

import DepsTestSupport
import DepsTesting
import Dispatch
import Foundation
import GlobalDeps
import Testing
import XCTest

// MARK: - Values

/// Serial numbers of every stateful value built, so that two tests sharing one instance show.
private let a8NextSerial = LockIsolated(0)
private func a8MakeSerial() -> Int {
  a8NextSerial.withValue {
    $0 += 1; return $0
  }
}

/// Every serial a Swift Testing case claimed as its own: a second claim is a shared value.
private let a8ClaimedSerials = LockIsolated<Set<Int>>([])
private func a8Claim(_ serial: Int) -> Bool {
  a8ClaimedSerials.withValue { $0.insert(serial).inserted }
}

final class A8Counter: Sendable {
  let serial = a8MakeSerial()
  private let count = LockIsolated(0)
  func call() -> Int {
    count.withValue {
      $0 += 1; return $0
    }
  }
  var calls: Int { count.value }
}

private enum A8CounterKey: DependencyKey {
  static var defaultValue: A8Counter { A8Counter() }
  static var testValue: A8Counter { A8Counter() }
}

private enum A8WritableKey: DependencyKey {
  static var defaultValue: A8Counter { A8Counter() }
  static var testValue: A8Counter { A8Counter() }
}

private enum A8NameKey: DependencyKey {
  static let defaultValue = "default"
  static let testValue = "test"
}

private enum A8OtherKey: DependencyKey {
  static let defaultValue = "other-default"
  static let testValue = "other-test"
}

/// A key that declares no test value: reading it in a test fails that test.
private enum A8NoTestValueKey: DependencyKey {
  static var defaultValue: Int { 42 }
}

/// An endpoint that fails the test calling it.
struct A8Client: Sendable {
  var fetch: @Sendable (Int) -> String
}
private enum A8ClientKey: DependencyKey {
  static let defaultValue = A8Client { "live \($0)" }
  static let testValue = A8Client(fetch: unimplemented("A8Client.fetch", placeholder: "unimplemented"))
}

/// A default that reads other dependencies when it is built.
final class A8Holder: Sendable {
  let counter: A8Counter
  let name: String
  let serial = a8MakeSerial()
  init(counter: A8Counter, name: String) {
    self.counter = counter
    self.name = name
  }
  static func make() -> A8Holder {
    @Dependency(\.a8Counter) var counter
    @Dependency(\.a8Name) var name
    return A8Holder(counter: counter, name: name)
  }
}
private enum A8HolderKey: DependencyKey {
  static var defaultValue: A8Holder { A8Holder.make() }
  static var testValue: A8Holder { A8Holder.make() }
}

/// What happened to a probe, kept after the probe is freed.
final class A8Record: Sendable {
  let serial: Int
  let kind: String
  private let state = LockIsolated<(shutdowns: Int, done: Bool, freed: Bool)>((0, false, false))
  init(serial: Int, kind: String) {
    self.serial = serial
    self.kind = kind
  }
  var shutdowns: Int { state.value.shutdowns }
  var done: Bool { state.value.done }
  var freed: Bool { state.value.freed }
  func began() { state.withValue { $0.shutdowns += 1 } }
  func ended() { state.withValue { $0.done = true } }
  func wasFreed() { state.withValue { $0.freed = true } }
}

/// The order probes were shut down in, process-wide.
private let a8ShutdownOrder = LockIsolated<[String]>([])

/// A value the test builds that must be shut down: counts its shutdowns and its release.
final class A8Probe: DependencyShutdown, Sendable {
  let record: A8Record
  let delay: Duration
  let onMainActor: Bool
  var serial: Int { record.serial }
  init(kind: String, delay: Duration = .zero, onMainActor: Bool = false) {
    record = A8Record(serial: a8MakeSerial(), kind: kind)
    self.delay = delay
    self.onMainActor = onMainActor
  }
  deinit { record.wasFreed() }
  func shutdown() async {
    record.began()
    let name = "\(record.kind)#\(record.serial)"
    a8ShutdownOrder.withValue { $0.append(name) }
    if delay > .zero { try? await Task.sleep(for: delay) }
    if onMainActor {
      let record = self.record
      await MainActor.run { record.ended() }
    } else {
      record.ended()
    }
  }
}
private enum A8ProbeKey: DependencyKey {
  static var defaultValue: A8Probe { A8Probe(kind: "probe") }
  static var testValue: A8Probe { A8Probe(kind: "probe") }
}
private enum A8ProbeBKey: DependencyKey {
  static var defaultValue: A8Probe { A8Probe(kind: "probeB") }
  static var testValue: A8Probe { A8Probe(kind: "probeB") }
}
private enum A8SlowProbeKey: DependencyKey {
  static var defaultValue: A8Probe { A8Probe(kind: "slow", delay: .milliseconds(400)) }
  static var testValue: A8Probe { A8Probe(kind: "slow", delay: .milliseconds(400)) }
}
private enum A8MainActorProbeKey: DependencyKey {
  static var defaultValue: A8Probe { A8Probe(kind: "main", onMainActor: true) }
  static var testValue: A8Probe { A8Probe(kind: "main", onMainActor: true) }
}

/// A shutdown longer than the default timeout of 10 seconds.
private enum A8VerySlowProbeKey: DependencyKey {
  static var defaultValue: A8Probe { A8Probe(kind: "verySlow", delay: .seconds(11)) }
  static var testValue: A8Probe { A8Probe(kind: "verySlow", delay: .seconds(11)) }
}

extension Dependencies {
  fileprivate var a8VerySlowProbe: A8Probe { self[A8VerySlowProbeKey.self] }
  fileprivate var a8Counter: A8Counter { self[A8CounterKey.self] }
  fileprivate var a8Writable: A8Counter {
    get { self[A8WritableKey.self] }
    set { self[A8WritableKey.self] = newValue }
  }
  fileprivate var a8Name: String {
    get { self[A8NameKey.self] }
    set { self[A8NameKey.self] = newValue }
  }
  fileprivate var a8Other: String {
    get { self[A8OtherKey.self] }
    set { self[A8OtherKey.self] = newValue }
  }
  fileprivate var a8NoTestValue: Int { self[A8NoTestValueKey.self] }
  fileprivate var a8Client: A8Client {
    get { self[A8ClientKey.self] }
    set { self[A8ClientKey.self] = newValue }
  }
  fileprivate var a8Holder: A8Holder { self[A8HolderKey.self] }
  fileprivate var a8Probe: A8Probe { self[A8ProbeKey.self] }
  fileprivate var a8ProbeB: A8Probe { self[A8ProbeBKey.self] }
  fileprivate var a8SlowProbe: A8Probe { self[A8SlowProbeKey.self] }
  fileprivate var a8MainActorProbe: A8Probe { self[A8MainActorProbeKey.self] }
}

struct A8Model: Sendable {
  @Dependency(\.a8Counter) var counter
  @Dependency(\.a8Name) var name
  @Dependency(\.a8Other) var other
  @Dependency(\.a8Holder) var holder
  @Dependency(\.a8Probe) var probe
  @Dependency(\.a8ProbeB) var probeB
  @Dependency(\.a8SlowProbe) var slowProbe
  @Dependency(\.a8MainActorProbe) var mainActorProbe
  @Dependency(\.a8Writable) var writable
  @Dependency(\.a8NoTestValue) var noTestValue
  @Dependency(\.a8Client) var client
}

struct A8Env: GlobalEnvironment {
  @Dependency(\.a8Writable) var writable
  @Dependency(\.a8Counter) var counter
}

// MARK: - Helpers

/// Runs `body` on a new `Thread` and waits for it.
private func a8OnThread<R: Sendable>(_ body: @escaping @Sendable () -> R) -> R {
  let result = LockIsolated<R?>(nil)
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    result.setValue(body())
    done.signal()
  }
  thread.start()
  done.wait()
  return result.value!
}

private func a8OnThreadAsync<R: Sendable>(_ body: @escaping @Sendable () -> R) async -> R {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}

private func a8OnQueue<R: Sendable>(_ body: @escaping @Sendable () -> R) async -> R {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(returning: body()) }
  }
}

/// Polls `condition` every 10 ms for up to `seconds`.
private func a8Eventually(seconds: Double = 30, _ condition: @Sendable () -> Bool) async -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(10))
  }
  return condition()
}

/// Resident set size in bytes, from /proc/self/statm.
private func a8RSS() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * 4096
}

/// The most a loop may grow the process's RSS: 256 MB, or no bound under a sanitizer, whose
/// quarantine of freed memory and shadow make RSS no measure of what is kept.
private let a8RSSBound: Int = {
  let names: [String] = ["__asan_init", "__tsan_init"]
  let sanitized = names.contains { name in dlsym(nil, name) != nil }
  return sanitized ? .max : 256 << 20
}()

/// The standard check of a case: a fresh counter of its own, one instance throughout it, in
/// child tasks too, while other cases run.
private func a8CheckFreshCounter(pause: Int) async {
  let counter = A8Model().counter
  #expect(a8Claim(counter.serial), "counter #\(counter.serial) was already another test's")
  #expect(counter.call() == 1)
  try? await Task.sleep(for: .milliseconds(pause % 5))
  #expect(await Task { A8Model().counter.call() }.value == 2)
  async let fromAsyncLet = A8Model().counter.call()
  #expect(await fromAsyncLet == 3)
  let serials = await withTaskGroup(of: Int.self) { group in
    for _ in 0..<4 {
      group.addTask {
        let counter = A8Model().counter
        _ = counter.call()
        return counter.serial
      }
    }
    var serials: [Int] = []
    for await serial in group { serials.append(serial) }
    return serials
  }
  #expect(serials == Array(repeating: counter.serial, count: 4))
  await withDiscardingTaskGroup { group in
    group.addTask { _ = A8Model().counter.call() }
  }
  await Task.yield()
  #expect(A8Model().counter.call() == 9)
  #expect(A8Model().counter.serial == counter.serial)
  #expect(counter.calls == 9)
}

// MARK: - Parameterized cases

struct A8Plain: Sendable, CustomStringConvertible {
  let n: Int
  var description: String { "plain" }  // every case prints the same
}

final class A8Ref: Sendable {
  static let shared = A8Ref()
}

enum A8Choice: Sendable {
  case one(Int)
  case two(String, [Int])
}

@Suite struct Attack8ParameterizedCases {
  @Test(arguments: 0..<500) func fiveHundredCasesEachHaveTheirOwnCounter(_ index: Int) async {
    await a8CheckFreshCounter(pause: index)
  }

  @Test(arguments: [7, 7, 7, 7, 7, 7, 7, 7]) func equalArgumentsAreStillCasesOfTheirOwn(_ value: Int) async {
    #expect(value == 7)
    await a8CheckFreshCounter(pause: value)
  }

  @Test(arguments: [A8Plain(n: 1), A8Plain(n: 1), A8Plain(n: 2), A8Plain(n: 3)])
  func nonCodableArgumentsWithOneDescription(_ value: A8Plain) async {
    await a8CheckFreshCounter(pause: value.n)
  }

  @Test(arguments: [A8Ref.shared, A8Ref.shared, A8Ref.shared])
  func oneObjectPassedThreeTimes(_ value: A8Ref) async {
    #expect(value === A8Ref.shared)
    await a8CheckFreshCounter(pause: 1)
  }

  @Test(arguments: [A8Choice.one(1), .one(1), .two("a", [1]), .two("a", [1])])
  func nonCodableEnumArguments(_ value: A8Choice) async {
    await a8CheckFreshCounter(pause: 2)
  }

  @Test(arguments: [nil, nil, 1, 1] as [Int?])
  func optionalArguments(_ value: Int?) async {
    await a8CheckFreshCounter(pause: value ?? 0)
  }

  @Test(arguments: zip([1, 1, 2, 2], ["a", "a", "b", "b"]))
  func zippedArguments(_ number: Int, _ letter: String) async {
    await a8CheckFreshCounter(pause: number)
  }

  @Test(arguments: [1, 1], ["x", "x"])
  func twoCollectionsMakeFourCases(_ number: Int, _ letter: String) async {
    await a8CheckFreshCounter(pause: number)
  }

  @Test(arguments: [(1, "a"), (1, "a"), (2, "b")])
  func tupleArguments(_ pair: (Int, String)) async {
    await a8CheckFreshCounter(pause: pair.0)
  }

  @Test(.serialized, arguments: 0..<20) func serializedCasesEachHaveTheirOwnCounter(_ index: Int) async {
    await a8CheckFreshCounter(pause: index)
  }

  @Test(arguments: 0..<20) func syncCasesEachHaveTheirOwnCounter(_ index: Int) {
    let counter = A8Model().counter
    #expect(a8Claim(counter.serial))
    #expect(counter.call() == 1)
    #expect(A8Model().counter.call() == 2)
  }

  @MainActor @Test(arguments: 0..<20) func mainActorCasesEachHaveTheirOwnCounter(_ index: Int) async {
    await a8CheckFreshCounter(pause: index)
  }
}

// MARK: - Plain tests running in parallel

@Suite struct Attack8ParallelTests {
  @Test func first() async { await a8CheckFreshCounter(pause: 1) }
  @Test func second() async { await a8CheckFreshCounter(pause: 2) }
  @Test func third() async { await a8CheckFreshCounter(pause: 3) }
  @Test func fourth() { #expect(a8Claim(A8Model().counter.serial)); #expect(A8Model().counter.call() == 1) }
  @MainActor @Test func fifth() {
    #expect(a8Claim(A8Model().counter.serial)); #expect(A8Model().counter.call() == 1)
  }

  // Overloads: one base name, different signatures.
  @Test func overloaded() async { await a8CheckFreshCounter(pause: 1) }
  @Test(arguments: [1, 2]) func overloaded(_ value: Int) async { await a8CheckFreshCounter(pause: value) }
  @Test(arguments: [1, 2]) func overloaded(other value: Int) async { await a8CheckFreshCounter(pause: value) }

  // Nested suites whose tests have the same names.
  @Suite struct Inner {
    @Test func same() async { await a8CheckFreshCounter(pause: 1) }
    @Suite struct Deeper {
      @Test func same() async { await a8CheckFreshCounter(pause: 2) }
    }
  }
}

@Suite struct Attack8SameNames {
  @Suite struct Inner {
    @Test func same() async { await a8CheckFreshCounter(pause: 3) }
  }
}

/// A suite's init runs for each of its tests: its reads are the test's.
@Suite struct Attack8SuiteInitReads {
  let serial: Int
  let first: Int
  init() {
    let counter = A8Model().counter
    serial = counter.serial
    first = counter.call()
  }

  @Test func theInitReadIsTheTests() {
    #expect(first == 1)
    #expect(A8Model().counter.serial == serial)
    #expect(A8Model().counter.call() == 2)
  }

  @Test(arguments: 0..<5) func eachCasesInitReadIsItsOwn(_ index: Int) async {
    #expect(first == 1)
    #expect(a8Claim(serial))
    #expect(A8Model().counter.serial == serial)
    #expect(A8Model().counter.call() == 2)
  }
}

// MARK: - Defaults that read other dependencies

@Suite struct Attack8DerivedDefaults {
  @Test(arguments: 0..<30) func aDefaultReadingAnotherReadsTheTestsInstance(_ index: Int) async {
    let holder = A8Model().holder
    let counter = A8Model().counter
    #expect(holder.counter === counter)
    #expect(holder.name == "test")
    #expect(a8Claim(holder.serial))
    #expect(await Task { A8Model().holder.serial }.value == holder.serial)
  }

  @Test(.dependencies { $0.a8Name = "trait" }) func aDefaultBuiltUnderTheTraitReadsIt() {
    #expect(A8Model().holder.name == "trait")
    #expect(A8Model().holder.counter === A8Model().counter)
  }

  @Test func aDefaultFirstReadInASyncScopeReadsItAndIsKeptForTheTest() {
    let name = withDependencies {
      $0.a8Name = "scoped"
    } operation: {
      A8Model().holder.name
    }
    #expect(name == "scoped")
    // Kept for the test: one instance throughout it.
    #expect(A8Model().holder.name == "scoped")
    #expect(A8Model().name == "test")
  }

  @Test func aDefaultFirstReadInAnAsyncOutermostScopeIsForgottenAfterIt() async {
    let inside = await withDependencies {
      $0.a8Name = "scoped"
    } operation: {
      await Task.yield()
      return A8Model().holder
    }
    #expect(inside.name == "scoped")
    let after = A8Model().holder
    #expect(after !== inside)
    #expect(after.name == "test")
  }
}

// MARK: - Effects of a TestStore

struct A8State: Equatable, Sendable {
  var got: [Int] = []
}
enum A8Action: Equatable, Sendable {
  case start
  case got(serial: Int, call: Int, envSerial: Int)
}
let a8Reducer = Reducer<A8State, A8Action, A8Env> { state, action, environment in
  switch action {
  case .start:
    let envCounter = environment.counter
    _ = envCounter.call()
    return .run { send in
      let counter = A8Model().counter  // made in the effect
      await send(.got(serial: counter.serial, call: counter.call(), envSerial: envCounter.serial))
    }
  case let .got(serial, call, envSerial):
    state.got = [serial, call, envSerial]
    return .none
  }
}

@MainActor @Suite struct Attack8TestStoreEffects {
  @Test(arguments: 0..<20) func effectsReadTheTestsCounter(_ index: Int) async {
    let counter = A8Model().counter
    #expect(a8Claim(counter.serial))
    let store = TestStore(initialState: A8State(), reducer: a8Reducer, environment: A8Env())
    await store.send(.start)
    await store.receive(.got(serial: counter.serial, call: 2, envSerial: counter.serial)) {
      $0.got = [counter.serial, 2, counter.serial]
    }
    await store.finish()
    #expect(counter.calls == 2)
  }

  @Test(.dependencies { $0.a8Name = "x" }, arguments: 0..<5)
  func effectsUnderTheTraitReadTheTestsCounter(_ index: Int) async {
    let counter = A8Model().counter
    #expect(a8Claim(counter.serial))
    let store = TestStore(initialState: A8State(), reducer: a8Reducer, environment: A8Env())
    await store.send(.start)
    await store.receive(.got(serial: counter.serial, call: 2, envSerial: counter.serial)) {
      $0.got = [counter.serial, 2, counter.serial]
    }
    await store.finish()
  }
}

// MARK: - Models made elsewhere

/// Made before any test ran, off every test's task.
private let a8EarlyModel: A8Model = a8OnThread { A8Model() }

@Suite struct Attack8ModelsMadeElsewhere {
  @Test(arguments: 0..<3) func aModelMadeBeforeTheTestReadsTheTestsValues(_ index: Int) async {
    let early = a8EarlyModel
    let mine = A8Model().counter
    #expect(a8Claim(mine.serial))
    #expect(early.counter.serial == mine.serial)
    #expect(early.counter.call() == 1)
    #expect(mine.call() == 2)
  }

  @Test(arguments: 0..<3) func aModelMadeOnAThreadDuringTheTestReadsTheTestsValuesOnItsTask(_ index: Int)
    async
  {
    let offTask = await a8OnThreadAsync { A8Model() }
    let mine = A8Model().counter
    #expect(a8Claim(mine.serial))
    #expect(offTask.counter.serial == mine.serial)
  }

  /// Documented: a `@Dependency` made on the test's task keeps the test's values wherever it is
  /// read ("What is the test's", "Off the test's task"); here, read in another test, while the
  /// test that made it runs and after it ended.
  static let handedOn = LockIsolated<(model: A8Model, serial: Int)?>(nil)
  static let readWhileRunning = LockIsolated(false)
  static let makerReturning = LockIsolated(false)

  @Test func makesAModelForAnotherTest() async {
    let model = A8Model()
    #expect(model.counter.call() == 1)
    Self.handedOn.setValue((model, model.counter.serial))
    #expect(await a8Eventually { Self.readWhileRunning.value })
    Self.makerReturning.setValue(true)
  }

  // A model made on test A's task, read in test B, reads A's values (Testing.md: "a @Dependency
  // made on the test's task keeps the test's values wherever it is read"), while A runs and after
  // it ended. (Found intermittent: a capture made before the process's store existed kept no
  // test.)
  @Test func readsAModelMadeInAnotherTest() async {
    let mine = A8Model().counter
    #expect(mine.call() == 1)
    guard await a8Eventually({ Self.handedOn.value != nil }), let handed = Self.handedOn.value else {
      Issue.record("the other test never handed its model on")
      return
    }
    let whileRunning = handed.model.counter.serial
    Self.readWhileRunning.setValue(true)
    #expect(await a8Eventually { Self.makerReturning.value })
    try? await Task.sleep(for: .milliseconds(300))
    let afterItEnded = handed.model.counter.serial
    print(
      "Attack8: model of A (counter #\(handed.serial)) read in B (counter #\(mine.serial)): while A ran #\(whileRunning), after #\(afterItEnded)"
    )
    #expect(whileRunning == handed.serial, "while the maker ran: \(whileRunning); mine: \(mine.serial)")
    #expect(afterItEnded == handed.serial, "after the maker ended: \(afterItEnded); mine: \(mine.serial)")
    #expect(mine.calls == 1)
  }
}

/// The scopes and reads of the loops below: 10,000 and a million in the stress step of `.ci/run`
/// (`DEPS_STRESS_SCALE=1`), a tenth of that beside the other tests and under the sanitizers.
let a8Scopes = StressScale.scaled(10_000)
let a8Reads = StressScale.scaled(1_000_000)

// MARK: - Async outermost scopes

struct A8Error: Error, Equatable {}

@Suite struct Attack8OutermostAsyncScopes {
  @Test func aThrowingOutermostScopeShutsDownAndForgetsWhatItFirstRead() async {
    let before = A8Model().counter
    #expect(before.call() == 1)
    let record = LockIsolated<A8Record?>(nil)
    let counterInside = LockIsolated<Int>(0)
    await #expect(throws: A8Error.self) {
      try await withDependencies {
        $0.a8Name = "scope"
      } operation: {
        let probe = A8Model().probe
        record.setValue(probe.record)
        counterInside.setValue(A8Model().counter.serial)
        _ = A8Model().counter.call()
        await Task.yield()
        throw A8Error()
      }
    }
    let shutDown = record.value!
    #expect(shutDown.shutdowns == 1)
    #expect(shutDown.done)
    // Read before the scope: neither shut down nor forgotten.
    #expect(counterInside.value == before.serial)
    #expect(A8Model().counter.serial == before.serial)
    #expect(A8Model().counter.call() == 3)
    // Forgotten: built anew.
    let again = A8Model().probe
    #expect(again.serial != shutDown.serial)
    #expect(again.record.shutdowns == 0)
  }

  @Test func anInnerAsyncScopeShutsNothingDown() async {
    let record = LockIsolated<A8Record?>(nil)
    await withDependencies { _ in
    } operation: {
      await withDependencies {
        $0.a8Name = "inner"
      } operation: {
        record.setValue(A8Model().probe.record)
        await Task.yield()
      }
      #expect(record.value!.shutdowns == 0)
      #expect(A8Model().probe.serial == record.value!.serial)
    }
    #expect(record.value!.shutdowns == 1)
  }

  @Test func aSyncOutermostScopeShutsNothingDownAndKeepsTheValue() async {
    let probe = withDependencies {
      $0.a8Name = "sync"
    } operation: {
      A8Model().probe
    }
    #expect(probe.record.shutdowns == 0)
    #expect(A8Model().probe === probe)
  }

  @Test func tenThousandShortAsyncScopesEachBuildAndShutDownTheirOwn() async {
    let rssBefore = a8RSS()
    var records: [A8Record] = []
    records.reserveCapacity(a8Scopes)
    for index in 0..<a8Scopes {
      let (call, name, record) = await withDependencies {
        $0.a8Name = "\(index)"
      } operation: {
        await Task.yield()  // without an await inside, Swift picks the sync withDependencies
        let model = A8Model()
        return (model.counter.call(), model.name, model.probe.record)
      }
      if call != 1 || name != "\(index)" {
        Issue.record("scope \(index): call \(call), name \(name)")
        break
      }
      records.append(record)
    }
    #expect(records.count == a8Scopes)
    #expect(records.allSatisfy { $0.shutdowns == 1 && $0.done })
    #expect(Set(records.map(\.serial)).count == records.count)
    // Every probe was shut down and forgotten: freed. The process's RSS, which the other tests
    // running meanwhile move by tens of MB: a leak of what each scope built would pass 256.
    let growth = a8RSS() - rssBefore
    #expect(growth < a8RSSBound, "RSS grew \(growth >> 20) MB over \(a8Scopes) scopes")
  }

  /// Shut down and forgotten by the test ("a read after it builds them anew"): are they freed?
  /// Observed: every one stays alive (until the process ends), so a test that loops over async
  /// scopes grows without bound. Not marked: the docs do not say in so many words that a
  /// forgotten value is freed before the test's end.
  @Test func valuesShutDownAndForgottenByAnAsyncScopeAreFreed() async {
    var records: [A8Record] = []
    for index in 0..<1_000 {
      let record = await withDependencies {
        $0.a8Name = "\(index)"
      } operation: {
        await Task.yield()
        return A8Model().probe.record
      }
      records.append(record)
    }
    let all = records
    #expect(all.allSatisfy { $0.shutdowns == 1 })
    let allFreed = await a8Eventually(seconds: 5) { all.allSatisfy(\.freed) }
    #expect(
      allFreed, "\(all.filter { !$0.freed }.count) of 1,000 probes shut down and forgotten are still alive")
  }

  @Test func tenThousandShortSyncScopesShareTheTestsCounter() async {
    let counter = A8Model().counter
    for index in 0..<a8Scopes {
      let call = withDependencies {
        $0.a8Name = "\(index)"
      } operation: {
        A8Model().counter.call()
      }
      if call != index + 1 {
        Issue.record("sync scope \(index): call \(call)")
        break
      }
    }
    #expect(counter.calls == a8Scopes)
  }

  /// Two outermost async scopes of one test at once: what one first read, the other uses.
  @Test func twoConcurrentOutermostScopesOfOneTest() async {
    let firstDone = LockIsolated(false)
    async let first: A8Record = withDependencies {
      $0.a8Name = "first"
    } operation: {
      let record = A8Model().probe.record
      try? await Task.sleep(for: .milliseconds(20))
      return record
    }
    async let second: (A8Record, Int) = withDependencies {
      $0.a8Name = "second"
    } operation: {
      try? await Task.sleep(for: .milliseconds(5))
      let record = A8Model().probe.record
      _ = await a8Eventually(seconds: 5) { firstDone.value }
      // The first scope has ended: is the value this scope is using shut down under it?
      return (record, record.shutdowns)
    }
    let firstRecord = await first
    firstDone.setValue(true)
    let (secondRecord, shutdownsSeenInside) = await second
    #expect(firstRecord.serial == secondRecord.serial)
    #expect(shutdownsSeenInside == 0, "the value a running scope uses was shut down by another scope's end")
    #expect(secondRecord.shutdowns == 1)
  }
}

// MARK: - The trait

/// What the traited tests built, for the tests that check their end.
private let a8TraitProbe = LockIsolated<A8Record?>(nil)
private let a8NestedTraitProbe = LockIsolated<A8Record?>(nil)
private let a8ThrowingTraitProbe = LockIsolated<A8Record?>(nil)

@Suite struct Attack8TraitEnds {
  @Test(.dependencies { $0.a8Name = "t" }) func buildsAProbeUnderTheTrait() async {
    let probe = A8Model().probe
    #expect(A8Model().name == "t")
    #expect(A8Model().probe === probe)
    a8TraitProbe.setValue(probe.record)
  }

  /// A test that throws out of the trait (a cancellation, so that the run stays green).
  @Test(.dependencies { $0.a8Name = "t" }) func buildsAProbeAndThrows() async throws {
    a8ThrowingTraitProbe.setValue(A8Model().probe.record)
    try Test.cancel("Attack8: a traited test that throws")
  }

  @Test func theTraitsEndShutsDownAndFreesWhatItsTestBuilt() async {
    let found = await a8Eventually { a8TraitProbe.value?.freed == true }
    let record = a8TraitProbe.value
    #expect(found)
    #expect(record?.shutdowns == 1)
    #expect(record?.done == true)
    try? await Task.sleep(for: .milliseconds(200))
    #expect(record?.shutdowns == 1)
  }

  @Test func theTraitsEndShutsDownWhatAThrowingTestBuilt() async {
    let found = await a8Eventually { a8ThrowingTraitProbe.value?.done == true }
    #expect(found)
    #expect(a8ThrowingTraitProbe.value?.shutdowns == 1)
  }

  @Test func theNestedTraitsShutDownOnce() async {
    let found = await a8Eventually { a8NestedTraitProbe.value?.freed == true }
    #expect(found)
    try? await Task.sleep(for: .milliseconds(200))
    #expect(a8NestedTraitProbe.value?.shutdowns == 1)
  }
}

@Suite(.dependencies { $0.a8Name = "suite" }) struct Attack8NestedTraits {
  @Test(.dependencies { $0.a8Other = "test" }) func bothTraitsHold() async {
    #expect(A8Model().name == "suite")
    #expect(A8Model().other == "test")
    let probe = A8Model().probe
    #expect(await Task { A8Model().probe }.value === probe)
    a8NestedTraitProbe.setValue(probe.record)
  }

  @Test(.dependencies { $0.a8Name = "test" }) func theTestsTraitWins() {
    #expect(A8Model().name == "test")
  }

  @Test(arguments: 0..<10) func eachCaseUnderTheSuiteTraitHasItsOwn(_ index: Int) async {
    #expect(A8Model().name == "suite")
    await a8CheckFreshCounter(pause: index)
  }

  @Suite struct Nested {
    @Test func theSuiteTraitReachesNestedSuites() async {
      #expect(A8Model().name == "suite")
      await a8CheckFreshCounter(pause: 1)
    }
  }
}

/// Update closures of a suite's trait and a test's trait and the test body: one instance.
@Suite(.dependencies { _ = $0.a8Counter.call() }) struct Attack8TraitUpdateClosuresShareTheCounter {
  @Test(.dependencies { _ = $0.a8Counter.call() }) func suiteTestAndBody() {
    let counter = A8Model().counter
    #expect(a8Claim(counter.serial))
    #expect(counter.call() == 3)
  }

  @Test(.dependencies { _ = $0.a8Counter.call() }, arguments: 0..<5) func suiteTestAndBodyPerCase(
    _ index: Int
  ) async {
    let counter = A8Model().counter
    #expect(a8Claim(counter.serial))
    #expect(counter.call() == 3)
    #expect(await Task { A8Model().counter.call() }.value == 4)
  }
}

// MARK: - Failures land on the test

@Suite struct Attack8FailuresLandOnTheTest {
  @Test(arguments: 0..<20) func aMissingTestValueFailsEachCaseOnce(_ index: Int) async {
    let issues = LockIsolated(0)
    let read = LockIsolated(0)
    await withKnownIssue {
      try? await Task.sleep(for: .milliseconds(index % 5))
      let value = await Task { A8Model().noTestValue }.value
      read.setValue(value)
    } matching: { issue in
      issues.withValue { $0 += 1 }
      return "\(issue)".contains("A8NoTestValueKey")
    }
    #expect(read.value == 42)
    #expect(issues.value == 1)
    // Once per key and test: a second read reports nothing.
    #expect(A8Model().noTestValue == 42)
  }

  @Test(arguments: 0..<20) func anUnimplementedEndpointFailsTheCaseThatCalledIt(_ index: Int) async {
    let issues = LockIsolated(0)
    await withKnownIssue {
      async let fetched = A8Model().client.fetch(index)
      try? await Task.sleep(for: .milliseconds(index % 3))
      #expect(await fetched == "unimplemented")
    } matching: { issue in
      issues.withValue { $0 += 1 }
      return "\(issue)".contains("A8Client.fetch")
    }
    #expect(issues.value == 1)
  }

  @MainActor @Test func anUnimplementedEndpointInAnUnstructuredTaskFailsThisTest() async {
    let issues = LockIsolated(0)
    await withKnownIssue {
      _ = await Task { A8Model().client.fetch(1) }.value
    } matching: { _ in
      issues.withValue { $0 += 1 }
      return true
    }
    #expect(issues.value == 1)
  }
}

// MARK: - Memory

@Suite(.serialized) struct Attack8MemoryStorms {
  @Test func aMillionReadsInATestKeepOneInstanceAndBoundedMemory() async {
    let counter = A8Model().counter
    let rssBefore = a8RSS()
    var mismatches = 0
    for _ in 0..<a8Reads where A8Model().counter !== counter {
      mismatches += 1
    }
    #expect(mismatches == 0)
    let growth = a8RSS() - rssBefore
    #expect(growth < a8RSSBound, "RSS grew \(growth >> 20) MB over \(a8Reads) reads")
  }
}

// MARK: - Off the test's task and the process-wide store (one at a time: they touch the store)

/// Set when the neighbour of the reset test has read its counter and waits.
private let a8NeighbourReady = LockIsolated(false)
private let a8ResetDone = LockIsolated(false)

/// Writes of the process-wide store: in the store suite, whose tests run one at a time.
extension GlobalStoreTests {
  @Test(arguments: 0..<3) func offTaskReadsSeeTheStoreNotTheTest(_ index: Int) async {
    let mine = A8Model().counter
    #expect(a8Claim(mine.serial))
    let detached = await Task.detached { A8Model().counter.serial }.value
    let thread = await a8OnThreadAsync { A8Model().counter.serial }
    let queue = await a8OnQueue { A8Model().counter.serial }
    #expect(detached != mine.serial)
    #expect(detached == thread)
    #expect(thread == queue)
    #expect(mine.calls == 0)
  }

  @Test func aModelMadeOnTheTestsTaskKeepsTheTestsValuesOnAThread() async {
    let model = A8Model()
    let mine = model.counter
    let thread = await a8OnThreadAsync { model.counter.serial }
    let detached = await Task.detached { model.counter.serial }.value
    #expect(thread == mine.serial)
    #expect(detached == mine.serial)
  }

  @Test func escapedDependenciesCarryTheTestsValuesToAThread() async {
    let mine = A8Model().counter
    let escaped = withEscapedDependencies { $0 }
    let thread = await a8OnThreadAsync { escaped.yield { A8Model().counter.serial } }
    #expect(thread == mine.serial)
  }

  @Test func storeWritesAreProcessWide() async {
    let written = A8Counter()
    A8Env().with(\.a8Writable, written)
    #expect(A8Model().writable === written)
    #expect(await Task.detached { A8Model().writable.serial }.value == written.serial)
    #expect(await a8OnThreadAsync { A8Model().writable.serial } == written.serial)
    #expect(await Task { A8Model().writable.serial }.value == written.serial)
    // A scope's override wins over the store's value, and leaves the store alone.
    let other = A8Counter()
    withDependencies {
      $0.a8Writable = other
    } operation: {
      #expect(A8Model().writable === other)
    }
    #expect(A8Model().writable === written)
    Dependencies.reset()
    #expect(A8Model().writable !== written)
    #expect(await Task.detached { A8Model().writable.serial }.value != written.serial)
  }

  @Test func resetInATestGivesItFreshValuesAndLeavesOtherTestsAlone() async {
    let before = A8Model().counter
    #expect(before.call() == 1)
    let probe = A8Model().probe.record
    let storeBefore = await Task.detached { A8Model().counter.serial }.value
    #expect(await a8Eventually { a8NeighbourReady.value })
    Dependencies.reset()
    a8ResetDone.setValue(true)
    let after = A8Model().counter
    #expect(after !== before)
    #expect(after.call() == 1)
    #expect(await Task { A8Model().counter.serial }.value == after.serial)
    // Reset shuts nothing down.
    #expect(probe.shutdowns == 0)
    let storeAfter = await Task.detached { A8Model().counter.serial }.value
    #expect(storeAfter != storeBefore)
  }
}

@Suite struct Attack8ResetNeighbour {
  @Test func aNeighboursResetLeavesThisTestsValues() async {
    let counter = A8Model().counter
    #expect(counter.call() == 1)
    a8NeighbourReady.setValue(true)
    #expect(await a8Eventually { a8ResetDone.value })
    #expect(A8Model().counter === counter)
    #expect(A8Model().counter.call() == 2)
  }
}

@Suite struct Attack8ShutdownInATest {
  @Test func dependenciesShutdownInATestShutsDownTheTestsValuesOnly() async {
    let probe = A8Model().probe
    let storeProbe = await Task.detached { A8Model().probe }.value
    #expect(storeProbe !== probe)
    await Dependencies.shutdown()
    #expect(probe.record.shutdowns == 1)
    #expect(storeProbe.record.shutdowns == 0)
    // The store keeps its values: a read after shutdown() gets the value shut down.
    #expect(A8Model().probe === probe)
    await Dependencies.shutdown()
    #expect(probe.record.shutdowns == 1)
  }
}

// MARK: - XCTest: each method its own, freed and shut down at its end

/// Whether every record's probe is freed, waiting up to 2 s (the strict check, at once, is
/// Attack8XCFreedAtOnceTests').
private func a8FreedSoon(_ records: [A8Record]) -> Bool {
  let deadline = Date().addingTimeInterval(2)
  while !records.allSatisfy(\.freed) && Date() < deadline { usleep(1_000) }
  return !records.isEmpty && records.allSatisfy(\.freed)
}

/// What each XCTest method built, for the next one (XCTest runs a class's tests in name order).
private let a8XCRecords = LockIsolated<[String: [A8Record]]>([:])
private let a8XCCounters = LockIsolated<[String: Int]>([:])
private let a8XCLeakedRead = LockIsolated<Int?>(nil)
private let a8XCLeakedSerialOfItsTest = LockIsolated<Int?>(nil)

final class Attack8XCTests: XCTestCase {
  private var setUpSerial = 0
  private var setUpCall = 0

  override func setUp() {
    super.setUp()
    let counter = A8Model().counter
    setUpSerial = counter.serial
    setUpCall = counter.call()
  }

  override func tearDown() {
    // tearDown is part of the test: it reads the test's counter.
    XCTAssertEqual(A8Model().counter.serial, setUpSerial, "tearDown read another counter")
    super.tearDown()
  }

  private func checkSetUpIsTheTests(_ name: String) {
    XCTAssertEqual(setUpCall, 1)
    XCTAssertEqual(A8Model().counter.serial, setUpSerial)
    XCTAssertEqual(A8Model().counter.call(), 2)
    let serial = setUpSerial
    let previous = a8XCCounters.withValue { counters -> Int? in
      defer { counters[name] = serial }
      return counters.values.first { $0 == serial }
    }
    XCTAssertNil(previous, "counter #\(setUpSerial) was another test's")
  }

  func test01_buildsProbes() {
    checkSetUpIsTheTests(#function)
    let model = A8Model()
    let records = [model.probe.record, model.probeB.record, model.slowProbe.record]
    XCTAssertEqual(records.map(\.shutdowns), [0, 0, 0])
    a8XCRecords.withValue { $0["01"] = records }
    a8ShutdownOrder.setValue([])
  }

  func test02_theProbesOfTheTestBeforeWereShutDownOnceAndFreed() {
    checkSetUpIsTheTests(#function)
    guard let records = a8XCRecords.value["01"] else { return XCTFail("test01 did not run first") }
    XCTAssertEqual(records.map(\.shutdowns), [1, 1, 1])
    XCTAssertEqual(records.map(\.done), [true, true, true], "a shutdown had not ended by the next test")
    XCTAssertTrue(a8FreedSoon(records), "a value outlived its test by 2 s")
    // Last built first.
    XCTAssertEqual(
      a8ShutdownOrder.value,
      records.reversed().map { "\($0.kind)#\($0.serial)" })
    // This test's values are new.
    XCTAssertFalse(records.map(\.serial).contains(A8Model().probe.serial))
  }

  func test03_buildsAProbeAndSkips() throws {
    checkSetUpIsTheTests(#function)
    a8XCRecords.withValue { $0["03"] = [A8Model().probe.record] }
    throw XCTSkip("a test that throws: its values are still shut down and freed")
  }

  func test04_theThrowingTestsProbeWasShutDownAndFreed() {
    checkSetUpIsTheTests(#function)
    guard let records = a8XCRecords.value["03"] else { return XCTFail("test03 did not run") }
    XCTAssertEqual(records.map(\.shutdowns), [1])
    XCTAssertTrue(a8FreedSoon(records), "a value outlived its test by 2 s")
  }

  func test05_offThreadReadsAreTheRunningTests() async {
    checkSetUpIsTheTests(#function)
    let mine = A8Model().counter.serial
    let thread = await a8OnThreadAsync { A8Model().counter.serial }
    let queue = await a8OnQueue { A8Model().counter.serial }
    let detached = await Task.detached { A8Model().counter.serial }.value
    XCTAssertEqual([thread, queue, detached], [mine, mine, mine])
  }

  func test06_asyncTestChildTasksAndAThrowingOutermostScope() async throws {
    checkSetUpIsTheTests(#function)
    let counter = A8Model().counter
    async let fromAsyncLet = A8Model().counter.call()
    let fromTask = await Task { A8Model().counter.call() }.value
    let fromLet = await fromAsyncLet
    XCTAssertEqual(Set([fromTask, fromLet]), [3, 4])
    let record = LockIsolated<A8Record?>(nil)
    do {
      try await withDependencies {
        $0.a8Name = "x"
      } operation: {
        await Task.yield()
        record.setValue(A8Model().probe.record)
        throw A8Error()
      }
      XCTFail("did not throw")
    } catch {
      XCTAssertEqual(error as? A8Error, A8Error())
    }
    XCTAssertEqual(record.value?.shutdowns, 1)
    XCTAssertNotEqual(A8Model().probe.serial, record.value?.serial)
    XCTAssertEqual(counter.calls, 4)
    a8XCRecords.withValue { $0["06"] = [A8Model().probe.record] }
  }

  func test07_theAsyncTestsValuesWereShutDown() {
    checkSetUpIsTheTests(#function)
    guard let records = a8XCRecords.value["06"] else { return XCTFail("test06 did not run") }
    XCTAssertEqual(records.map(\.shutdowns), [1])
    XCTAssertTrue(a8FreedSoon(records), "a value outlived its test by 2 s")
  }

  func test08_shutdownCalledInATest() async {
    checkSetUpIsTheTests(#function)
    let probe = A8Model().probe
    await Dependencies.shutdown()
    XCTAssertEqual(probe.record.shutdowns, 1)
    a8XCRecords.withValue { $0["08"] = [probe.record] }
  }

  func test09_aValueShutDownInItsTestIsNotShutDownAgainAtItsEnd() {
    checkSetUpIsTheTests(#function)
    guard let records = a8XCRecords.value["08"] else { return XCTFail("test08 did not run") }
    XCTAssertEqual(records.map(\.shutdowns), [1])
    XCTAssertTrue(a8FreedSoon(records), "a value outlived its test by 2 s")
  }

  func test10_leavesATaskRunning() {
    checkSetUpIsTheTests(#function)
    a8XCLeakedSerialOfItsTest.setValue(A8Model().counter.serial)
    Task {
      try? await Task.sleep(for: .milliseconds(300))
      a8XCLeakedRead.setValue(A8Model().counter.serial)
    }
  }

  func test11_aTaskLeftByTheTestBeforeDoesNotReadThisTestsValuesSilently() async {
    checkSetUpIsTheTests(#function)
    let mine = A8Model().counter.serial
    let deadline = Date().addingTimeInterval(10)
    while a8XCLeakedRead.value == nil && Date() < deadline {
      try? await Task.sleep(for: .milliseconds(10))
    }
    // Documented under XCTest: the running test is the process's, so a read from anywhere while
    // this test runs is this test's. Recorded here, not asserted either way beyond no crash.
    XCTAssertNotNil(a8XCLeakedRead.value)
    print(
      "Attack8: a task left by test10 read counter #\(a8XCLeakedRead.value ?? -1); test10's was #\(a8XCLeakedSerialOfItsTest.value ?? -1), test11's is #\(mine)"
    )
  }

  func test12_resetInATestGivesItFreshValues() {
    checkSetUpIsTheTests(#function)
    let before = A8Model().counter
    let probe = A8Model().probe.record
    Dependencies.reset()
    let after = A8Model().counter
    setUpSerial = after.serial  // the test's counter from here on, tearDown included
    XCTAssertFalse(after === before)
    XCTAssertEqual(after.call(), 1)
    XCTAssertEqual(probe.shutdowns, 0)  // reset shuts nothing down
    a8XCRecords.withValue { $0["12"] = [probe, A8Model().probe.record] }
  }

  func test13_afterAReset() {
    checkSetUpIsTheTests(#function)
    guard let records = a8XCRecords.value["12"] else { return XCTFail("test12 did not run") }
    // The probe built before the reset was forgotten by it; the one after, the test's end shuts down.
    XCTAssertEqual(records[1].shutdowns, 1)
    XCTAssertTrue(a8FreedSoon([records[1]]))
    XCTAssertLessThanOrEqual(records[0].shutdowns, 1)
  }

  func test14_aMillionReadsAndTenThousandScopes() async {
    checkSetUpIsTheTests(#function)
    let counter = A8Model().counter
    let rssBefore = a8RSS()
    var mismatches = 0
    for _ in 0..<a8Reads where A8Model().counter !== counter { mismatches += 1 }
    XCTAssertEqual(mismatches, 0)
    var wrong = 0
    var records: [A8Record] = []
    for index in 0..<a8Scopes {
      let (call, record) = await withDependencies {
        $0.a8Name = "\(index)"
      } operation: {
        await Task.yield()
        return (A8Model().counter.call(), A8Model().probe.record)
      }
      // The counter was read before the scopes (setUp: 1, the check: 2): the test's. The probe
      // is each scope's.
      if call != index + 3 || record.shutdowns != 1 { wrong += 1 }
      records.append(record)
    }
    let built = records
    a8XCRecords.withValue { $0["14"] = built }
    XCTAssertEqual(wrong, 0)
    let growth = a8RSS() - rssBefore
    XCTAssertLessThan(growth, a8RSSBound, "RSS grew \(growth >> 20) MB")
  }

  func test16_aValueFirstReadOnAThreadWhileTheTestRunsIsTheTests() async {
    checkSetUpIsTheTests(#function)
    let onThread = await a8OnThreadAsync { A8Model().probe }
    XCTAssertTrue(onThread === A8Model().probe)
    a8XCRecords.withValue { $0["16"] = [onThread.record] }
  }

  func test17_itWasShutDownAndFreedAtTheTestsEnd() {
    checkSetUpIsTheTests(#function)
    guard let records = a8XCRecords.value["16"] else { return XCTFail("test16 did not run") }
    XCTAssertEqual(records.map(\.shutdowns), [1])
    XCTAssertTrue(a8FreedSoon(records), "a value outlived its test by 2 s")
  }

  func test18_anAsyncTestLeavesATaskRunning() async {
    checkSetUpIsTheTests(#function)
    a8XCLeakedSerialOfItsTest.setValue(A8Model().counter.serial)
    a8XCLeakedRead.setValue(nil)
    Task {
      try? await Task.sleep(for: .milliseconds(300))
      a8XCLeakedRead.setValue(A8Model().counter.serial)
    }
  }

  func test19_theTaskLeftByTheAsyncTestBefore() async {
    checkSetUpIsTheTests(#function)
    let mine = A8Model().counter.serial
    let deadline = Date().addingTimeInterval(10)
    while a8XCLeakedRead.value == nil && Date() < deadline {
      try? await Task.sleep(for: .milliseconds(10))
    }
    XCTAssertNotNil(a8XCLeakedRead.value)
    print(
      "Attack8: a task left by async test18 read counter #\(a8XCLeakedRead.value ?? -1); test18's was #\(a8XCLeakedSerialOfItsTest.value ?? -1), test19's is #\(mine)"
    )
  }

  func test15_theTenThousandScopesValuesWereFreed() {
    checkSetUpIsTheTests(#function)
    guard let records = a8XCRecords.value["14"] else { return XCTFail("test14 did not run") }
    XCTAssertEqual(records.count, a8Scopes)
    XCTAssertEqual(records.filter { $0.shutdowns != 1 }.count, 0)
    XCTAssertTrue(
      a8FreedSoon(records),
      "\(records.filter { !$0.freed }.count) probes of test14's scopes outlived it by 2 s")
  }
}

/// Freed when the test ends: at once, by the time the next test starts.
private let a8XCFreedRecords = LockIsolated<[A8Record]>([])
private let a8XCFreedLags = LockIsolated<[String]>([])

final class Attack8XCFreedAtOnceTests: XCTestCase {
  private func build() {
    a8XCFreedRecords.setValue([A8Model().probe.record, A8Model().probeB.record])
  }

  private func check(_ name: String) {
    let records = a8XCFreedRecords.value
    let freedAtOnce = records.map(\.freed)
    let start = Date()
    let freedSoon = a8FreedSoon(records)
    let lag = Date().timeIntervalSince(start)
    // Found (intermittent, about 1 run in 3 under load), fixed: the values of the test before were
    // shut down (exactly once) by the time the next test starts, but not always freed yet;
    // they are freed a little later, off the test. Observed: freedAtOnce [false, false] and a
    // lag of a few ms; expected [true, true] ("shut down ... and freed when the test ends").
    XCTAssertEqual(records.map(\.shutdowns), [1, 1])
    XCTAssertEqual(freedAtOnce, [true, true], "\(name): freed only \(lag) s into the next test")
    XCTAssertTrue(freedSoon)
    a8XCFreedLags.withValue { $0.append("\(name): \(freedAtOnce) lag \(lag)") }
  }

  func test01a() { build() }
  func test01b() { check(#function) }
  func test02a() async { build() }
  func test02b() { check(#function) }
  func test03a() { build() }
  func test03b() { check(#function) }
  func test04a() async { await Task.yield(); build() }
  func test04b() { check(#function) }
  func test05a() { build() }
  func test05b() { check(#function) }
  func test06a() async { build() }
  func test06b() { check(#function) }
  func test07a() { build() }
  func test07b() { check(#function) }
  func test08a() async { build() }
  func test08b() { check(#function) }
  func test09a() { build() }
  func test09b() { check(#function) }
  func test10a() async { build() }
  func test10b() { check(#function) }
  func test11_summary() { print("Attack8: freed lags \(a8XCFreedLags.value)") }
}

/// Async setUp and tearDown are the test's too.
private let a8XCAsyncSetUpSerials = LockIsolated<[Int]>([])

final class Attack8XCAsyncSetUpTests: XCTestCase {
  private var serial = 0

  override func setUp() async throws {
    try await super.setUp()
    serial = await Task { A8Model().counter.serial }.value
    XCTAssertEqual(A8Model().counter.call(), 1)
  }

  override func tearDown() async throws {
    XCTAssertEqual(A8Model().counter.serial, serial)
    try await super.tearDown()
  }

  private func check() async {
    XCTAssertEqual(A8Model().counter.serial, serial)
    let call = await Task { A8Model().counter.call() }.value
    XCTAssertEqual(call, 2)
    let mine = serial
    let fresh = a8XCAsyncSetUpSerials.withValue { serials -> Bool in
      defer { serials.append(mine) }
      return !serials.contains(mine)
    }
    XCTAssertTrue(fresh, "counter #\(mine) was another test's")
  }

  func test1() async { await check() }
  func test2() async { await check() }
  func test3() {
    XCTAssertEqual(A8Model().counter.serial, serial); XCTAssertEqual(A8Model().counter.call(), 2)
  }
}

/// A class that still wraps invokeTest, as the older docs say: the end still shuts down.
private let a8XCInvokeRecord = LockIsolated<A8Record?>(nil)

final class Attack8XCInvokeTestTests: XCTestCase {
  override func invokeTest() {
    withDependencies {
      $0.a8Name = "invoke"
    } operation: {
      super.invokeTest()
    }
  }

  func test1_builds() {
    XCTAssertEqual(A8Model().name, "invoke")
    XCTAssertEqual(A8Model().counter.call(), 1)
    a8XCInvokeRecord.setValue(A8Model().probe.record)
  }

  func test2_checks() {
    XCTAssertEqual(A8Model().name, "invoke")
    XCTAssertEqual(A8Model().counter.call(), 1)
    XCTAssertEqual(a8XCInvokeRecord.value?.shutdowns, 1)
    XCTAssertTrue(a8FreedSoon(a8XCInvokeRecord.value.map { [$0] } ?? []))
  }
}

// MARK: - XCTest ends that crash: run in a child process

/// Set in the child process that runs the classes below; elsewhere they skip.
private let a8ChildVariable = "ATTACK8_XCTEST_CHILD"
private var a8InChild: Bool { ProcessInfo.processInfo.environment[a8ChildVariable] == "1" }
private let a8ChildRecords = LockIsolated<[String: A8Record]>([:])

/// A value whose shutdown hops to the main actor, built by a sync and by an async XCTest test.
final class Attack8XCChildMainActorShutdown: XCTestCase {
  override func setUpWithError() throws {
    try XCTSkipUnless(a8InChild, "runs in the child process of Attack8XCTestEndsInAChildProcess")
  }

  func test1_syncTestBuildsAMainActorProbe() {
    a8ChildRecords.withValue { $0["sync"] = A8Model().mainActorProbe.record }
  }

  func test2_itWasShutDown() {
    let record = a8ChildRecords.value["sync"]
    XCTAssertEqual(record?.shutdowns, 1)
    XCTAssertEqual(record?.done, true)
    XCTAssertEqual(record?.freed, true)
  }

  func test3_asyncTestBuildsAMainActorProbe() async {
    a8ChildRecords.withValue { $0["async"] = A8Model().mainActorProbe.record }
  }

  func test4_itWasShutDown() {
    let record = a8ChildRecords.value["async"]
    XCTAssertEqual(record?.shutdowns, 1)
    XCTAssertEqual(record?.done, true)
    XCTAssertEqual(record?.freed, true)
  }
}

/// A value whose shutdown takes longer than the timeout: the test that built it must fail, with
/// the timeout's text; the process must not crash.
final class Attack8XCChildSlowShutdown: XCTestCase {
  override func setUpWithError() throws {
    try XCTSkipUnless(a8InChild, "runs in the child process of Attack8XCTestEndsInAChildProcess")
  }

  func test1_buildsAProbeThatShutsDownTooSlowly() {
    a8ChildRecords.withValue { $0["verySlow"] = A8Model().a8VerySlowProbeForChild.record }
  }

  func test2_theNextTestRuns() {
    XCTAssertEqual(a8ChildRecords.value["verySlow"]?.shutdowns, 1)
    print("Attack8: test2 of the slow-shutdown child ran")
  }
}

extension A8Model {
  fileprivate var a8VerySlowProbeForChild: A8Probe {
    @Dependency(\.a8VerySlowProbe) var probe
    return probe
  }
}

/// Runs one XCTest class of this bundle in a process of its own.
private func a8RunXCTestChild(_ testClass: String) async throws -> ChildTestRun {
  try #require(
    try await runChildTestProcess(arguments: ["GlobalDepsTests.\(testClass)"], variable: a8ChildVariable),
    "the child XCTest process of \(testClass) did not end within two minutes")
}

@Suite struct Attack8XCTestEndsInAChildProcess {
  // A shutdown() that awaits the main actor runs at an XCTest test's end, exactly once, whether
  // the test's start was seen (a teardown block) or not (the first test: the run loop turns).
  @Test func aShutdownOnTheMainActorAtAnXCTestsEnd() async throws {
    let run = try await a8RunXCTestChild("Attack8XCChildMainActorShutdown")
    #expect(run.signalled == false, "the child crashed:\n\(run.output.suffix(1500))")
    #expect(run.status == 0)
    #expect(run.output.contains("Executed 4 tests, with 0 failures"))
  }

  // A value whose shutdown() takes longer than the timeout, built by an XCTest test, is reported
  // (Lifecycle.md: "reported (a runtime warning, a failure in tests)") and the next test runs.
  @Test func aShutdownLongerThanTheTimeoutAtAnXCTestsEnd() async throws {
    let run = try await a8RunXCTestChild("Attack8XCChildSlowShutdown")
    #expect(run.signalled == false, "the child crashed:\n\(run.output.suffix(1500))")
    #expect(run.output.contains("did not shut down within 10"))
    #expect(run.output.contains("test2 of the slow-shutdown child ran"))
  }
}

/// Reads of the process-wide store, off any test's task: in the store suite, which no other
/// test's `Dependencies.reset()` runs beside.
extension GlobalStoreTests {
  @Test func aMillionReadsOffAnyTestReadTheStoresOneInstance() async {
    let (mismatches, serial) = await a8OnThreadAsync { () -> (Int, Int) in
      let first = A8Model().counter
      var mismatches = 0
      for _ in 0..<a8Reads where A8Model().counter !== first {
        mismatches += 1
      }
      return (mismatches, first.serial)
    }
    #expect(mismatches == 0)
    #expect(serial != A8Model().counter.serial)
  }
}
