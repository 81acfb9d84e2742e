/// A key that `@DependencyEntry` wrote (package trait `Macros`).
///
/// You do not conform to it yourself. Diagnostics name such a key by the `Dependencies` property
/// it serves, `Dependencies.numberFact`, and a missing test value's failure points at the
/// declaration's `test:` argument.
public protocol _DependencyEntryKey: DependencyKey {
  /// The name of the `Dependencies` property the key serves.
  static var _propertyName: String { get }
}

enum DependencyNaming {
  /// `Dependencies.numberFact` for a one-line declaration's key, the key type's name otherwise.
  static func name(of key: any DependencyKey.Type) -> String {
    if let entry = key as? any _DependencyEntryKey.Type { return "Dependencies.\(entry._propertyName)" }
    if let entry = key as? any InlineEntryNaming.Type { return "Dependencies.\(entry.propertyName)" }
    return String(describing: key)
  }

  /// How to give `key` a test value, for the message of a test that read it without one.
  static func testValueFix(of key: any DependencyKey.Type) -> String {
    if let entry = key as? any _DependencyEntryKey.Type {
      let name = entry._propertyName
      return """
        override it, or give the entry a test value, its test: argument, \
        `@DependencyEntry(test: …) var \(name)`: a mock, unimplemented endpoints, or the \
        initializer itself to read the live value on purpose.
        """
    }
    if let entry = key as? any InlineEntryNaming.Type {
      return """
        override it, or give the declaration a test value, the test: argument of \
        `self[default: …, test: …]` in `var \(entry.propertyName)`: a mock, unimplemented \
        endpoints, or the default itself to read the live value on purpose.
        """
    }
    return keyTypeFix(String(describing: key))
  }

  static func keyTypeFix(_ name: String) -> String {
    """
    override it, or declare `static let testValue` on \(name): a mock, unimplemented \
    endpoints, or `static let testValue = defaultValue` to read the live value on purpose.
    """
  }
}

/// A key made by ``Dependencies/subscript(default:test:fileID:function:)`` and its overloads,
/// named by its property.
protocol InlineEntryNaming {
  static var propertyName: String { get }
}
