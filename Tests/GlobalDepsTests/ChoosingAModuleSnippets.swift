import GlobalDeps
import Testing

// The code of Docs/ChoosingAModule.md, compiled so the docs cannot rot.

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
  struct AppEnvironment: GlobalEnvironment {
    @Dependency(\.numberFact) var numberFact
    @Derived var counter: CounterEnvironment
  }

  struct CounterEnvironment: GlobalEnvironment {
    @Dependency(\.numberFact) var numberFact
  }
}

extension GlobalStoreTests {
  @Test func choosingAModuleGlobalSnippet() async {
    typealias AppEnvironment = ChoosingAModuleGuide.AppEnvironment
    typealias CounterEnvironment = ChoosingAModuleGuide.CounterEnvironment
    AppEnvironment().with(\.numberFact, .live)  // process-wide
    #expect(await AppEnvironment().counter.numberFact.fetch(1) == "1 is a good number.")

    // In a test: only this task and its child tasks see the mock.
    let fact = withDependencies {
      $0.numberFact = .mock
    } operation: {
      CounterEnvironment().numberFact
    }
    #expect(await fact.fetch(2) == "2 is a mock.")
  }
}
