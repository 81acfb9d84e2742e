/// Extraction of an enum case's payload by reflection, for case paths made from case constructors.
@usableFromInline
enum EnumReflection {
  /// Returns the extraction of a case path made from the case constructor `embed`.
  ///
  /// `Mirror` shows an enum value in a payload case as one child, labeled with the case name, whose
  /// value is the payload (a tuple for several values; `indirect` payloads are unboxed). The payload
  /// is a candidate only: another case may have the same payload type. Embedding the candidate
  /// tells which case `embed` constructs, and its tag is learned then. From then on a root in
  /// another case is rejected by comparing tags, and one in the case has its payload projected
  /// without reflection, when the payload's type is exactly `Value` and the projection was checked
  /// against `Mirror`'s answer; otherwise `Mirror` is used as before.
  @inlinable
  static func extractor<Root, Value>(
    case embed: @escaping @Sendable (Value) -> Root
  ) -> @Sendable (Root) -> Value? {
    let learned = LearnedEnumCase()
    return { root in
      let rootTag = EnumTag.tag(of: root)
      let known = learned.value
      if let rootTag, let known {
        guard rootTag == known.tag else { return nil }
        if known.projectable, let value = EnumTag.payload(of: root, tag: rootTag, as: Value.self) {
          return value
        }
      }
      guard
        let (rootCase, payload) = caseAndPayload(of: root),
        let value = payload as? Value ?? singleElement(of: payload, as: Value.self)
      else { return nil }
      if let rootTag, let known {
        if !known.checked {
          learned.learn(checked(rootTag, root: root, payload: payload, value: value))
        }
        return value
      }
      let embedded = embed(value)
      if let rootTag, let embeddedTag = EnumTag.tag(of: embedded) {
        guard embeddedTag == rootTag else {
          learned.learn(.init(tag: embeddedTag, checked: false, projectable: false))
          return nil
        }
        learned.learn(checked(rootTag, root: root, payload: payload, value: value))
        return value
      }
      guard let (embeddedCase, _) = caseAndPayload(of: embedded), embeddedCase == rootCase else {
        return nil
      }
      return value
    }
  }

  /// What a root in the case teaches: the case's tag, and whether projecting its payload gives
  /// exactly what `Mirror` gave (the payload's type is `Value` itself and the bytes agree).
  @usableFromInline
  static func checked<Root, Value>(
    _ tag: UInt32, root: Root, payload: Any, value: Value
  ) -> LearnedEnumCase.Case {
    let projectable =
      type(of: payload) == Value.self && EnumTag.payloadBytesMatch(of: root, tag: tag, value: value)
    return .init(tag: tag, checked: true, projectable: projectable)
  }

  /// The case name and payload of an enum value in a payload case; `nil` for anything else.
  @usableFromInline
  static func caseAndPayload(of value: Any) -> (String, Any)? {
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
  @usableFromInline
  static func singleElement<Value>(of payload: Any, as _: Value.Type) -> Value? {
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
