import ComposableDeps
import ServiceLifecycle

/// Shuts down what an app's root environment built, once its service group shuts down: the
/// service of Docs/Lifecycle.md, for a `ComposableDeps` app.
///
/// Put it first in the group's services: the group shuts its services down last first, so the
/// dependencies close after every service that uses them has stopped.
public struct DependenciesService<Environment: ComposableEnvironment>: Service, @unchecked Sendable {
  // @unchecked: a ComposableEnvironment is thread-safe inside (Docs/ChoosingAModule.md) but not
  // declared Sendable; the service only calls its shutdown(timeout:).
  private let environment: Environment
  private let timeout: Duration

  /// A service that shuts `environment`'s tree down, giving each value `timeout`: keep it under
  /// the group's `maximumGracefulShutdownDuration`, so a value that hangs is reported and skipped
  /// before the group escalates to cancellation.
  public init(environment: Environment, timeout: Duration) {
    self.environment = environment
    self.timeout = timeout
  }

  /// Waits for the group's graceful shutdown, then shuts the environment's values down.
  public func run() async throws {
    // Returns when the group starts its graceful shutdown, and throws when the group cancels
    // instead (another service failed): either way, close what was opened.
    try? await gracefulShutdown()
    await environment.shutdown(timeout: timeout)
  }
}
