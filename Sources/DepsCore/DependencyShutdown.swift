/// A dependency value that holds a resource to release when the app stops: a connection, a cache
/// file, a server.
///
/// A store shuts down the conforming values it built itself, when asked (`environment.shutdown()`
/// on a `ComposableDeps` root, `Dependencies.shutdown()` in `GlobalDeps`): each once, last built
/// first, each awaited up to a timeout; one object several keys return, once.
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
