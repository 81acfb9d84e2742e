/// What a test touched: the dependencies it read, and the values it set that nothing read.
///
/// Ask a `ComposableDeps` environment with `dependencyUsage()`, or `GlobalDeps` with
/// `Dependencies.usage()` (the scope in force, or the `.dependencies` trait's):
///
/// ```swift
/// let env = AppEnvironment().with(\.numberFact, .mock)
/// _ = env.uuid
/// print(env.dependencyUsage())
/// // Read: UUIDGeneratorKey
/// // Unread overrides: NumberFactClientKey
/// ```
///
/// Keys are named as `dependencyReport()` names them. Recorded in a test process only: elsewhere a
/// read records nothing and the usage is empty.
public struct DependencyUsage: Sendable, Equatable, CustomStringConvertible {
  /// The keys read. A key read through an alias is the key the reader named, whatever key of the
  /// group the value was set under.
  public var read: Set<String>

  /// The keys whose override nothing read (one shadowed everywhere below counts as unread).
  public var unreadOverrides: Set<String>

  /// Creates a usage from the keys read and the overrides nothing read.
  public init(read: Set<String> = [], unreadOverrides: Set<String> = []) {
    self.read = read
    self.unreadOverrides = unreadOverrides
  }

  /// Two lines, each sorted by key: `Read: AKey, BKey` and `Unread overrides: CKey` (or `none`).
  public var description: String {
    func list(_ keys: Set<String>) -> String { keys.isEmpty ? "none" : keys.sorted().joined(separator: ", ") }
    return "Read: \(list(read))\nUnread overrides: \(list(unreadOverrides))"
  }
}

/// What keeps a usage: an environment, in `ComposableDeps`. `DepsTesting` asks its `TestStore`'s
/// environment through this, without linking `ComposableDeps`.
package protocol DependencyUsageReporting: AnyObject {
  /// What was read through the environment and its descendants, and what was set on them.
  func dependencyUsage() -> DependencyUsage
}
