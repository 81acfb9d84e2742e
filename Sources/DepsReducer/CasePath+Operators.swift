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
/// The first extraction of a root in the case uses reflection: the root's payload is taken out
/// with `Mirror`, embedded again with the case constructor, and kept only when that lands in the
/// same case as the root. The case's enum tag is learned then, so later extractions reject a root
/// in another case by comparing tags, without reflection, and, when the payload's type is exactly
/// `Value` and a projection agreed with `Mirror` once, take the payload out of a root in the case
/// without `Mirror` too. Single values, tuples (labeled or not) and `indirect` cases work. The value
/// of a case with one labeled value (`case event(value: Any)`) is that value, never the
/// one-element tuple `(value: 42)`, whatever its type; a payload declared as `Any`, a protocol or a
/// superclass is extracted only when it holds a `Value`.
///
/// Where pointer authentication (arm64e) signs the runtime's pointers, case paths use `Mirror`
/// alone: the same values, without the fast path, and the case is named in failure texts once an
/// extraction showed it.
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
/// Code in the Swift 5 language mode sees the overload below instead, which takes the
/// constructor as it is: there a case constructor may or may not be `@Sendable` (it is with the
/// `InferSendableFromCaptures` upcoming feature, which Xcode's "Approachable Concurrency" setting
/// turns on), and a `@Sendable` one would match both overloads equally ("ambiguous use of
/// operator '/'").
///
/// - Parameter embed: The enum case constructor, like `AppAction.child`.
/// - Returns: A case path to that case.
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
/// The Swift 5 language mode does not infer a case constructor `@Sendable` (the Swift 6 mode, or
/// the `InferSendableFromCaptures` upcoming feature, does), and converting one to the `@Sendable`
/// parameter of an operator is an error there ("converting non-Sendable function value to
/// '@Sendable (ChildAction) -> AppAction' may introduce data races"). This overload takes the
/// constructor as it is, `@Sendable` or not, and is the only one of the two that the Swift 5 mode
/// sees (with both, a `@Sendable` constructor was "ambiguous use of operator '/'"); the Swift 6
/// mode does not see it.
///
/// ```swift
/// let child = /AppAction.child   // in a Swift 5 mode module
/// ```
///
/// - Precondition: `embed` is an enum case constructor, which captures nothing: it is called from
///   any thread. (No check can tell a constructor from a closure.)
/// - Parameter embed: The enum case constructor, like `AppAction.child`.
/// - Returns: A case path to that case.
@available(swift, obsoleted: 6.0, message: "in the Swift 6 language mode, / takes a @Sendable function")
public prefix func / <Root, Value>(
  embed: @escaping (Value) -> Root
) -> CasePath<Root, Value> {
  let constructor = CaseConstructor(embed: embed)
  return /{ constructor.embed($0) }
}

/// An enum case constructor from Swift 5 mode code, which captures nothing.
private struct CaseConstructor<Root, Value>: @unchecked Sendable {
  // @unchecked: the precondition of `/` in the Swift 5 language mode: a case constructor captures
  // no state, so calling it from any thread is safe.
  let embed: (Value) -> Root
}

/// A case path for an enum case without payload: `/Action.tapped`.
///
/// A root is in the case when its enum case is the case's (compared by enum tag, without `==`).
/// `Root` must be `Equatable`: a value with its payload given (`/Action.load(id: 1)`) matches the
/// roots equal to it, and the requirement keeps this overload from matching case constructors,
/// which are functions.
///
/// ```swift
/// enum AppAction: Equatable { case tapped, child(ChildAction) }
/// let tapped = /AppAction.tapped            // CasePath<AppAction, Void>
/// tapped.extract(from: .tapped) != nil      // true
/// ```
///
/// - Parameter root: The case, like `AppAction.tapped`.
/// - Returns: A case path with a `Void` value to that case.
public prefix func / <Root: Equatable>(
  root: @autoclosure @escaping @Sendable () -> Root
) -> CasePath<Root, Void> {
  // Comparing through `any Equatable` keeps `Root: Equatable` out of the `@Sendable` closures,
  // which would otherwise capture `Root`'s non-Sendable metatype.
  EnumReflection.payloadlessCase(root)
}

/// Returns the given case path unchanged, so that `/.self` spells the identity case path.
///
/// ```swift
/// let identity: CasePath<AppAction, AppAction> = /.self
/// ```
///
/// - Parameter path: A case path, usually ``CasePath/self``.
/// - Returns: `path`.
public prefix func / <Root, Value>(path: CasePath<Root, Value>) -> CasePath<Root, Value> {
  path
}

/// The identity case path for a type: `/AppAction.self`.
///
/// ```swift
/// let identity = /AppAction.self   // CasePath<AppAction, AppAction>
/// ```
///
/// - Parameter type: The root type.
/// - Returns: The identity case path of `type`.
public prefix func / <Root>(type: Root.Type) -> CasePath<Root, Root> {
  .self
}
