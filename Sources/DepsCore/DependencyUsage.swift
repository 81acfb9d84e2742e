/// What a test touched: the dependencies it read, and the values it set that nothing read.
///
/// Ask a `ComposableDeps` environment with `dependencyUsage()` (what was read through it and its
/// descendants, and what was set on them), or `GlobalDeps` with `Dependencies.usage()` (the
/// `withDependencies` scope in force, or the `.dependencies` trait's):
///
/// ```swift
/// let env = AppEnvironment().with(\.numberFact, .mock)
/// _ = env.uuid
/// print(env.dependencyUsage())
/// // Read: UUIDGeneratorKey
/// // Unread overrides: NumberFactClientKey
/// ```
///
/// Keys are named as `dependencyReport()` names them: the key type as declared, without its
/// module. Usage is recorded while XCTest or Swift Testing runs the process
/// (``DependencyContext/test``); elsewhere nothing is recorded, so that a read in an app costs
/// what it costs without it, and the usage is empty.
public struct DependencyUsage: Sendable, Equatable, CustomStringConvertible {
  /// The keys read.
  ///
  /// A key read through an alias is the key the reader named; the value it got may have been set
  /// under another key of the alias group.
  public var read: Set<String>

  /// The keys whose value was set for the test and never read: nothing read the value that
  /// override set (a value set on an ancestor and shadowed everywhere below is unread too).
  public var unreadOverrides: Set<String>

  /// Creates a usage from the keys read and the overrides nothing read.
  public init(read: Set<String> = [], unreadOverrides: Set<String> = []) {
    self.read = read
    self.unreadOverrides = unreadOverrides
  }

  /// Two lines, each sorted by key: `Read: AKey, BKey` and `Unread overrides: CKey` (`none` for
  /// an empty set).
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
