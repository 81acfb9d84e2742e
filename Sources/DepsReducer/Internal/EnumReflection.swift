import DepsCore

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
    case embed: @escaping @Sendable (Value) -> Root, learned: LearnedEnumCase
  ) -> @Sendable (Root) -> Value? {
    { root in
      if let rootTag = EnumTag.tag(of: root), let known = learned.value {
        guard rootTag == known.tag else { return nil }
        if known.projectable,
          let value = EnumTag.payload(of: root, tag: rootTag, indirect: known.indirect, as: Value.self)
        {
          return value
        }
      }
      return reflect(root, embed: embed, learned: learned)
    }
  }

  /// The extraction by `Mirror`, which teaches `learned` the case's tag and whether its payload
  /// can be projected.
  @usableFromInline
  static func reflect<Root, Value>(
    _ root: Root, embed: (Value) -> Root, learned: LearnedEnumCase
  ) -> Value? {
    let rootTag = EnumTag.tag(of: root)
    guard
      let (rootCase, payload) = caseAndPayload(of: root),
      let value = payload as? Value ?? singleElement(of: payload, as: Value.self)
    else { return nil }
    if let rootTag, let known = learned.value {
      // Another thread may have learned the case since this extraction checked: compare again,
      // or a root in another case would be taken for one in the case, and its tag learned.
      guard rootTag == known.tag else { return nil }
      if !known.checked {
        learned.learn(checked(rootTag, root: root, payload: payload, value: value))
      }
      return value
    }
    let embedded = embed(value)
    if let rootTag, let embeddedTag = EnumTag.tag(of: embedded) {
      guard embeddedTag == rootTag else {
        learned.learn(.init(tag: embeddedTag, checked: false, projectable: false, indirect: false))
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

  /// What a root in the case teaches: the case's tag, and whether projecting its payload gives
  /// exactly what `Mirror` gave (the payload's type is `Value` itself and the bytes agree).
  static func checked<Root, Value>(
    _ tag: UInt32, root: Root, payload: Any, value: Value
  ) -> LearnedEnumCase.Case {
    guard type(of: payload) == Value.self else {
      return .init(tag: tag, checked: true, projectable: false, indirect: false)
    }
    // A zero-sized payload has nothing to project (the compiler counts its case among the cases
    // without payload).
    if MemoryLayout<Value>.size == 0 {
      return .init(tag: tag, checked: true, projectable: true, indirect: false)
    }
    guard let indirect = EnumTag.isIndirect(Root.self, tag: tag) else {
      return .init(tag: tag, checked: true, projectable: false, indirect: false)
    }
    let projectable = EnumTag.payloadBytesMatch(
      of: root, tag: tag, indirect: indirect, value: value)
    return .init(tag: tag, checked: true, projectable: projectable, indirect: indirect)
  }

  /// The case name and payload of an enum value in a payload case; `nil` for anything else.
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
  static func singleElement<Value>(of payload: Any, as _: Value.Type) -> Value? {
    let mirror = Mirror(reflecting: payload)
    guard mirror.displayStyle == .tuple, mirror.children.count == 1 else { return nil }
    return mirror.children.first?.value as? Value
  }

  /// A case path to a payload-less case: a root is in the case when it equals `root()`.
  ///
  /// When `root()` is an enum case without payload, its tag alone tells the case, and comparing
  /// tags is the test; otherwise (a case with its payload given, `/Action.load(id: 1)`) the values
  /// are compared. `Root` must be `Equatable`; callers check that statically.
  static func payloadlessCase<Root>(_ root: @escaping @Sendable () -> Root) -> CasePath<Root, Void> {
    CasePath(
      embed: { _ in root() },
      extract: { candidate in
        let value = root()
        if let tag = EnumTag.tag(of: value), let payloadCases = EnumTag.payloadCaseCount(Root.self),
          tag >= payloadCases, let candidateTag = EnumTag.tag(of: candidate)
        {
          return candidateTag == tag ? () : nil
        }
        return areEqual(candidate, value) ? () : nil
      },
      // The case itself, payload given or not, is how it was written: `/Action.tapped`.
      written: { "/" + ValueText.describe(root()) })
  }

  /// How a case path made from the case constructor of a payload case was written,
  /// `/AppAction.child`, once its case is known: learned from an extraction, or the only case
  /// whose payload is a `Value`. `nil` while it cannot be told.
  @usableFromInline
  static func writtenForm<Root, Value>(
    _: Root.Type, payload _: Value.Type, learned: LearnedEnumCase
  ) -> String? {
    guard let tag = learned.value?.tag ?? EnumTag.onlyCase(of: Root.self, withPayload: Value.self),
      let name = EnumTag.caseName(Root.self, tag: tag)
    else { return nil }
    return "/\(ValueText.shorten(String(reflecting: Root.self))).\(name)"
  }

  private static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    func isEqual<T: Equatable>(_ lhs: T) -> Bool { (rhs as? T) == lhs }
    return isEqual(lhs)
  }
}

/// What a case path made with `/` learned about its case: the case's tag, and whether its payload
/// can be projected without reflection.
///
/// The state is a plain value behind a lock: it is learned at most twice (the tag from a root in
/// another case, then the check from a root in the case) and read on every extraction.
@usableFromInline
final class LearnedEnumCase: Sendable {
  @usableFromInline
  struct Case: Sendable {
    @usableFromInline var tag: UInt32
    /// Whether the payload projection was checked against `Mirror` (it needs a root in the case).
    @usableFromInline var checked: Bool
    /// Whether the payload's type is exactly the case path's value and projecting it agreed with
    /// `Mirror`.
    @usableFromInline var projectable: Bool
    /// Whether the case is `indirect`: its payload is in a heap box.
    @usableFromInline var indirect: Bool

    @inlinable
    init(tag: UInt32, checked: Bool, projectable: Bool, indirect: Bool) {
      self.tag = tag
      self.checked = checked
      self.projectable = projectable
      self.indirect = indirect
    }
  }

  /// What is known, packed in one atomic word so that extractions read it without a lock:
  /// `Layout.known` once learned, the tag in the low 32 bits, and a bit per flag.
  @usableFromInline let state = AtomicWord(0)

  /// Where each part of a `Case` lives in `state`.
  @usableFromInline enum Layout {
    @usableFromInline static let known: UInt64 = 1 << 63
    @usableFromInline static let checked: UInt64 = 1 << 32
    @usableFromInline static let projectable: UInt64 = 1 << 33
    @usableFromInline static let indirect: UInt64 = 1 << 34
    @usableFromInline static let tag: UInt64 = 0xFFFF_FFFF
  }

  @usableFromInline init() {}

  /// What is known so far; `nil` until a root was extracted from. Inlinable: read on every
  /// extraction.
  @inlinable var value: Case? {
    let word = state.load()
    guard word & Layout.known != 0 else { return nil }
    return Case(
      tag: UInt32(truncatingIfNeeded: word & Layout.tag),
      checked: word & Layout.checked != 0,
      projectable: word & Layout.projectable != 0,
      indirect: word & Layout.indirect != 0)
  }

  /// Records what an extraction taught.
  @usableFromInline func learn(_ learned: Case) {
    var word = Layout.known | UInt64(learned.tag)
    if learned.checked { word |= Layout.checked }
    if learned.projectable { word |= Layout.projectable }
    if learned.indirect { word |= Layout.indirect }
    state.store(word)
  }
}
