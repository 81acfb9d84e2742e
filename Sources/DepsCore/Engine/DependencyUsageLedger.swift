/// What one store or scope recorded of its use, in a test process: the keys read through it (and,
/// for a node, through its descendants), the overrides set on it (for a node, also on its
/// descendants), and which of those a read returned.
///
/// Recorded where a read resolves, which a read that the thread's cache answers never reaches:
/// the first read of a key per thread and store records it, and a set needs nothing more. In a
/// live process no ledger is made and nothing is recorded.
package final class DependencyUsageLedger: Sendable {
  private struct State {
    var read: Set<DependencyID> = []
    /// The overrides this ledger tracks, by their write order (``Entry/sequence``), which names
    /// one write.
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

  /// Records that a read returned the override written as number `override`, if this ledger
  /// tracks it, without recording a read of its key: a read made in a scope of values that this
  /// ledger's store only provides.
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

  /// The usage: the keys read, and the tracked overrides (with `own`, the values set in a scope,
  /// which tracks none) that no read returned.
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
