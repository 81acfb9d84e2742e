import DepsCore

/// Extraction of an enum case's payload by reflection, for case paths made from case constructors.
@usableFromInline
enum EnumReflection {
  /// Whether case paths made now read the runtime's enum layouts (`EnumTag`), or use `Mirror`
  /// alone: where pointer authentication (arm64e) signs the pointers the layouts are read
  /// through, and while a test sets ``readsMirrorOnly``. Read once per case path, when it is made.
  @usableFromInline static var readsLayouts: Bool {
    #if _ptrauth(_arm64e)
      false
    #else
      !readsMirrorOnly
    #endif
  }

  @TaskLocal static var readsMirrorOnly = false

  /// The payload `Mirror` shows is a candidate only, since another case may have the same payload
  /// type: embedding it tells which case `embed` constructs, and its tag is learned then.
  @inlinable
  static func extractor<Root, Value>(
    case embed: @escaping @Sendable (Value) -> Root, learned: LearnedEnumCase
  ) -> @Sendable (Root) -> Value? {
    { root in
      switch knownExtraction(of: root, learned: learned, as: Value.self) {
      case .value(let value): return value
      case .otherCase: return nil
      case .unknown: return reflect(root, embed: embed, learned: learned)
      }
    }
  }

  @usableFromInline
  enum KnownExtraction<Value> {
    case value(Value)
    case otherCase
    /// The case is not learned yet, or its payload cannot be projected: reflection must tell.
    case unknown
  }

  /// What `learned` tells of `root` without reflection. Inlinable, so that
  /// `CasePath.extract(from:)` answers without calling its extraction closure.
  @inlinable
  static func knownExtraction<Root, Value>(
    of root: Root, learned: LearnedEnumCase, as _: Value.Type
  ) -> KnownExtraction<Value> {
    guard let rootTag = EnumTag.tag(of: root), let known = learned.value else { return .unknown }
    guard rootTag == known.tag else { return .otherCase }
    if known.projectable,
      let value = EnumTag.payload(of: root, tag: rootTag, indirect: known.indirect, as: Value.self)
    {
      return .value(value)
    }
    return .unknown
  }

  /// The extraction by `Mirror`, which teaches `learned`.
  @usableFromInline
  static func reflect<Root, Value>(
    _ root: Root, embed: (Value) -> Root, learned: LearnedEnumCase
  ) -> Value? {
    let rootTag = EnumTag.tag(of: root)
    guard let (rootCase, payload) = caseAndPayload(of: root) else { return nil }
    // One reading of what is known, so that the steps below agree on it.
    let known = learned.value
    if let rootTag, let known {
      // Another thread may have learned the case since this extraction checked: compare again,
      // or a root in another case would be taken for one in the case, and its tag learned.
      guard rootTag == known.tag else { return nil }
      if known.checked {
        return value(of: payload, isOneElementTuple: known.isOneElementTuple, as: Value.self)
      }
    }
    let declared = rootTag.flatMap { EnumTag.payloadType(Root.self, tag: $0) }
    let isTuple = isOneElementTuple(payload, declared: declared)
    guard let value = value(of: payload, isOneElementTuple: isTuple, as: Value.self) else {
      return nil
    }
    if let rootTag, known != nil {
      // In the learned case (compared above), not yet checked: this root checks it.
      learned.learn(
        checked(rootTag, root: root, declared: declared, isOneElementTuple: isTuple, value: value))
      return value
    }
    let embedded = embed(value)
    if let rootTag, let embeddedTag = EnumTag.tag(of: embedded) {
      guard embeddedTag == rootTag else {
        learned.learn(.init(tag: embeddedTag, checked: false, projectable: false, indirect: false))
        return nil
      }
      learned.learn(
        checked(rootTag, root: root, declared: declared, isOneElementTuple: isTuple, value: value))
      return value
    }
    guard let (embeddedCase, _) = caseAndPayload(of: embedded), embeddedCase == rootCase else {
      return nil
    }
    return value
  }

  /// What a root in the case teaches; projectable when the payload's declared type is `Value`
  /// itself and its bytes agree with what `Mirror` gave.
  static func checked<Root, Value>(
    _ tag: UInt32, root: Root, declared: Any.Type?, isOneElementTuple: Bool, value: Value
  ) -> LearnedEnumCase.Case {
    let unprojectable = LearnedEnumCase.Case(
      tag: tag, checked: true, projectable: false, indirect: false,
      isOneElementTuple: isOneElementTuple)
    // Only a payload declared as a `Value` is one in memory: a payload declared as `Any`, a
    // protocol or a superclass holds a `Value` the case path's type was converted to (a
    // `CasePath<Action, Int>` made from `case value(Any)`), and a one-element tuple wraps one.
    guard declared == Value.self, !isOneElementTuple else { return unprojectable }
    // A zero-sized payload has nothing to project (the compiler counts its case among the cases
    // without payload).
    if MemoryLayout<Value>.size == 0 {
      return .init(tag: tag, checked: true, projectable: true, indirect: false)
    }
    guard let indirect = EnumTag.isIndirect(Root.self, tag: tag) else { return unprojectable }
    let projectable = EnumTag.payloadBytesMatch(
      of: root, tag: tag, indirect: indirect, value: value)
    return .init(tag: tag, checked: true, projectable: projectable, indirect: indirect)
  }

  static func caseAndPayload(of value: Any) -> (String, Any)? {
    let mirror = Mirror(reflecting: value)
    guard
      mirror.displayStyle == .enum || mirror.displayStyle == .optional,
      let child = mirror.children.first,
      let label = child.label
    else { return nil }
    return (label, child.value)
  }

  /// Whether `payload` is the one-element tuple `(value: Any)` of `case event(value: Any)`, which
  /// holds the case path's value rather than being it.
  ///
  /// - Parameter declared: A payload declared as `Any` may hold a one-element tuple, which is then
  ///   the value; without the declared type (`Mirror` alone), one is taken for the wrapper.
  static func isOneElementTuple(_ payload: Any, declared: Any.Type?) -> Bool {
    if let declared, type(of: payload) != declared { return false }
    let mirror = Mirror(reflecting: payload)
    return mirror.displayStyle == .tuple && mirror.children.count == 1
  }

  static func value<Value>(of payload: Any, isOneElementTuple: Bool, as _: Value.Type) -> Value? {
    guard isOneElementTuple else { return payload as? Value }
    // Unwrapped first: cast as an `Any?`, an element that is itself `nil` would be wrapped again.
    guard let element = Mirror(reflecting: payload).children.first?.value else { return nil }
    return element as? Value
  }

  /// A root is in the case when its payload, embedded again, lands in a case of the same name.
  @usableFromInline
  static func mirrorCasePath<Root, Value>(
    _ embed: @escaping @Sendable (Value) -> Root
  ) -> CasePath<Root, Value> {
    // Learned from the first payload that is a `Value`, for `writtenForm`.
    let name = Locked<String?>(nil)
    return CasePath(
      embed: embed,
      extract: { root in
        guard let (rootCase, payload) = caseAndPayload(of: root),
          let value = value(
            of: payload, isOneElementTuple: isOneElementTuple(payload, declared: nil), as: Value.self),
          let (embeddedCase, _) = caseAndPayload(of: embed(value))
        else { return nil }
        name.withLock { $0 = embeddedCase }
        return embeddedCase == rootCase ? value : nil
      },
      written: { name.withLock { $0 }.map { writtenForm(Root.self, caseName: $0) } })
  }

  /// A root is in the case when its case is that of `root()`, an enum case without payload
  /// (compared by tag, or by name with `Mirror` alone), or else when it equals `root()`
  /// (`/Action.load(id: 1)`). Callers check statically that `Root` is `Equatable`.
  static func payloadlessCase<Root>(_ root: @escaping @Sendable () -> Root) -> CasePath<Root, Void> {
    let readsLayouts = readsLayouts
    return CasePath(
      embed: { _ in root() },
      extract: { candidate in
        let value = root()
        if readsLayouts {
          if let tag = EnumTag.tag(of: value), let payloadCases = EnumTag.payloadCaseCount(Root.self),
            tag >= payloadCases, let candidateTag = EnumTag.tag(of: candidate)
          {
            return candidateTag == tag ? () : nil
          }
        } else if let name = nameOfCaseWithoutPayload(value) {
          return nameOfCaseWithoutPayload(candidate) == name ? () : nil
        }
        return areEqual(candidate, value) ? () : nil
      },
      written: { "/" + ValueText.describe(root()) })
  }

  /// What `print` shows of an enum case without payload; `nil` for anything else.
  static func nameOfCaseWithoutPayload<Root>(_ value: Root) -> String? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum || mirror.displayStyle == .optional, mirror.children.isEmpty,
      let name = enumCaseName(value)
    else { return nil }
    return String(cString: name)
  }

  /// `/AppAction.child`, once the case is known: learned from an extraction, or the only case
  /// whose payload is a `Value`.
  @usableFromInline
  static func writtenForm<Root, Value>(
    _: Root.Type, payload _: Value.Type, learned: LearnedEnumCase
  ) -> String? {
    guard let tag = learned.value?.tag ?? EnumTag.onlyCase(of: Root.self, withPayload: Value.self),
      let name = EnumTag.caseName(Root.self, tag: tag)
    else { return nil }
    return writtenForm(Root.self, caseName: name)
  }

  static func writtenForm<Root>(_: Root.Type, caseName: String) -> String {
    "/\(ValueText.shorten(String(reflecting: Root.self))).\(caseName)"
  }

  private static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    func isEqual<T: Equatable>(_ lhs: T) -> Bool { (rhs as? T) == lhs }
    return isEqual(lhs)
  }
}

/// The Swift runtime's entry point that `print` uses to show a case without payload: NUL-terminated
/// UTF-8 in the runtime's metadata, never freed; `nil` when `value` is not an enum. It reads the
/// layouts with pointer authentication where there is some.
@_silgen_name("swift_EnumCaseName")
private func enumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

/// What a case path made with `/` learned about its case: learned at most twice (the tag from a
/// root in another case, then the check from a root in the case), read on every extraction.
@usableFromInline
final class LearnedEnumCase: Sendable {
  @usableFromInline
  struct Case: Sendable {
    @usableFromInline var tag: UInt32
    /// Checked against `Mirror`, which needs a root in the case.
    @usableFromInline var checked: Bool
    @usableFromInline var projectable: Bool
    /// The payload is in a heap box.
    @usableFromInline var indirect: Bool
    /// The payload of `case event(value: Any)` is `(value: Any)`, whose element is the value.
    @usableFromInline var isOneElementTuple: Bool

    @inlinable
    init(tag: UInt32, checked: Bool, projectable: Bool, indirect: Bool, isOneElementTuple: Bool = false) {
      self.tag = tag
      self.checked = checked
      self.projectable = projectable
      self.indirect = indirect
      self.isOneElementTuple = isOneElementTuple
    }
  }

  /// One atomic word, so that extractions read it without a lock.
  @usableFromInline let state = AtomicWord(0)

  @usableFromInline enum Layout {
    @usableFromInline static let known: UInt64 = 1 << 63
    @usableFromInline static let checked: UInt64 = 1 << 32
    @usableFromInline static let projectable: UInt64 = 1 << 33
    @usableFromInline static let indirect: UInt64 = 1 << 34
    @usableFromInline static let isOneElementTuple: UInt64 = 1 << 35
    @usableFromInline static let tag: UInt64 = 0xFFFF_FFFF
  }

  @usableFromInline init() {}

  /// `nil` until a root was extracted from.
  @inlinable var value: Case? {
    let word = state.load()
    guard word & Layout.known != 0 else { return nil }
    return Case(
      tag: UInt32(truncatingIfNeeded: word & Layout.tag),
      checked: word & Layout.checked != 0,
      projectable: word & Layout.projectable != 0,
      indirect: word & Layout.indirect != 0,
      isOneElementTuple: word & Layout.isOneElementTuple != 0)
  }

  @usableFromInline func learn(_ learned: Case) {
    var word = Layout.known | UInt64(learned.tag)
    if learned.checked { word |= Layout.checked }
    if learned.projectable { word |= Layout.projectable }
    if learned.indirect { word |= Layout.indirect }
    if learned.isOneElementTuple { word |= Layout.isOneElementTuple }
    state.store(word)
  }
}
