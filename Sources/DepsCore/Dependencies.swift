/// The collection of dependency values, read and written through its properties.
///
/// Extend it with one property per dependency, as SwiftUI's `EnvironmentValues` per key:
///
/// ```swift
/// extension Dependencies {
///   var weatherClient: WeatherClient {
///     get { self[WeatherClientKey.self] }
///     set { self[WeatherClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// You do not create it: environments read through it, and `with(_:_:)` and `withDependencies`
/// hand you one to write to; its writes apply to that scope when the call returns.
public struct Dependencies: Sendable {
  /// Where reads that were not written here come from.
  var reader: any DependencyReader

  /// The values written through this value, one per key, in the order first written.
  package private(set) var writes: [Entry] = []

  package private(set) var aliases = AliasBuilder()

  package init(reader: any DependencyReader) {
    self.reader = reader
  }

  /// Reads or writes the dependency identified by `key`.
  ///
  /// Use it in the accessors of a `Dependencies` property, or directly with a type that is its
  /// own key: `dependencies[APIClient.self]`.
  ///
  /// - Returns: The value written through this `Dependencies`, or else the scope's value, or else
  ///   the key's default (its `testValue` in tests).
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let entry = writes.first(where: { $0.id.rawValue == ObjectIdentifier(key) }) {
        // Written here under `key`: a `Key.Value`.
        return Self.value(of: entry.box, as: key)
      }
      return reader.read(key)
    }
    set { write(Entry(id: DependencyID(key), box: ValueBox(newValue))) }
  }

  private static func value<Key: DependencyKey>(of box: AnyValueBox, as key: Key.Type) -> Key.Value {
    // `write` boxes a `Key.Value` under `key`, and nothing else is written.
    assert(box is ValueBox<Key.Value>, "Deps: \(Key.self) holds a \(type(of: box)).")
    return unsafeDowncast(box, to: ValueBox<Key.Value>.self).value
  }

  mutating func write(_ entry: Entry) {
    if let index = writes.firstIndex(where: { $0.id == entry.id }) {
      writes[index] = entry
    } else {
      writes.append(entry)
    }
  }
}

extension Dependencies {
  /// Makes `dependency` an alias of `reference` in the scope this value updates (a `GlobalDeps`
  /// `withDependencies` update or test trait): for that scope and those nested in it, never globally.
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.alias(\.main, to: \.mainQueue)
  ///   $0.mainQueue = .immediate
  /// } operation: {
  ///   LegacyModel().main    // .immediate
  /// }
  /// ```
  public mutating func alias<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value>,
    to reference: WritableKeyPath<Dependencies, Value>
  ) {
    aliases = aliases.alias(dependency, to: reference)
  }
}

/// Reads through another reader and collects the keys read, to learn which key a key path reads
/// and whether its result may be cached.
final class KeyRecorder: DependencyReader {
  private let base: any DependencyReader
  private let reads = Locked<[(id: DependencyID, valueType: ObjectIdentifier)]>([])

  init(reading base: any DependencyReader) { self.base = base }

  func read<Key: DependencyKey>(_ key: Key.Type) -> Key.Value {
    reads.withLock { $0.append((DependencyID(key), ObjectIdentifier(Key.Value.self))) }
    return base.read(key)
  }

  var recorded: [DependencyID] { reads.withLock { $0.map(\.id) } }

  /// Whether the getter read exactly one key, of value type `Value`: then its result changes only
  /// with a write and may be cached (`\.date.now` reads `date` but returns a `Date`: not cached).
  func readOneKey<Value>(ofValueType _: Value.Type) -> Bool {
    reads.withLock { $0.count == 1 && $0[0].valueType == ObjectIdentifier(Value.self) }
  }
}
