// The README's code (ComposableDeps), with the one word a module with default MainActor isolation
// needs: `nonisolated` on the `Dependencies` extension and each environment class (a key needs
// none: `DependencyKey` refines `SendableMetatype`).
import ComposableDeps

struct NumberFact: Sendable { var fetch: @Sendable (Int) async -> String }

private enum NumberFactKey: DependencyKey {
  static let defaultValue = NumberFact { "\($0) is a good number." }
  static let testValue = NumberFact(fetch: unimplemented("NumberFact.fetch", placeholder: ""))
}

nonisolated extension Dependencies {
  var numberFact: NumberFact {
    get { self[NumberFactKey.self] }
    set { self[NumberFactKey.self] = newValue }
  }
}

nonisolated final class AppEnvironment: ComposableEnvironment {
  @Dependency(\.numberFact) var numberFact
  @Derived var counter: CounterEnvironment  // inherits numberFact
}

nonisolated final class CounterEnvironment: ComposableEnvironment {
  @Dependency(\.numberFact) var numberFact
}

func readmeExample() async -> String {
  let preview = AppEnvironment().with(\.numberFact, NumberFact { "\($0) is a mock." })
  return await preview.counter.numberFact.fetch(3)  // "3 is a mock.": the child inherits the root's value
}

// A key without `nonisolated`: `DependencyKey` refines `SendableMetatype`, so its conformance is
// nonisolated in a module with default MainActor isolation. (The `Dependencies` extension above
// still needs the word.)
private enum GreetingKey: DependencyKey {
  static let defaultValue = "Hello"
  static let testValue = defaultValue  // a constant: tests may read the live value
}

nonisolated extension Dependencies {
  var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
}

nonisolated final class GreetingReaderEnvironment: ComposableEnvironment {
  @Dependency(\.greeting) var greeting
  @Dependency(GreetingKey.self) var greetingByKey
  @Dependency(\.motto) var motto
}

// An async key without `nonisolated` either: `AsyncDependencyKey` refines `SendableMetatype` too.
private enum MottoKey: AsyncDependencyKey {
  static func makeDefault() async throws -> String { "Ship it" }
  static var testValue: AsyncDependency<String> { .value("Test it") }
}

nonisolated extension Dependencies {
  var motto: AsyncDependency<String> {
    get { self[MottoKey.self] }
    set { self[MottoKey.self] = newValue }
  }
}
