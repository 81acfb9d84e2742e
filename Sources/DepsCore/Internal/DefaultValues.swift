/// The defaults one store has built: each at most once, lazily, on first read.
///
/// A default runs user code (`defaultValue` / `testValue`), which may read other dependencies, so
/// no lock is held while it runs. A thread that needs a default another thread is building waits
/// for it; a default that needs itself, directly or through other defaults on any threads, stops
/// the process with a message naming the cycle instead of hanging.
package final class DefaultValues: Sendable {
  private let cells = Locked<[ObjectIdentifier: Cell]>([:])
  private let context: DependencyContext
  private let scope: Scope?

  /// Runs the build of a default (`build`), with whatever the store needs in force around it: a
  /// `GlobalDeps` scope builds its defaults with that scope in force, and the process-wide store
  /// with no scope, wherever the first read happens.
  package typealias Scope = @Sendable (_ build: () -> AnyValueBox) -> AnyValueBox

  /// The values built here that `shutdown()` stops, in build order (see ``BuiltValues``).
  package let lifecycle: BuiltValues

  package init(context: DependencyContext = .current, scope: Scope? = nil) {
    self.context = context
    let lifecycle = BuiltValues()
    self.lifecycle = lifecycle
    self.scope = lifecycle.recording(scope)
  }

  /// The default for `id`, built now if this store has not built it yet.
  package func value(for id: DependencyID) -> AnyValueBox {
    let cell = cells.withLock { cells in
      if let cell = cells[id.rawValue] { return cell }
      let cell = Cell(id: id)
      cells[id.rawValue] = cell
      return cell
    }
    return cell.value(context: context, scope: scope)
  }

  /// The defaults built so far, for reports.
  package var built: [DependencyID: AnyValueBox] {
    let cells = self.cells.withLock { Array($0.values) }
    var result: [DependencyID: AnyValueBox] = [:]
    for cell in cells {
      if let box = cell.builtValue { result[cell.id] = box }
    }
    return result
  }

  /// Records that `thread` waits for `owner`'s build of `id`'s default; when that wait would
  /// never end (`owner` waits, directly or through other threads, for `thread`), returns the
  /// message to stop the process with instead.
  ///
  /// - Returns: `nil` when the wait is recorded, or the message naming the cycle of defaults.
  package static func cycleMessage(reading id: DependencyID, owner: ThreadID, thread: ThreadID) -> String? {
    guard let cycle = BuildGraph.wait(for: id, owner: owner, thread: thread) else { return nil }
    let path = (cycle + [id]).map(\.description).joined(separator: " → ")
    return """
      Deps: the default value of \(id) reads itself (\(path)).

      A default value may read other dependencies, but not one whose default is still being built. \
      To fix: break the cycle, for instance by reading the dependency lazily inside an endpoint \
      instead of in defaultValue / testValue.
      """
  }

  /// One key's default: empty, being built by one thread, or built.
  private final class Cell: Sendable {
    enum State {
      case empty
      case building(thread: ThreadID)
      case built(AnyValueBox)
    }

    let id: DependencyID
    let state = Locked<State>(.empty)
    /// Signalled when a build ends, for the threads waiting for it.
    let built = Condition()

    init(id: DependencyID) { self.id = id }

    var builtValue: AnyValueBox? {
      state.withLock { state in
        if case .built(let box) = state { return box }
        return nil
      }
    }

    func value(context: DependencyContext, scope: Scope?) -> AnyValueBox {
      let thread = ThreadID.current
      var waited = false
      defer { if waited { BuildGraph.stopWaiting(thread: thread) } }
      while true {
        enum Next {
          case done(AnyValueBox)
          case build
          case wait(owner: ThreadID)
        }
        let next = state.withLock { state -> Next in
          switch state {
          case .built(let box): return .done(box)
          case .empty:
            state = .building(thread: thread)
            return .build
          case .building(let owner): return .wait(owner: owner)
          }
        }
        switch next {
        case .done(let box):
          return box
        case .build:
          BuildGraph.begin(self.id, thread: thread)
          let id = self.id
          let box = scope?({ id.makeDefault(context: context) }) ?? id.makeDefault(context: context)
          BuildGraph.end(self.id, thread: thread)
          state.withLock { $0 = .built(box) }
          built.signalAll()
          return box
        case .wait(let owner):
          if let message = DefaultValues.cycleMessage(reading: id, owner: owner, thread: thread) {
            fatalError(message)
          }
          waited = true
          // The owner is running user code; sleep until it is done. This is only reached when two
          // threads race for the same default's first read.
          built.wait { builtValue != nil }
        }
      }
    }
  }
}

/// Which thread builds which default and which thread waits for which, to catch cycles.
package enum BuildGraph {
  package struct State {
    var building: [ThreadID: [DependencyID]] = [:]  // thread → defaults it is building, outermost first
    var owners: [ObjectIdentifier: ThreadID] = [:]  // default → thread building it
    var waiting: [ThreadID: ThreadID] = [:]  // thread → thread it waits for
  }

  package static let state = Locked(State())

  package static func begin(_ id: DependencyID, thread: ThreadID) {
    state.withLock {
      $0.building[thread, default: []].append(id)
      $0.owners[id.rawValue] = thread
    }
  }

  package static func end(_ id: DependencyID, thread: ThreadID) {
    state.withLock {
      $0.building[thread]?.removeLast()
      if $0.building[thread]?.isEmpty == true { $0.building[thread] = nil }
      $0.owners[id.rawValue] = nil
    }
  }

  package static func stopWaiting(thread: ThreadID) {
    _ = state.withLock { $0.waiting.removeValue(forKey: thread) }
  }

  /// Records that `thread` waits for `owner`; returns the chain of defaults if that closes a cycle.
  package static func wait(for id: DependencyID, owner: ThreadID, thread: ThreadID) -> [DependencyID]? {
    state.withLock { state in
      var current = owner
      var visited: Set<ThreadID> = []
      while visited.insert(current).inserted {
        if current == thread {
          return state.building[thread] ?? []
        }
        guard let next = state.waiting[current] else { break }
        current = next
      }
      state.waiting[thread] = owner
      return nil
    }
  }
}
