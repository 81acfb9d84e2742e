/// The collection of dependency values, read and written through its properties.
///
/// Extend `Dependencies` with one property per dependency, the way SwiftUI's `EnvironmentValues`
/// is extended with one property per `EnvironmentKey`:
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
/// You do not create `Dependencies` yourself: environments read through it (`env.apiClient`,
/// `@Dependency(\.apiClient)`), and `with(_:_:)` and `withDependencies(_:operation:)` hand you one
/// to write to. Reads see the values of the scope it came from; writes are collected and applied
/// to that scope when the call returns.
public struct Dependencies: Sendable {
  /// Where reads that were not written here come from.
  var reader: any DependencyReader

  /// What was written through this value: `nil` until something is. Shared by copies of this
  /// value until one of them writes (see ``uniqueWritten()``); in `GlobalDeps` the scope that a
  /// `withDependencies` update makes.
  @usableFromInline var written: DependencyOverlay?

  /// What was written through this value, taken out of it (it is left with nothing written):
  /// in `GlobalDeps`, the scope a `withDependencies` update makes, moved rather than copied.
  package mutating func takeWritten() -> DependencyOverlay? {
    written.take()
  }

  /// The values written through this value, one per key.
  var writes: [Entry] { written?.entries ?? [] }

  /// The aliases declared through this value, for the scope it updates.
  var aliases: AliasBuilder { written?.declaredAliases ?? AliasBuilder() }

  package init(reader: any DependencyReader) {
    self.reader = reader
  }

  /// Reads or writes the dependency identified by `key`.
  ///
  /// Use it in the accessors of a `Dependencies` property, or directly with a type that is its
  /// own key: `dependencies[APIClient.self]`.
  ///
  /// - Parameter key: The dependency's key type.
  /// - Returns: The value written through this `Dependencies`, or else the scope's value, or else
  ///   the key's default (its `testValue` in tests).
  @inlinable
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    // Inlined, so that both run specialized for the value's type where the property is declared.
    get {
      // A value the reader finds without resolving (one set in a scope) is read here; everything
      // else through the reader's generic `read`.
      if let found = setValue(for: ObjectIdentifier(key)) { return found.value(as: Key.Value.self) }
      return value(of: key)
    }
    set { write(key, newValue) }
  }

  /// The reader's value for the key `id` when no value is written here. Unretained: valid while
  /// this value is.
  @usableFromInline
  func setValue(for id: ObjectIdentifier) -> SetValue? {
    guard written == nil else { return nil }
    return reader.setValue(for: id)
  }

  @usableFromInline
  func value<Key: DependencyKey>(of key: Key.Type) -> Key.Value {
    if let written, let found = written.ownValue(for: ObjectIdentifier(key)) {
      // Written here under `key`: a `Key.Value`.
      return withExtendedLifetime(written) { found.value(as: Key.Value.self) }
    }
    return reader.read(key)
  }

  /// Writes `value` for `key`: the first write inline, in values made for its type (no box); the
  /// others in boxes.
  @inlinable
  mutating func write<Key: DependencyKey>(_ key: Key.Type, _ value: Key.Value) {
    guard written != nil else {
      written = TypedOverlay(inline: DependencyID(key), value: value)
      return
    }
    write(DependencyID(key), ValueBox(value))
  }

  @usableFromInline
  mutating func write(_ id: DependencyID, _ box: AnyValueBox) {
    uniqueWritten(replacing: id.rawValue).set(Entry(id: id, box: box))
  }

  /// What was written, made first, or copied when another `Dependencies` value shares it or when
  /// `key` is about to be written over the inline value, so that writing to it changes this value
  /// only.
  private mutating func uniqueWritten(replacing key: ObjectIdentifier? = nil) -> DependencyOverlay {
    if written == nil {
      written = DependencyOverlay()
    } else if !isKnownUniquelyReferenced(&written) || (key != nil && written?.inlineKey == key) {
      written = written?.copy(dropping: key)
    }
    // Set just above when it was not.
    return written!
  }
}

extension Dependencies {
  /// Makes `dependency` an alias of `reference` in the scope this value updates: in a `GlobalDeps`
  /// `withDependencies` update (or a `.dependencies` test trait), the alias holds for that scope
  /// and the scopes nested in it, never process-wide.
  ///
  /// ```swift
  /// withDependencies {
  ///   $0.alias(\.main, to: \.mainQueue)
  ///   $0.mainQueue = .immediate
  /// } operation: {
  ///   LegacyModel().main    // .immediate
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - dependency: The dependency read under another name.
  ///   - reference: The dependency it stands for.
  public mutating func alias<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value>,
    to reference: WritableKeyPath<Dependencies, Value>
  ) {
    let written = uniqueWritten()
    written.declaredAliases = written.declaredAliases.alias(dependency, to: reference)
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

  /// Whether the getter that read through this recorder read exactly one key, whose values are of
  /// type `Value`: then its result is a function of that value, which only a write changes, and
  /// may be cached. (`\.date.now` reads the `date` key but returns a `Date`: it calls the
  /// generator, and must run on every read.)
  func readOneKey<Value>(ofValueType _: Value.Type) -> Bool {
    reads.withLock { $0.count == 1 && $0[0].valueType == ObjectIdentifier(Value.self) }
  }
}
