/// Runs the build of a store's asynchronous default with what the store needs in force: the
/// asynchronous twin of ``DefaultValues/Scope``.
///
/// An ``AsyncDependencyKey``'s default is built on its first await, in another task than the
/// synchronous build that made its ``AsyncDependency``; that build binds
/// ``AsyncBuildScopes/current``, and the `AsyncDependency` keeps it for its build.
package protocol AsyncBuildScope: Sendable {
  func run<Value: Sendable>(_ build: @Sendable () async throws -> Value) async throws -> Value
}

/// The ``AsyncBuildScope`` of the store whose default is being built on the current task.
package enum AsyncBuildScopes {
  /// Bound by a store's ``DefaultValues/Scope`` while it builds a default; `nil` for a store that
  /// needs nothing (a `ComposableDeps` tree).
  @TaskLocal package static var current: (any AsyncBuildScope)?
}
