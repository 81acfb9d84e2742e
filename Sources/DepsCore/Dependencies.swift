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
  package var reader: any DependencyReader

  /// What was written through this value: `nil` until something is. Shared by copies of this
  /// value until one of them writes (see ``uniqueLog()``).
  package private(set) var log: WriteLog?

  /// The values written through this value, one per key.
  package var writes: [Entry] { log?.entries ?? [] }

  /// The aliases declared through this value, for the scope it updates.
  package var aliases: AliasBuilder { log?.aliases ?? AliasBuilder() }

  /// Records which keys reads touch, to learn which key a key path reads.
  package var recorder: KeyRecorder?

  package init(reader: any DependencyReader, recorder: KeyRecorder? = nil) {
    self.reader = reader
    self.recorder = recorder
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
    get { value(of: key) }
    // Inlined, so the box is made in the writing module, for the value's type: generic code would
    // look its metadata up on every write.
    set { write(DependencyID(key), ValueBox(newValue)) }
  }

  @usableFromInline
  func value<Key: DependencyKey>(of key: Key.Type) -> Key.Value {
    recorder?.record(DependencyID(key))
    if let log, let box = log.box(for: ObjectIdentifier(key)) as? ValueBox<Key.Value> {
      return box.value
    }
    return reader.read(key)
  }

  @usableFromInline
  mutating func write(_ id: DependencyID, _ box: AnyValueBox) {
    uniqueLog().set(Entry(id: id, box: box))
  }

  /// The log, made first or copied when another `Dependencies` value shares it, so that writing
  /// to it changes this value only.
  private mutating func uniqueLog() -> WriteLog {
    if log == nil {
      log = WriteLog()
    } else if !isKnownUniquelyReferenced(&log) {
      log = log?.copy()
    }
    // Set just above when it was not.
    return log!
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
    let log = uniqueLog()
    log.aliases = log.aliases.alias(dependency, to: reference)
  }
}

/// Collects the keys read through a ``Dependencies``.
package final class KeyRecorder: Sendable {
  private let ids = Locked<[DependencyID]>([])

  package init() {}

  package func record(_ id: DependencyID) {
    ids.withLock { $0.append(id) }
  }

  package var recorded: [DependencyID] { ids.withLock { $0 } }
}
