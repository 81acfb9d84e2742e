/// What one store or scope recorded of its use, in a test process: the keys read through it and
/// its descendants, the overrides set there, and which a read returned. Recorded where a read
/// resolves, never on a cache hit: the first read of a key per thread and store records it.
package final class DependencyUsageLedger: Sendable {
  private struct State {
    var read: Set<DependencyID> = []
    /// The overrides tracked, by write order (``Entry/sequence``), which names one write.
    var overrides: [UInt64: DependencyID] = [:]
    var readOverrides: Set<UInt64> = []
  }

  private let state = Locked(State())

  package init() {}

  func recordRead(_ id: DependencyID, override: UInt64?) {
    state.withLock { state in
      state.read.insert(id)
      if let override { state.readOverrides.insert(override) }
    }
  }

  /// Records that a read returned the tracked override `override` without recording its key: a read
  /// in a scope this ledger's store only provides values to.
  func recordReadOfTracked(override: UInt64?) {
    guard let override else { return }
    state.withLock { state in
      if state.overrides[override] != nil { state.readOverrides.insert(override) }
    }
  }

  func trackOverrides(adding added: [Entry], removing removed: [UInt64]) {
    state.withLock { state in
      for sequence in removed {
        state.overrides[sequence] = nil
        state.readOverrides.remove(sequence)
      }
      for entry in added { state.overrides[entry.sequence] = entry.id }
    }
  }

  /// Adds what `other` recorded to this ledger: a node's, when it joins a tree under this one.
  func merge(_ other: DependencyUsageLedger) {
    let recorded = other.state.withLock { $0 }
    state.withLock { state in
      state.read.formUnion(recorded.read)
      state.overrides.merge(recorded.overrides) { $1 }
      state.readOverrides.formUnion(recorded.readOverrides)
    }
  }

  /// The keys read, and the tracked overrides (with `own`: a scope's values) no read returned.
  package func usage(own: [Entry] = []) -> DependencyUsage {
    let recorded = state.withLock { $0 }
    var unread = Set<String>()
    for (sequence, id) in recorded.overrides where !recorded.readOverrides.contains(sequence) {
      unread.insert(id.description)
    }
    for entry in own where !recorded.readOverrides.contains(entry.sequence) {
      unread.insert(entry.id.description)
    }
    return DependencyUsage(read: Set(recorded.read.map(\.description)), unreadOverrides: unread)
  }
}
