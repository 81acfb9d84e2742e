import ComposableDeps
import Testing

// The code of README.md, compiled so the README cannot rot. The quick start declares
// `NumberFact` and `\.numberFact` at file scope, as the README does; the snippets of
// Docs/ChoosingAModule.md (ChoosingAModuleSnippets.swift) read the same dependency.

struct NumberFact: Sendable { var fetch: @Sendable (Int) async -> String }

private enum NumberFactKey: DependencyKey {
  static let defaultValue = NumberFact { "\($0) is a good number." }
  static let testValue = NumberFact(fetch: unimplemented("NumberFact.fetch", placeholder: ""))
}

extension Dependencies {
  var numberFact: NumberFact {
    get { self[NumberFactKey.self] }
    set { self[NumberFactKey.self] = newValue }
  }
}

/// The quick start's environments.
enum ReadmeQuickStart {
  final class AppEnvironment: ComposableEnvironment {
    @Dependency(\.numberFact) var numberFact
    @Derived var counter: CounterEnvironment  // inherits numberFact
  }

  final class CounterEnvironment: ComposableEnvironment {
    @Dependency(\.numberFact) var numberFact
  }
}

/// The environments of the README's "ComposableDeps: tree-scoped environments".
enum ReadmeTree {
  final class RootEnvironment: ComposableEnvironment {
    @Derived var feature: FeatureEnvironment
    @Derived var preview = FeatureEnvironment().with(\.numberFact, .mock)
    @Derived<LegacyEnvironment>(aliases: { $0.alias(\.main, to: \.mainQueue) }) var legacy
  }

  final class FeatureEnvironment: ComposableEnvironment {
    @Dependency(\.numberFact) var numberFact
  }

  final class LegacyEnvironment: ComposableEnvironment {
    @Dependency(\.main) var main
  }
}

@Suite struct ReadmeSnippetTests {
  @Test func quickStartPreviewReachesTheChild() async {
    typealias AppEnvironment = ReadmeQuickStart.AppEnvironment
    let preview = AppEnvironment().with(\.numberFact, NumberFact { "\($0) is a mock." })
    #expect(await preview.counter.numberFact.fetch(3) == "3 is a mock.")
    #expect(await preview.numberFact.fetch(4) == "4 is a mock.")
  }

  @Test func quickStartTestValueFailsATestThatDoesNotOverrideIt() async {
    typealias AppEnvironment = ReadmeQuickStart.AppEnvironment
    await withKnownIssue {
      // The unimplemented endpoint fails the test, then returns its placeholder.
      #expect(await AppEnvironment().counter.numberFact.fetch(3) == "")
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix("Unimplemented: NumberFact.fetch was called.") == true
    }
  }

  @Test func treeScopedEnvironments() async {
    let root = ReadmeTree.RootEnvironment()
      .with(\.numberFact, .live)
      .with(\.mainQueue, "root queue")
    #expect(await root.feature.numberFact.fetch(1) == "1 is a good number.")
    #expect(await root.preview.numberFact.fetch(2) == "2 is a mock.")
    #expect(root.legacy.main == "root queue")
    #expect(root[\.main] == "main")
  }
}
