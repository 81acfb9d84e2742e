extension Dependencies {
  /// A dependency declared in one property, with no key type: the property's own identity is its
  /// key.
  ///
  /// Use it in both accessors of a `Dependencies` property. `defaultValue` is read outside tests
  /// when nobody set one, `test` in tests (``DependencyContext``):
  ///
  /// ```swift
  /// extension Dependencies {
  ///   var quoteClient: NumberFactClient {
  ///     get { self[default: .live, test: .mock] }
  ///     set { self[default: .live, test: .mock] = newValue }
  ///   }
  /// }
  /// ```
  ///
  /// The values are built lazily, once per store, as a key's are. The key is `fileID` and
  /// `function`, which the compiler fills in (the file and the property's name): do not pass them.
  /// Reads through `@Dependency(\.quoteClient)` cost what a key type's cost; a read on a
  /// ``Dependencies`` value first finds the key in a table behind a lock. With the package trait
  /// `Macros`, `@DependencyEntry` writes the same declaration with a key type.
  public subscript<Value: Sendable>(
    default defaultValue: @autoclosure @escaping @Sendable () -> Value,
    test testValue: @autoclosure @escaping @Sendable () -> Value,
    fileID fileID: StaticString = #fileID, function function: StaticString = #function
  ) -> Value {
    get { InlineEntries.entry(fileID, function, defaultValue, testValue, nil).read(self) }
    set { InlineEntries.entry(fileID, function, defaultValue, testValue, nil).write(&self, newValue) }
  }

  /// A dependency declared in one property with a value of its own for Xcode previews.
  ///
  /// See ``subscript(default:test:fileID:function:)``; `preview` is read in previews when nobody
  /// set one.
  public subscript<Value: Sendable>(
    default defaultValue: @autoclosure @escaping @Sendable () -> Value,
    test testValue: @autoclosure @escaping @Sendable () -> Value,
    preview previewValue: @autoclosure @escaping @Sendable () -> Value,
    fileID fileID: StaticString = #fileID, function function: StaticString = #function
  ) -> Value {
    get { InlineEntries.entry(fileID, function, defaultValue, testValue, previewValue).read(self) }
    set {
      InlineEntries.entry(fileID, function, defaultValue, testValue, previewValue).write(&self, newValue)
    }
  }

  /// A dependency declared in one property with no test value: a test that reads it without
  /// overriding it fails, as one that reads a key with no `testValue`.
  ///
  /// See ``subscript(default:test:fileID:function:)``, and prefer it: a test value keeps tests
  /// off live services.
  public subscript<Value: Sendable>(
    default defaultValue: @autoclosure @escaping @Sendable () -> Value,
    fileID fileID: StaticString = #fileID, function function: StaticString = #function
  ) -> Value {
    get { InlineEntries.entry(fileID, function, defaultValue, nil, nil).read(self) }
    set { InlineEntries.entry(fileID, function, defaultValue, nil, nil).write(&self, newValue) }
  }
}

/// The keys of the one-line declarations, one per declaration, made on first use. The engine knows
/// dependencies by key type, so each gets `InlineEntryKey<Value, Tag>`, its `Tag` made at run time
/// from the declaration's number (a nest of `Bit0` and `Bit1`).
enum InlineEntries {
  /// The declarations, by the addresses of their `fileID` and `function` strings (one pair of
  /// addresses per place the strings are in the binary), and by their text.
  private struct Table {
    var byAddress: [Addresses: any AnyObject & Sendable] = [:]
    var bySite: [Site: any AnyObject & Sendable] = [:]
    var byKey: [ObjectIdentifier: any AnyObject & Sendable] = [:]
  }

  private static let table = Locked(Table())

  static func entry<Value: Sendable>(
    _ fileID: StaticString, _ function: StaticString,
    _ defaultValue: @escaping @Sendable () -> Value, _ testValue: (@Sendable () -> Value)?,
    _ previewValue: (@Sendable () -> Value)?
  ) -> Declaration<Value> {
    let addresses = Addresses(fileID, function)
    let found = table.withLock { table -> (any AnyObject & Sendable)? in
      if let addresses, let found = table.byAddress[addresses] { return found }
      let site = Site(fileID: fileID.description, function: function.description)
      if let found = table.bySite[site] {
        if let addresses { table.byAddress[addresses] = found }
        return found
      }
      let declaration = Declaration(
        number: table.bySite.count, name: site.function, defaultValue: defaultValue,
        testValue: testValue, previewValue: previewValue)
      table.bySite[site] = declaration
      table.byKey[ObjectIdentifier(declaration.key)] = declaration
      if let addresses { table.byAddress[addresses] = declaration }
      return declaration
    }
    // Made above for this site with this `Value`; a site is one property, of one type.
    return unsafeDowncast(found!, to: Declaration<Value>.self)
  }

  static func declaration<Value>(of key: any DependencyKey.Type, as _: Value.Type) -> Declaration<Value> {
    let found = table.withLock { $0.byKey[ObjectIdentifier(key)] }
    // Registered with its key before the key exists anywhere else.
    return found as! Declaration<Value>
  }

  final class Declaration<Value: Sendable>: Sendable {
    let name: String
    let defaultValue: @Sendable () -> Value
    let testValue: (@Sendable () -> Value)?
    let previewValue: (@Sendable () -> Value)?
    let key: any DependencyKey.Type
    let read: @Sendable (Dependencies) -> Value
    let write: @Sendable (inout Dependencies, Value) -> Void

    init(
      number: Int, name: String, defaultValue: @escaping @Sendable () -> Value,
      testValue: (@Sendable () -> Value)?, previewValue: (@Sendable () -> Value)?
    ) {
      func accessors<Tag>(_: Tag.Type) -> (
        any DependencyKey.Type, @Sendable (Dependencies) -> Value,
        @Sendable (inout Dependencies, Value) -> Void
      ) {
        typealias Key = InlineEntryKey<Value, Tag>
        return (Key.self, { $0[Key.self] }, { $0[Key.self] = $1 })
      }
      self.name = name
      self.defaultValue = defaultValue
      self.testValue = testValue
      self.previewValue = previewValue
      (key, read, write) = accessors(InlineEntries.tag(number))
    }
  }

  /// A type of its own for each number.
  static func tag(_ number: Int) -> Any.Type {
    func nest<Rest>(_: Rest.Type, _ bit: Int) -> Any.Type {
      bit == 0 ? Bit0<Rest>.self : Bit1<Rest>.self
    }
    var tag: Any.Type = End.self
    var rest = number
    repeat {
      tag = nest(tag, rest & 1)
      rest >>= 1
    } while rest != 0
    return tag
  }

  enum End {}
  enum Bit0<Rest> {}
  enum Bit1<Rest> {}

  private struct Site: Hashable {
    let fileID: String
    let function: String
  }

  private struct Addresses: Hashable {
    let fileID: UInt
    let function: UInt

    init?(_ fileID: StaticString, _ function: StaticString) {
      guard fileID.hasPointerRepresentation, function.hasPointerRepresentation else { return nil }
      self.fileID = UInt(bitPattern: fileID.utf8Start)
      self.function = UInt(bitPattern: function.utf8Start)
    }
  }
}

/// The key of one one-line declaration; see ``InlineEntries``.
enum InlineEntryKey<Value: Sendable, Tag>: DependencyKey, InlineEntryNaming {
  private static var declaration: InlineEntries.Declaration<Value> {
    InlineEntries.declaration(of: Self.self, as: Value.self)
  }

  static var defaultValue: Value { declaration.defaultValue() }

  static var testValue: Value {
    guard let testValue = declaration.testValue else {
      TestValueCheck.noteDefaultTestValue()
      return defaultValue
    }
    return testValue()
  }

  static var previewValue: Value { (declaration.previewValue ?? declaration.defaultValue)() }

  static var propertyName: String { declaration.name }
}
