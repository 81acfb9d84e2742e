#if compiler(>=6.2)
  /// `SendableMetatype` on compilers that have it (Swift 6.2 and later), else no constraint.
  ///
  /// A type whose metatype is `SendableMetatype` has conformances that any thread may use. The
  /// library asks for it where a `@Sendable` reducer or a dependency read uses a type's
  /// conformances: ``DependencyKey`` refines it, so that in a module with default MainActor
  /// isolation a key's conformance is `nonisolated` without saying so, and `forEach` asks it of its
  /// collection type. Standard library types and types of modules without default MainActor
  /// isolation have it.
  ///
  /// ```swift
  /// // In a module built with `.defaultIsolation(MainActor.self)`:
  /// private enum GreetingKey: DependencyKey {
  ///   static let defaultValue = "Hello"
  /// }
  /// ```
  public typealias SendableMetatypeIfAvailable = SendableMetatype
#else
  /// `SendableMetatype` on compilers that have it (Swift 6.2 and later), else no constraint.
  ///
  /// This compiler has no `SendableMetatype`: every type's conformances may be used anywhere.
  public typealias SendableMetatypeIfAvailable = Any
#endif
