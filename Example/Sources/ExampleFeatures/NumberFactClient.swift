import ComposableDeps

/// Finds a fact about a number: the counter's one service.
///
/// A dependency is a struct of `@Sendable` closures, one per endpoint, so that a test or a preview
/// can replace any endpoint with a closure of its own. The live client keeps the facts it found in
/// a ``NumberFactCache``, which it opens when it is built and closes when the app shuts its
/// environment down: it is an asynchronous dependency, built on its first use. Read it in an
/// environment with `@Dependency(\.numberFact)`, and swap it in one line:
///
/// ```swift
/// let environment = CounterEnvironment().with(\.numberFact, .mock)
/// ```
public struct NumberFactClient: DependencyShutdown {
  /// Returns a sentence about `number`.
  public var fetch: @Sendable (_ number: Int) async -> String

  /// Releases what the client holds: the live client closes its cache.
  public var close: @Sendable () async -> Void

  /// The cache behind the live client; `nil` for the others.
  public var cache: NumberFactCache?

  /// Creates a client from its endpoints.
  ///
  /// - Parameters:
  ///   - fetch: Returns a sentence about the number it is given.
  ///   - close: Releases what the client holds; nothing by default.
  ///   - cache: The cache the client keeps its facts in, if any.
  public init(
    fetch: @escaping @Sendable (_ number: Int) async -> String,
    close: @escaping @Sendable () async -> Void = {},
    cache: NumberFactCache? = nil
  ) {
    self.fetch = fetch
    self.close = close
    self.cache = cache
  }

  /// Closes the client: the environment that built it calls this from its `shutdown()`.
  public func shutdown() async {
    await close()
  }
}

extension NumberFactClient {
  /// The client the app uses: computes the fact on the device after a short pause that stands in
  /// for a network round trip, so the example runs offline and prints the same facts every time,
  /// and keeps each fact in `cache`, so that asking again is instant.
  ///
  /// - Parameter cache: Where the client keeps the facts it found; closed with the client.
  /// - Returns: The live client.
  public static func live(cache: NumberFactCache) -> NumberFactClient {
    NumberFactClient(
      fetch: { number in
        if let fact = await cache.fact(about: number) { return fact }
        try? await Task.sleep(for: .milliseconds(20))
        let fact = "\(number) is \(describe(number))."
        await cache.remember(fact, about: number)
        return fact
      },
      close: { await cache.close() },
      cache: cache)
  }

  /// A client that answers at once with a sentence that says it is a mock, for previews, demo
  /// mode and tests.
  public static let mock = NumberFactClient { number in "\(number) is a mock number." }

  private static func describe(_ number: Int) -> String {
    if number == 0 { return "the additive identity" }
    if number < 0 { return "less than zero" }
    let isPrime = number > 1 && !(2..<number).contains { number % $0 == 0 }
    if isPrime { return "a prime number" }
    return number.isMultiple(of: 2) ? "an even number" : "an odd number"
  }
}

extension AsyncDependency where Value == NumberFactClient {
  /// ``NumberFactClient/mock``, built already: `environment.with(\.numberFact, .mock)`.
  public static var mock: Self { .value(.mock) }
}

/// The facts the live client found: opened when the client is built, closed when the app shuts
/// its environment down. It stands in for a cache file or a database.
public actor NumberFactCache {
  private var facts: [Int: String] = [:]

  /// Whether the cache is open: from ``open()`` until ``close()``.
  public private(set) var isOpen = true

  /// Creates an open, empty cache.
  public init() {}

  /// Opens a cache, as opening a file or a database would, asynchronously.
  ///
  /// - Returns: The open cache.
  public static func open() async -> NumberFactCache {
    await Task.yield()
    return NumberFactCache()
  }

  /// How many facts the cache holds.
  public var count: Int { facts.count }

  /// The fact kept about `number`, if any.
  public func fact(about number: Int) -> String? { facts[number] }

  /// Keeps `fact` about `number`, while the cache is open.
  public func remember(_ fact: String, about number: Int) {
    guard isOpen else { return }
    facts[number] = fact
  }

  /// Closes the cache: it forgets its facts and keeps no more.
  public func close() {
    facts = [:]
    isOpen = false
  }
}

/// The key of ``Dependencies/numberFact``: the live client in the app, built on its first use
/// with a cache it opens; an unimplemented one in tests, so a test that forgets to choose a
/// client fails instead of running the live one.
private enum NumberFactClientKey: AsyncDependencyKey {
  static func makeDefault() async -> NumberFactClient {
    .live(cache: await NumberFactCache.open())
  }

  static var testValue: AsyncDependency<NumberFactClient> {
    .value(NumberFactClient(fetch: unimplemented("NumberFactClient.fetch", placeholder: "")))
  }
}

extension Dependencies {
  /// The client that finds facts about numbers, built on its first await:
  /// ``NumberFactClient/live(cache:)`` over a cache it opens, unless overridden.
  public var numberFact: AsyncDependency<NumberFactClient> {
    get { self[NumberFactClientKey.self] }
    set { self[NumberFactClientKey.self] = newValue }
  }
}
