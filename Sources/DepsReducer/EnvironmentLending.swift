/// Lends a child environment for the time a pullback runs its child reducer.
///
/// The one protocol behind every pullback and `forEach`: `DepsReducer` states each state shape's
/// body once, generic over the lender, and each environment kind adopts it with a lender of its
/// own. An `environment:` closure derives the child (`DerivedEnvironment`); ComposableDeps'
/// environment-less pullbacks borrow the child the parent keeps, with no reference taken;
/// GlobalDeps' make one with `init()`. A value rather than a closure, so that the pullbacks'
/// `@Sendable` reducers capture no metatype. (The environment-less public overloads themselves
/// are declared in each module: a public signature cannot name a `package` protocol, and
/// `GlobalEnvironment`, a public protocol, cannot refine one.)
@usableFromInline
package protocol EnvironmentLending<Parent, Child>: Sendable {
  associatedtype Parent
  associatedtype Child
  /// Runs `body` with `parent`'s child environment.
  func withChild<R>(of parent: Parent, _ body: (Child) -> R) -> R
}

/// The child environment an `environment:` closure derives.
@usableFromInline
struct DerivedEnvironment<Parent, Child>: EnvironmentLending {
  @usableFromInline let derive: @Sendable (Parent) -> Child

  @inlinable
  init(derive: @escaping @Sendable (Parent) -> Child) {
    self.derive = derive
  }

  @inlinable
  func withChild<R>(of parent: Parent, _ body: (Child) -> R) -> R {
    body(derive(parent))
  }
}
