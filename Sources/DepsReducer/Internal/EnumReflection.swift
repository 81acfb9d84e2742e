/// Extraction of an enum case's payload by reflection, for case paths made from case constructors.
enum EnumReflection {
  /// Returns the extraction of a case path made from the case constructor `embed`.
  ///
  /// `Mirror` shows an enum value in a payload case as one child, labeled with the case name, whose
  /// value is the payload (a tuple for several values; `indirect` payloads are unboxed). The payload
  /// is a candidate only: another case may have the same payload type. Embedding the candidate
  /// tells which case `embed` constructs; its tag is learned then, so later extractions reject a
  /// root in another case by comparing tags, without reflecting, and accept one in the case
  /// without embedding again.
  static func extractor<Root, Value>(
    case embed: @escaping @Sendable (Value) -> Root
  ) -> @Sendable (Root) -> Value? {
    let learned = LearnedEnumTag()
    return { root in
      let rootTag = EnumTag.tag(of: root)
      let caseTag = learned.value
      if let rootTag, let caseTag, rootTag != caseTag { return nil }
      guard
        let (rootCase, payload) = caseAndPayload(of: root),
        let value = payload as? Value ?? singleElement(of: payload, as: Value.self)
      else { return nil }
      if rootTag != nil, caseTag != nil { return value }
      let embedded = embed(value)
      if let rootTag, let embeddedTag = EnumTag.tag(of: embedded) {
        learned.learn(embeddedTag)
        return embeddedTag == rootTag ? value : nil
      }
      guard let (embeddedCase, _) = caseAndPayload(of: embedded), embeddedCase == rootCase else {
        return nil
      }
      return value
    }
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
