/// Lends a child environment for the time a pullback runs its child reducer.
///
/// Every pullback and `forEach` body is written once, generic over its lender: an `environment:`
/// closure derives the child (`DerivedEnvironment`), and each environment kind adopts this
/// protocol with one lender for its environment-less overloads (ComposableDeps' borrows the child
/// the parent keeps; GlobalDeps' makes one with `init()`). A value rather than a closure, so that
/// the pullbacks' `@Sendable` reducers capture no metatype. The environment-less overloads stay
/// declared in each module: a public signature cannot name a `package` protocol, and
/// `GlobalEnvironment`, a public protocol, cannot refine one.
@usableFromInline
package protocol EnvironmentLending<Parent, Child>: Sendable {
  associatedtype Parent
  associatedtype Child
  /// Runs `body` with `parent`'s child environment.
  func withChild<R>(of parent: Parent, _ body: (Child) -> R) -> R
}

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
