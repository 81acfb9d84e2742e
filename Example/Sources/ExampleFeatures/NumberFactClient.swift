import ComposableDeps

/// Finds a fact about a number: the counter's one service.
///
/// A dependency is a struct of `@Sendable` closures, one per endpoint, so that a test or a preview
/// can replace any endpoint with a closure of its own. Read it in an environment with
/// `@Dependency(\.numberFact)`, and swap it in one line:
///
/// ```swift
/// let environment = CounterEnvironment().with(\.numberFact, .mock)
/// ```
public struct NumberFactClient: Sendable {
  /// Returns a sentence about `number`.
  public var fetch: @Sendable (_ number: Int) async -> String

  /// Creates a client from its endpoint.
  ///
  /// - Parameter fetch: Returns a sentence about the number it is given.
  public init(fetch: @escaping @Sendable (_ number: Int) async -> String) {
    self.fetch = fetch
  }
}

extension NumberFactClient {
  /// The client the app uses: computes the fact on the device after a short pause that stands in
  /// for a network round trip, so the example runs offline and prints the same facts every time.
  public static let live = NumberFactClient { number in
    try? await Task.sleep(for: .milliseconds(20))
    return "\(number) is \(describe(number))."
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

/// The key of ``Dependencies/numberFact``: the live client in the app, an unimplemented one in
/// tests, so a test that forgets to choose a client fails instead of running the live one.
private enum NumberFactClientKey: DependencyKey {
  static let defaultValue = NumberFactClient.live
  static let testValue = NumberFactClient(
    fetch: unimplemented("NumberFactClient.fetch", placeholder: "")
  )
}

extension Dependencies {
  /// The client that finds facts about numbers; ``NumberFactClient/live`` unless overridden.
  public var numberFact: NumberFactClient {
    get { self[NumberFactClientKey.self] }
    set { self[NumberFactClientKey.self] = newValue }
  }
}
