import Dispatch
import Testing

@testable import GlobalDeps

/// In a test process each running test has defaults of its own, which its scopes use, so nothing
/// stateful leaks from one test into the next, and a test sees one instance throughout.
@Suite struct TestIsolationTests {
  @Test func aClassTestValueIsOneInstancePerTest() {
    let (first, again) = withDependencies { _ in
    } operation: {
      let service = Dependency(\.stateful).wrappedValue
      _ = service.call()
      return (service, ScopedModel().stateful)
    }
    #expect(first === again)
    #expect(first.call() == 2)
    let second = withDependencies { _ in
    } operation: {
      Dependency(\.stateful).wrappedValue
    }
    #expect(second === first)
    #expect(second.call() == 3)
    #expect(Dependency(\.stateful).wrappedValue === first)
    let another = asAnotherTest { Dependency(\.stateful).wrappedValue }
    #expect(another !== first)
    #expect(another.call() == 1)
  }

  @Test func nestedScopesShareTheOutermostScopesDefaults() async {
    await withDependencies {
      $0.scoped = 1
    } operation: {
      // Built first in the inner scope, then read in the outer one: one instance.
      let inner = withDependencies {
        $0.scoped = 2
      } operation: {
        Dependency(\.stateful).wrappedValue
      }
      let outer = Dependency(\.stateful).wrappedValue
      #expect(inner === outer)
      async let child = Dependency(\.stateful).wrappedValue
      #expect(await child === outer)
      let escaped = await withEscapedDependencies { dependencies in
        await withCheckedContinuation { continuation in
          DispatchQueue.global().async {
            continuation.resume(returning: dependencies.yield { Dependency(\.stateful).wrappedValue })
          }
        }
      }
      #expect(escaped === outer)
    }
  }

  @Test func aDefaultThatReadsAnotherDependencyIsBuiltWithTheValuesOfItsFirstRead() {
    let first = withDependencies {
      $0.escaped = "first"
    } operation: {
      Dependency(\.scopedGreeting).wrappedValue
    }
    let second = withDependencies {
      $0.escaped = "second"
    } operation: {
      Dependency(\.scopedGreeting).wrappedValue
    }
    #expect(first == "hello from first")
    // Built once per test, as swift-dependencies builds it.
    #expect(second == "hello from first")
    let another = asAnotherTest {
      withDependencies {
        $0.escaped = "second"
      } operation: {
        Dependency(\.scopedGreeting).wrappedValue
      }
    }
    #expect(another == "hello from second")
  }

  @Test func anObjectFromAnEarlierScopeReadsTheTestsDefaults() {
    let model = withDependencies {
      $0.scoped = 1
    } operation: {
      ScopedModel()
    }
    let fromEarlierScope = withDependencies {
      $0.scoped = 2
    } operation: {
      model.stateful
    }
    let (later, direct) = withDependencies {
      $0.escaped = "later"
    } operation: {
      (model.stateful, Dependency(\.stateful).wrappedValue)
    }
    #expect(later === direct)
    #expect(later === fromEarlierScope)
  }
}
