/// The defaults one store has built: each at most once, lazily, on first read.
///
/// A default runs user code (`defaultValue` / `testValue`), which may read other dependencies, so
/// no lock is held while it runs. A thread that needs a default another thread is building waits
/// for it; a default that needs itself, directly or through other defaults on any threads, stops
/// the process with a message naming the cycle instead of hanging (``BuildOnce``).
package final class DefaultValues: Sendable {
  private let cells = Locked<[DependencyID: Cell]>([:])

  /// A default's build, and when its first read came (a ``BuildOrder`` number).
  private struct Cell: Sendable {
    var once: BuildOnce<AnyValueBox>
    var firstRead: UInt64
  }
  private let context: DependencyContext
  private let scope: Scope?

  /// Runs the build of a default for a read through `reader` (`nil`: not through a node), with what
  /// the store needs in force: `GlobalDeps` builds a running test's defaults with the reading scope
  /// in force (as swift-dependencies does), the process-wide store's with the store alone.
  package typealias Scope = @Sendable (_ reader: DependencyNode?, _ build: () -> AnyValueBox) -> AnyValueBox

  package let lifecycle: BuiltValues

  package init(context: DependencyContext = .current, scope: Scope? = nil) {
    self.context = context
    let lifecycle = BuiltValues()
    self.lifecycle = lifecycle
    self.scope = lifecycle.recording(scope)
  }

  package func value(for id: DependencyID, readBy reader: DependencyNode? = nil) -> AnyValueBox {
    let cell = cells.withLock { cells in
      if let cell = cells[id] { return cell.once }
      let cell = BuildOnce<AnyValueBox>(name: .defaultValue(id))
      cells[id] = Cell(once: cell, firstRead: BuildOrder.next())
      return cell
    }
    return cell.value { [context, scope] in
      scope?(reader, { id.makeDefault(context: context) }) ?? id.makeDefault(context: context)
    }
  }

  package var built: [DependencyID: AnyValueBox] {
    let cells = self.cells.withLock { $0 }
    var result: [DependencyID: AnyValueBox] = [:]
    for (id, cell) in cells {
      if let box = cell.once.builtValue { result[id] = box }
    }
    return result
  }

  /// Forgets the defaults first read after ``BuildOrder`` reached `mark`: the next read builds
  /// them anew. Returns what it dropped, to release with no lock held (`deinit`s are user code).
  package func forget(firstReadAfter mark: UInt64) -> [Any] {
    cells.withLock { cells in
      let dropped = cells.filter { $0.value.firstRead > mark }
      for id in dropped.keys { cells[id] = nil }
      return Array(dropped.values.map(\.once))
    }
  }
}
