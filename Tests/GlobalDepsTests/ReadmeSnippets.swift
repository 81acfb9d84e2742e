import GlobalDeps
import Testing

// README.md says its quick start compiles against GlobalDeps with ComposableEnvironment replaced by
// GlobalEnvironment: these are its environments so changed. `NumberFact` and `\.numberFact` are
// declared in ChoosingAModuleSnippets.swift, as in the README.

/// The README's quick start environments, on GlobalDeps.
enum ReadmeQuickStartGlobal {
  final class AppEnvironment: GlobalEnvironment {
    @Dependency(\.numberFact) var numberFact
    @Derived var counter: CounterEnvironment  // inherits numberFact
  }

  final class CounterEnvironment: GlobalEnvironment {
    @Dependency(\.numberFact) var numberFact
  }
}

@Test func readmeQuickStartCompilesAgainstGlobalDeps() async {
  typealias AppEnvironment = ReadmeQuickStartGlobal.AppEnvironment
  // A scope rather than `with`, which would set the process-wide store for every test.
  let fact = withDependencies {
    $0.numberFact = NumberFact { "\($0) is a mock." }
  } operation: {
    AppEnvironment().counter.numberFact
  }
  #expect(await fact.fetch(3) == "3 is a mock.")
}
