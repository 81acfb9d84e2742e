/// The aliases an environment declares for a derived child, built by chaining ``alias(_:to:)``.
///
/// Aliases join `Dependencies` properties, whatever the child's type, so the builder is the same
/// for every child.
///
/// ```swift
/// final class AppEnvironment: ComposableEnvironment {
///   @Derived<FeatureEnvironment>(aliases: { $0.alias(\.main, to: \.mainQueue) })
///   var feature
/// }
/// ```
public struct AliasBuilder: Sendable {
  package private(set) var pairs: [(alias: DependencyKeyPath, reference: DependencyKeyPath)] = []

  package init() {}

  /// Makes `dependency` an alias of `reference` in the child: reading or setting either reads or
  /// sets both, and while neither is set both read `reference`'s default.
  /// - Returns: The builder with the alias added, to chain further aliases.
  public func alias<Value>(
    _ dependency: WritableKeyPath<Dependencies, Value>,
    to reference: WritableKeyPath<Dependencies, Value>
  ) -> Self {
    var copy = self
    copy.pairs.append((DependencyKeyPath(dependency), DependencyKeyPath(reference)))
    return copy
  }
}
