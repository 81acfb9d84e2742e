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
/// The first extraction reflects: the root's payload, taken out with `Mirror`, counts only when
/// embedding it again lands in the root's case. The case's tag is learned then, so later
/// extractions reject a root in another case by comparing tags and, once a projection agreed with
/// `Mirror`, take a payload of exactly `Value` out without `Mirror` (not where pointer
/// authentication, arm64e, signs the runtime's pointers). The value of a case with one labeled
/// value (`case event(value: Any)`) is that value, never a one-element tuple; a payload declared
/// as `Any`, a protocol or a superclass is extracted only when it holds a `Value`.
///
/// ```swift
/// enum AppAction { case child(ChildAction), move(from: Int, to: Int) }
/// let child = /AppAction.child                     // CasePath<AppAction, ChildAction>
/// (/AppAction.move).extract(from: .move(from: 1, to: 2))   // (from: 1, to: 2)
/// ```
///
/// Two cases that share a base name (`case load(id: Int)`, `case load(name: String)`) cannot be
/// told apart by reflection; write such case paths with ``CasePath/init(embed:extract:)``.
///
/// The Swift 5 language mode sees the overload below instead: there a case constructor may or
/// may not be `@Sendable`, and a `@Sendable` one would match both overloads ("ambiguous use of
/// operator '/'").
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
/// A root is in the case when its enum case is the case's (compared by tag, without `==`). `Root`
/// must be `Equatable`: a value with its payload given (`/Action.load(id: 1)`) matches the roots
/// equal to it, and the requirement keeps this overload from matching case constructors.
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
