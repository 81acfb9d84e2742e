/// Extraction of an enum case's payload by reflection, for case paths made from case constructors.
enum EnumReflection {
  /// Returns the payload of `root` when `root` is in the case that `embed` constructs.
  ///
  /// `Mirror` shows an enum value in a payload case as one child, labeled with the case name, whose
  /// value is the payload (a tuple for several values; `indirect` payloads are unboxed). The payload
  /// is a candidate only: another case may have the same payload type. Embedding the candidate and
  /// comparing case names settles it.
  static func extract<Root, Value>(case embed: (Value) -> Root, from root: Root) -> Value? {
    guard
      let (rootCase, payload) = caseAndPayload(of: root),
      let value = payload as? Value ?? singleElement(of: payload, as: Value.self),
      let (embeddedCase, _) = caseAndPayload(of: embed(value)),
      embeddedCase == rootCase
    else { return nil }
    return value
  }

  /// The case name and payload of an enum value in a payload case; `nil` for anything else.
  private static func caseAndPayload(of value: Any) -> (String, Any)? {
    let mirror = Mirror(reflecting: value)
    guard
      mirror.displayStyle == .enum || mirror.displayStyle == .optional,
      let child = mirror.children.first,
      let label = child.label
    else { return nil }
    return (label, child.value)
  }

  /// The value of a one-element labeled payload (`case load(id: Int)`), which `Mirror` may show
  /// as a one-element tuple.
  private static func singleElement<Value>(of payload: Any, as _: Value.Type) -> Value? {
    let mirror = Mirror(reflecting: payload)
    guard mirror.displayStyle == .tuple, mirror.children.count == 1 else { return nil }
    return mirror.children.first?.value as? Value
  }

  /// A case path to a payload-less case: a root is in the case when it equals `root()`.
  ///
  /// `Root` must be `Equatable`; callers check that statically.
  static func payloadlessCase<Root>(_ root: @escaping @Sendable () -> Root) -> CasePath<Root, Void> {
    CasePath(embed: { _ in root() }, extract: { areEqual($0, root()) ? () : nil })
  }

  private static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    func isEqual<T: Equatable>(_ lhs: T) -> Bool { (rhs as? T) == lhs }
    return isEqual(lhs)
  }
}
