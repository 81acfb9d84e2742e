import ComposableDeps
import DepsTesting
import LifecycleServer
import Logging
import ServiceLifecycle
import Testing

// The guide's service in a real ServiceGroup: a graceful shutdown of the group shuts the app's
// dependencies down, last built first, after the service that uses them stopped, within the
// group's timeout.

/// What happened, in order: services stopping and values shutting down.
private let events = LockIsolated<[String]>([])

/// A value the app opens and must close; its shutdown records its name.
private final class Resource: DependencyShutdown {
  let name: String
  let hangs: Bool

  init(_ name: String, hangs: Bool = false) {
    self.name = name
    self.hangs = hangs
  }

  func shutdown() async {
    if hangs {
      // A connection that never closes: its shutdown ends only when it is cancelled.
      try? await Task.sleep(for: .seconds(60))
      events.withValue { $0.append("\(name) cancelled") }
      return
    }
    events.withValue { $0.append(name) }
  }
}

/// Built asynchronously, first.
private enum DatabaseKey: AsyncDependencyKey {
  static func makeDefault() async throws -> Resource { Resource("database") }
  static var testValue: AsyncDependency<Resource> { .build { Resource("database") } }
}

private enum CacheKey: DependencyKey {
  static var defaultValue: Resource { Resource("cache") }
  static var testValue: Resource { Resource("cache") }
}

private enum MailerKey: DependencyKey {
  static var defaultValue: Resource { Resource("mailer") }
  static var testValue: Resource { Resource("mailer") }
}

private enum HangingMailerKey: DependencyKey {
  static var defaultValue: Resource { Resource("hanging mailer", hangs: true) }
  static var testValue: Resource { Resource("hanging mailer", hangs: true) }
}

extension Dependencies {
  fileprivate var database: AsyncDependency<Resource> {
    get { self[DatabaseKey.self] }
    set { self[DatabaseKey.self] = newValue }
  }
  fileprivate var cache: Resource {
    get { self[CacheKey.self] }
    set { self[CacheKey.self] = newValue }
  }
  fileprivate var mailer: Resource {
    get { self[MailerKey.self] }
    set { self[MailerKey.self] = newValue }
  }
  fileprivate var hangingMailer: Resource {
    get { self[HangingMailerKey.self] }
    set { self[HangingMailerKey.self] = newValue }
  }
}

private final class AppEnvironment: ComposableEnvironment {
  @Dependency(\.database) var database
  @Dependency(\.cache) var cache
  @Dependency(\.mailer) var mailer
  @Dependency(\.hangingMailer) var hangingMailer
}

/// The app's server: it builds the dependencies as it starts (database, cache, mailer), then
/// serves until the group shuts it down.
private struct Server: Service, @unchecked Sendable {
  // @unchecked: the environment is thread-safe inside; the service only reads it.
  let environment: AppEnvironment
  let hangingMailer: Bool
  let ready: AsyncStream<Void>.Continuation

  func run() async throws {
    _ = try await environment.database.value
    _ = environment.cache
    _ = hangingMailer ? environment.hangingMailer : environment.mailer
    ready.yield()
    do {
      try await gracefulShutdown()
      events.withValue { $0.append("server stopped") }
    } catch {
      events.withValue { $0.append("server cancelled") }
    }
  }
}

@Suite(.serialized) struct ServiceGroupTests {
  /// Runs the app's group (dependencies first, the server second), shuts it down gracefully once
  /// the server is ready, and returns the seconds the shutdown took.
  private func runAndShutDown(
    hangingMailer: Bool, valueTimeout: Duration, groupTimeout: Duration
  ) async throws -> Duration {
    events.setValue([])
    let environment = AppEnvironment()
    let (ready, readyContinuation) = AsyncStream<Void>.makeStream()
    var configuration = ServiceGroupConfiguration(
      services: [
        .init(service: DependenciesService(environment: environment, timeout: valueTimeout)),
        .init(
          service: Server(environment: environment, hangingMailer: hangingMailer, ready: readyContinuation)),
      ],
      logger: Logger(label: "RealPackagesTests"))
    configuration.maximumGracefulShutdownDuration = groupTimeout
    let group = ServiceGroup(configuration: configuration)
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try await group.run() }
      for await _ in ready { break }
      let start = ContinuousClock.now
      await group.triggerGracefulShutdown()
      try await tasks.waitForAll()
      return ContinuousClock.now - start
    }
  }

  @Test func aGracefulShutdownClosesTheDependenciesLastBuiltFirst() async throws {
    let elapsed = try await runAndShutDown(
      hangingMailer: false, valueTimeout: .seconds(2), groupTimeout: .seconds(5))
    #expect(events.value == ["server stopped", "mailer", "cache", "database"])
    #expect(elapsed < .seconds(5))
  }

  /// A value that does not close within the service's timeout is reported and left; the values
  /// built before it still close, and the group ends before its own timeout would cancel it.
  @Test func aValueThatHangsIsLeftAndTheRestCloseInTime() async throws {
    try await withKnownIssue {
      let elapsed = try await runAndShutDown(
        hangingMailer: true, valueTimeout: .milliseconds(200), groupTimeout: .seconds(5))
      #expect(events.value == ["server stopped", "hanging mailer cancelled", "cache", "database"])
      #expect(elapsed < .seconds(5))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        The value of HangingMailerKey (Resource) did not shut down within 0.2 seconds.

        shutdown() waits for each value the store built at most its timeout, then cancels that \
        value's shutdown and goes on with the next. To fix: make Resource.shutdown() return sooner, \
        or pass a longer timeout to shutdown(timeout:).
        """
      ]
    }
  }
}
