/// The error an await of an ``AsyncDependency`` throws when its build needs itself: the build
/// awaits, directly or through other builds, the value being built.
///
/// Such a wait could never end (a database that awaits the configuration, which awaits the
/// database): the await that would close the cycle fails the running test (outside tests, a runtime
/// warning) and throws this error, which ends the cycle's builds when each passes it on with `try`:
///
/// ```swift
/// func openDatabase(_ database: AsyncDependency<Int>) async throws -> Int {
///   do {
///     return try await database.value
///   } catch let cycle as AsyncDependencyCycle {
///     print(cycle.path)  // ["DatabaseKey", "ConfigurationKey", "DatabaseKey"]
///     throw cycle
///   }
/// }
/// ```
public struct AsyncDependencyCycle: Error, Equatable, Sendable, CustomStringConvertible {
  /// The builds of the cycle, in the order each waits for the next: first and last the build
  /// awaited, named by its key (a `.build { … }` override by its type, `AsyncDependency<Value>`).
  public let path: [String]

  /// Creates the error of the cycle of builds `path`.
  public init(path: [String]) {
    self.path = path
  }

  /// The message that names the cycle, as the library reports it.
  public var description: String {
    """
    Creating the value of \(path.first ?? "") needs itself (\(path.joined(separator: " → "))).

    The build of an asynchronous dependency (makeDefault() or .build { … }) may await other \
    dependencies, but not one whose build waits for it: neither could ever end, so the await \
    throws AsyncDependencyCycle instead. To fix: break the cycle, for instance by awaiting the \
    dependency lazily inside an endpoint instead of in the build.
    """
  }
}
