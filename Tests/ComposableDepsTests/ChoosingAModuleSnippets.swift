import ComposableDeps
import Testing

// The code of Docs/ChoosingAModule.md, compiled so the docs cannot rot. `NumberFact` and
// `\.numberFact` are declared by the README's quick start (ReadmeSnippets.swift).

extension NumberFact {
  static let live = NumberFact { "\($0) is a good number." }
  static let mock = NumberFact { "\($0) is a mock." }
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
