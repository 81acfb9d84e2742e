/// A value built at most once, by the first thread that asks for it: a key's default in one
/// store, a `@Derived` child, the child of an environment-less pullback.
///
/// The build runs user code with no lock held (it may read other dependencies); a thread that asks
/// meanwhile waits for it, so user code runs once. A build that needs itself, directly or through
/// builds on other threads, stops the process naming the cycle (``BuildGraph``) instead of hanging.
package final class BuildOnce<Value>: @unchecked Sendable {
  // @unchecked: `state` is only reached under `lock`, and a built value is never changed.
  private enum State {
    case empty
    /// A thread runs the build (``BuildGraph`` knows which).
    case building
    case built(Value)
  }

  private enum Next {
    case done(Value)
    case build
    case wait
  }

  // Inline, not a `Locked`: one allocation fewer per @Derived property of every environment.
  private let lock = PlatformLock()
  @exclusivity(unchecked) private var state = State.empty
  /// What this builds, to name it in a cycle's message.
  package let name: BuildName

  package init(name: BuildName) { self.name = name }

  var builtValue: Value? {
    withState { state in
      if case .built(let value) = state { return value }
      return nil
    }
  }

  private func withState<R>(_ body: (inout State) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }

  /// `build` may run user code, and is called at most once per instance.
  package func value(build: () -> Value) -> Value {
    // The thread's number only where it builds or waits: a read of a built value takes only the lock.
    var waitingThread: ThreadID?
    defer { if let waitingThread { BuildGraph.stopWaiting(thread: waitingThread) } }
    while true {
      let next = withState { state -> Next in
        switch state {
        case .built(let value): return .done(value)
        case .empty:
          state = .building
          return .build
        case .building: return .wait
        }
      }
      switch next {
      case .done(let value):
        return value
      case .build:
        let thread = waitingThread ?? ThreadID.current
        BuildGraph.begin(self, thread: thread)
        let value = build()
        withState { $0 = .built(value) }
        // Ended once the value is visible: a thread that finds no builder finds the value.
        BuildGraph.end(self, thread: thread)
        BuildGraph.buildEnded.signalAll()
        return value
      case .wait:
        let thread = waitingThread ?? ThreadID.current
        if let message = BuildGraph.cycleMessage(waitingFor: self, thread: thread) {
          fatalError(message)
        }
        waitingThread = thread
        // The builder runs user code; sleep until a build ends, then look again.
        BuildGraph.buildEnded.wait { builtValue != nil }
      }
    }
  }
}

/// What a ``BuildOnce`` builds, as a cycle's message names it.
package struct BuildName: @unchecked Sendable, CustomStringConvertible {
  // @unchecked: metatypes are immutable, process-wide values.
  private enum Kind {
    case defaultValue(DependencyID)
    case environment(any Any.Type)
  }

  private let kind: Kind

  static func defaultValue(_ id: DependencyID) -> Self { Self(kind: .defaultValue(id)) }

  /// An environment of type `type`, created for a `@Derived` property or a pullback.
  package static func environment(_ type: any Any.Type) -> Self { Self(kind: .environment(type)) }

  package var description: String {
    switch kind {
    case .defaultValue(let id): id.description
    case .environment(let type): String(describing: type)
    }
  }

  func cycleMessage(path: String) -> String {
    switch kind {
    case .defaultValue(let id):
      """
      Deps: the default value of \(id) reads itself (\(path)).

      A default value may read other dependencies, but not one whose default is still being built. \
      To fix: break the cycle, for instance by reading the dependency lazily inside an endpoint \
      instead of in defaultValue / testValue.
      """
    case .environment(let type):
      """
      Deps: creating \(type) needs itself (\(path)).

      An environment's init, and the defaults it reads, may not read the environment being \
      created. To fix: break the cycle, for instance by reading the dependency lazily inside an \
      endpoint instead of in init.
      """
    }
  }
}

/// Which thread runs which build and which build each waiting thread waits for, to tell a wait
/// that would never end. A thread waits for a build, not a thread: once it ended, the wait is over.
enum BuildGraph {
  struct State {
    /// Thread → the builds it is running, outermost first.
    var building: [ThreadID: [BuildName]] = [:]
    /// Build (its ``BuildOnce``) → the thread running it.
    var owners: [ObjectIdentifier: ThreadID] = [:]
    /// Thread → the build it waits for.
    var waiting: [ThreadID: ObjectIdentifier] = [:]
  }

  static let state = Locked(State())

  /// Signalled whenever a build ends; each waiter looks whether its own build ended.
  static let buildEnded = Condition()

  static func begin<Value>(_ build: BuildOnce<Value>, thread: ThreadID) {
    state.withLock {
      $0.building[thread, default: []].append(build.name)
      $0.owners[ObjectIdentifier(build)] = thread
    }
  }

  static func end<Value>(_ build: BuildOnce<Value>, thread: ThreadID) {
    state.withLock {
      $0.building[thread]?.removeLast()
      if $0.building[thread]?.isEmpty == true { $0.building[thread] = nil }
      $0.owners[ObjectIdentifier(build)] = nil
    }
  }

  static func stopWaiting(thread: ThreadID) {
    _ = state.withLock { $0.waiting.removeValue(forKey: thread) }
  }

  /// Records that `thread` waits for `build`; when that wait would never end (`build`'s thread
  /// waits, through other threads' builds, for one `thread` runs), returns the message to stop with.
  static func cycleMessage<Value>(waitingFor build: BuildOnce<Value>, thread: ThreadID) -> String? {
    let target = ObjectIdentifier(build)
    let cycle = state.withLock { state -> [BuildName]? in
      var current = target
      var visited: Set<ThreadID> = []
      // Follow the waits from the build's owner while current: an ended build has no owner.
      while let owner = state.owners[current], visited.insert(owner).inserted {
        if owner == thread { return state.building[thread] ?? [] }
        guard let next = state.waiting[owner] else { break }
        current = next
      }
      state.waiting[thread] = target
      return nil
    }
    guard let cycle else { return nil }
    let path = (cycle + [build.name]).map(\.description).joined(separator: " → ")
    return build.name.cycleMessage(path: path)
  }
}
