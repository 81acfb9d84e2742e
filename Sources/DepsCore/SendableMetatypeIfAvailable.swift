#if compiler(>=6.2)
  /// `SendableMetatype` on compilers that have it (Swift 6.2 and later), else no constraint.
  ///
  /// ``DependencyKey`` refines it, so that in a module with default MainActor isolation a key's
  /// conformance is `nonisolated` without saying so; `forEach` asks it of its collection type.
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
  public typealias SendableMetatypeIfAvailable = Any
#endif
