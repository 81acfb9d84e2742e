import DepsCore

// The dependencies the stress tests of both modules hammer: their own keys, so tests running in
// parallel with a storm are unaffected by it.

/// One of eight `Int` dependencies, one per storm thread.
package protocol StormSlot: DependencyKey where Value == Int {}

extension StormSlot {
  /// The storms read their own values: the default is the test value.
  package static var testValue: Int { defaultValue }
}
package enum Slot0: StormSlot { package static let defaultValue = -1 }
package enum Slot1: StormSlot { package static let defaultValue = -1 }
package enum Slot2: StormSlot { package static let defaultValue = -1 }
package enum Slot3: StormSlot { package static let defaultValue = -1 }
package enum Slot4: StormSlot { package static let defaultValue = -1 }
package enum Slot5: StormSlot { package static let defaultValue = -1 }
package enum Slot6: StormSlot { package static let defaultValue = -1 }
package enum Slot7: StormSlot { package static let defaultValue = -1 }

/// The eight slots, by thread index. Metatypes of stateless key enums: immutable.
#if compiler(>=6.2)
  // `DependencyKey` refines `SendableMetatype`: the metatypes are `Sendable`.
  package let stormSlots: [any StormSlot.Type] = [
    Slot0.self, Slot1.self, Slot2.self, Slot3.self, Slot4.self, Slot5.self, Slot6.self, Slot7.self,
  ]
#else
  nonisolated(unsafe) package let stormSlots: [any StormSlot.Type] = [
    Slot0.self, Slot1.self, Slot2.self, Slot3.self, Slot4.self, Slot5.self, Slot6.self, Slot7.self,
  ]
#endif

private enum StormSharedKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = defaultValue
}
private enum StormFirstKey: DependencyKey {
  static let defaultValue = -2
  static let testValue = defaultValue
}
private enum StormSecondKey: DependencyKey {
  static let defaultValue = -3
  static let testValue = defaultValue
}
private enum StormAliasKey: DependencyKey {
  static let defaultValue = -4
  static let testValue = defaultValue
}

extension Dependencies {
  /// Written by every storm thread at once.
  package var stormShared: Int {
    get { self[StormSharedKey.self] }
    set { self[StormSharedKey.self] = newValue }
  }
  /// One end of the storms' alias changes.
  package var stormFirst: Int {
    get { self[StormFirstKey.self] }
    set { self[StormFirstKey.self] = newValue }
  }
  /// The other end of the storms' alias changes.
  package var stormSecond: Int {
    get { self[StormSecondKey.self] }
    set { self[StormSecondKey.self] = newValue }
  }
  /// The dependency the storms alias to `stormFirst` or `stormSecond`, back and forth.
  package var stormAlias: Int {
    get { self[StormAliasKey.self] }
    set { self[StormAliasKey.self] = newValue }
  }
}
