/// Makes a ``CasePath`` from an enum case: `/Action.child`, `/Action.tapped`, `/.self`.
///
/// ```swift
/// let child = /AppAction.child    // a case with a payload: CasePath<AppAction, ChildAction>
/// let tapped = /AppAction.tapped  // a case without payload: CasePath<AppAction, Void>
/// let identity: CasePath<AppAction, AppAction> = /.self  // the identity
/// ```
prefix operator /

/// A case path for an enum case that has a payload, from its case constructor: `/Action.child`.
///
/// The first extraction reflects, and learns the case; later ones compare case tags and project
/// the payload without `Mirror`. The value of `case event(value: Any)` is the `Any`, never a
/// one-element tuple; a payload declared as `Any`, a protocol or a superclass is extracted only
/// when it holds a `Value`. Two cases that share a base name (`load(id:)`, `load(name:)`) cannot
/// be told apart: write those with ``CasePath/init(embed:extract:)``.
///
/// The Swift 5 language mode sees the overload below instead, since a `@Sendable` constructor
/// would match both ("ambiguous use of operator '/'").
@inlinable
@available(swift, introduced: 6.0)
public prefix func / <Root, Value>(
  embed: @escaping @Sendable (Value) -> Root
) -> CasePath<Root, Value> {
  guard EnumReflection.readsLayouts else { return EnumReflection.mirrorCasePath(embed) }
  let learned = LearnedEnumCase()
  return CasePath(
    embed: embed, extract: EnumReflection.extractor(case: embed, learned: learned),
    written: { EnumReflection.writtenForm(Root.self, payload: Value.self, learned: learned) },
    learned: learned)
}

/// A case path from an enum case constructor, for code in the Swift 5 language mode: `/AppAction.child`.
///
/// That mode does not infer a case constructor `@Sendable`, and converting one to a `@Sendable`
/// parameter is an error there: this overload, which only that mode sees, takes the constructor
/// as it is.
///
/// - Precondition: `embed` is an enum case constructor, which captures nothing: it is called from
///   any thread. (No check can tell a constructor from a closure.)
@available(swift, obsoleted: 6.0, message: "in the Swift 6 language mode, / takes a @Sendable function")
public prefix func / <Root, Value>(
  embed: @escaping (Value) -> Root
) -> CasePath<Root, Value> {
  let constructor = CaseConstructor(embed: embed)
  return /{ constructor.embed($0) }
}

private struct CaseConstructor<Root, Value>: @unchecked Sendable {
  // @unchecked: the precondition of `/` in the Swift 5 language mode: a case constructor captures
  // no state, so calling it from any thread is safe.
  let embed: (Value) -> Root
}

/// A case path for an enum case without payload: `/Action.tapped`, a `CasePath<Action, Void>`.
///
/// `Root` must be `Equatable`: a value with its payload given (`/Action.load(id: 1)`) matches the
/// roots equal to it, and the requirement keeps this overload from matching case constructors.
public prefix func / <Root: Equatable>(
  root: @autoclosure @escaping @Sendable () -> Root
) -> CasePath<Root, Void> {
  // Comparing through `any Equatable` keeps `Root: Equatable` out of the `@Sendable` closures,
  // which would otherwise capture `Root`'s non-Sendable metatype.
  EnumReflection.payloadlessCase(root)
}

/// Returns `path` unchanged, so that `/.self` spells the identity case path.
public prefix func / <Root, Value>(path: CasePath<Root, Value>) -> CasePath<Root, Value> {
  path
}

/// The identity case path for a type: `/AppAction.self`.
public prefix func / <Root>(type: Root.Type) -> CasePath<Root, Root> {
  .self
}
