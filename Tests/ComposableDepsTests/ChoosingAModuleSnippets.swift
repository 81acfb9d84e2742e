import ComposableDeps
import Testing

// The code of Docs/ChoosingAModule.md and README.md, compiled so the docs cannot rot.

struct NumberFact: Sendable {
  var fetch: @Sendable (Int) async -> String
  static let live = NumberFact { "\($0) is a good number." }
  static let mock = NumberFact { "\($0) is a mock." }
}

private enum NumberFactKey: DependencyKey {
  static let defaultValue = NumberFact.live
  static let testValue = NumberFact(fetch: unimplemented("NumberFact.fetch", placeholder: ""))
}

extension Dependencies {
  var numberFact: NumberFact {
    get { self[NumberFactKey.self] }
    set { self[NumberFactKey.self] = newValue }
  }
}

enum ChoosingAModuleGuide {
  final class AppEnvironment: ComposableEnvironment {
    @Dependency(\.numberFact) var numberFact
    @Derived var counter: CounterEnvironment
    // A preview pane with its own services: the rest is inherited.
    @Derived var preview = CounterEnvironment().with(\.numberFact, .mock)
  }

  final class CounterEnvironment: ComposableEnvironment {
    @Dependency(\.numberFact) var numberFact
  }
}

@Test func choosingAModuleComposableSnippet() async {
  typealias AppEnvironment = ChoosingAModuleGuide.AppEnvironment
  let app = AppEnvironment().with(\.numberFact, .live)
  #expect(await app.counter.numberFact.fetch(1) == "1 is a good number.")
  #expect(await app.preview.numberFact.fetch(2) == "2 is a mock.")
}
