/// A dependency value that holds a resource to release when the app stops: a connection, a cache
/// file, a server.
///
/// A store shuts down the values it built itself (a key's default or test value, or the value an
/// ``AsyncDependencyKey`` built) that conform, when asked: `await environment.shutdown()` on a
/// `ComposableDeps` root environment, `await Dependencies.shutdown()` in `GlobalDeps`. It calls
/// ``shutdown()`` on each exactly once, in the reverse of the order they were built (a value built
/// from another one is shut down before it), and waits for each, up to a timeout. One object that
/// several keys return is shut down once, at the place of its first build.
///
/// ```swift
/// actor FactCache: DependencyShutdown {
///   private var facts: [Int: String] = [:]
///   private(set) var isOpen = true
///
///   func shutdown() async {
///     facts = [:]
///     isOpen = false
///   }
/// }
/// ```
///
/// A value you set yourself (with `with(_:_:)`, `withDependencies` or a test trait) belongs to
/// you: the store never shuts it down.
public protocol DependencyShutdown: Sendable {
  /// Releases what the value holds. Called at most once per store that built the value, however
  /// many of the store's keys return it.
  func shutdown() async
}
