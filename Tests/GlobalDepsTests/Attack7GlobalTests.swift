import DepsTestSupport
import DepsTesting
import Dispatch
import Foundation
import GlobalDeps
import Testing

// Outside attack 7 on GlobalDeps, from the CHANGELOG's Unreleased section and the docs:
// `@Derived`'s sendability, reads in a scope while the store is written, partial overrides in
// `withDependencies` and the trait, the plain trait's async update and the strict trait's
// shutdown. Keys of this file only.

private func isSendable<T>(_: T.Type) -> Bool { false }
private func isSendable<T: Sendable>(_: T.Type) -> Bool { true }

private final class A7StatefulEnvironment: GlobalEnvironment {
  var count = 0
}
private struct A7PlainEnvironment: GlobalEnvironment {}

/// Every way to hold the non-`Sendable` environment: the `init()` form, the `aliases:` form, the
/// `wrappedValue` form, and two levels deep.
private struct A7ByInit: GlobalEnvironment {
  @Derived var stateful: A7StatefulEnvironment
}
private struct A7ByAliases: GlobalEnvironment {
  @Derived<A7StatefulEnvironment>(aliases: { $0.alias(\.a7gAlias, to: \.a7gValue) }) var stateful
}
private struct A7ByWrappedValue: GlobalEnvironment {
  @Derived var stateful = A7StatefulEnvironment()
}
private struct A7TwoLevels: GlobalEnvironment {
  @Derived var holder: A7ByInit
}
private struct A7HoldsPlain: GlobalEnvironment {
  @Derived var plain = A7PlainEnvironment()
  @Derived var byInit: A7PlainEnvironment
}

private enum A7GValueKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = 0
}
private enum A7GAliasKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = 0
}
private enum A7GScopedKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = 0
}

private struct A7GClient: Sendable {
  var fetch: @Sendable () -> Int
  var name: @Sendable () -> String
}
/// A default only, no test value.
private enum A7GClientKey: DependencyKey {
  static let defaultValue = A7GClient(fetch: { 42 }, name: { "live" })
}
private enum A7GOtherLiveKey: DependencyKey {
  static let defaultValue = 7
}

private final class A7GResource: DependencyShutdown {
  let shutdowns = LockIsolated(0)
  func shutdown() async { shutdowns.withValue { $0 += 1 } }
}
private enum A7GResourceKey: AsyncDependencyKey {
  static func makeDefault() async throws -> A7GResource { A7GResource() }
  static var testValue: AsyncDependency<A7GResource> { .build { A7GResource() } }
}

extension Dependencies {
  fileprivate var a7gValue: Int {
    get { self[A7GValueKey.self] }
    set { self[A7GValueKey.self] = newValue }
  }
  fileprivate var a7gAlias: Int {
    get { self[A7GAliasKey.self] }
    set { self[A7GAliasKey.self] = newValue }
  }
  fileprivate var a7gScoped: Int {
    get { self[A7GScopedKey.self] }
    set { self[A7GScopedKey.self] = newValue }
  }
  fileprivate var a7gClient: A7GClient {
    get { self[A7GClientKey.self] }
    set { self[A7GClientKey.self] = newValue }
  }
  fileprivate var a7gOtherLive: Int {
    get { self[A7GOtherLiveKey.self] }
    set { self[A7GOtherLiveKey.self] = newValue }
  }
  fileprivate var a7gResource: AsyncDependency<A7GResource> { self[A7GResourceKey.self] }
}

/// Made inside a scope, read on other threads: keeps the scope's overrides, reads the store for
/// the rest.
private struct A7GModel: Sendable {
  @Dependency(\.a7gValue) var value
  @Dependency(\.a7gScoped) var scoped
  @Dependency(\.a7gClient) var client
}

private struct A7GWriter: GlobalEnvironment {}

@Suite struct Attack7GlobalTests {
  @Test func everyFormOfDerivedOfANonSendableEnvironmentIsNotSendable() {
    #expect(!isSendable(A7StatefulEnvironment.self))
    #expect(!isSendable(Derived<A7StatefulEnvironment>.self))
    #expect(!isSendable(A7ByInit.self))
    #expect(!isSendable(A7ByAliases.self))
    #expect(!isSendable(A7ByWrappedValue.self))
    #expect(!isSendable(A7TwoLevels.self))
    #expect(!isSendable(Derived<A7ByInit>.self))
    #expect(isSendable(A7HoldsPlain.self))
    #expect(isSendable(Derived<A7PlainEnvironment>.self))
  }

  /// Other public generic types: `Sendable` only where what they hold is, or holding nothing of it.
  @Test func otherPublicGenericTypesAreSendableOnlyWhereTheirParametersAre() {
    #expect(!isSendable(Effect<A7StatefulEnvironment>.self))
    #expect(isSendable(Effect<Int>.self))
    #expect(isSendable(TaskResult<Int>.self))
    #expect(isSendable(AsyncDependency<Int>.self))
  }

  @Test func aPartialOverrideInWithDependenciesReportsNothing() {
    let issues = recordedIssues {
      withDependencies {
        $0.a7gClient.fetch = { 1 }
      } operation: {
        #expect(A7GModel().client.fetch() == 1)
        #expect(A7GModel().client.name() == "live")
        // Nested: the inner update changes another endpoint of the outer scope's value.
        withDependencies {
          $0.a7gClient.name = { "inner" }
        } operation: {
          #expect(A7GModel().client.fetch() == 1)
          #expect(A7GModel().client.name() == "inner")
        }
      }
    }
    #expect(issues == [])
  }

  @Test func aPartialOverrideInAnInnerScopeOnlyReportsNothing() {
    let issues = recordedIssues {
      withDependencies {
        $0.a7gScoped = 1
      } operation: {
        withDependencies {
          $0.a7gClient.fetch = { 2 }
        } operation: {
          #expect(A7GModel().client.fetch() == 2)
        }
      }
    }
    #expect(issues == [])
  }

  @Test func aPartialOverrideInTheAsyncWithDependenciesReportsNothing() async {
    let issues = await recordedIssues {
      await withDependencies {
        $0.a7gClient.fetch = { 3 }
      } operation: {
        await Task.yield()
        #expect(A7GModel().client.fetch() == 3)
      }
    }
    #expect(issues == [])
  }

  @Test func anotherKeyReadInTheUpdateIsReportedOnce() {
    let issues = recordedIssues {
      withDependencies {
        $0.a7gScoped = $0.a7gOtherLive
        _ = $0.a7gOtherLive
        $0.a7gClient.fetch = { 1 }
      } operation: {
        #expect(A7GModel().scoped == 7)
        _ = Dependency(\.a7gOtherLive).wrappedValue
      }
    }
    #expect(issues == [missingTestValueFailure("A7GOtherLiveKey")])
  }

  @Test func thePlainTraitTakesAnAsyncUpdate() async throws {
    let trait: DependencyTrait = .dependencies { dependencies in
      try await Task.sleep(for: .milliseconds(1))
      dependencies.a7gScoped = 11
      dependencies.a7gClient.fetch = { 12 }
    }
    let test = try #require(Test.current)
    let read = LockIsolated<[Int]>([])
    let issues = await recordedIssues {
      try? await trait.provideScope(for: test, testCase: Test.Case.current) {
        read.setValue([A7GModel().scoped, A7GModel().client.fetch()])
      }
    }
    #expect(read.value == [11, 12])
    #expect(issues == [])
  }

  @Test func theStrictTraitShutsDownWhatItsScopeBuilt() async throws {
    let trait: DependencyTrait = .dependencies(strict: true) { dependencies in
      await Task.yield()
      dependencies.a7gScoped = 1
    }
    let test = try #require(Test.current)
    let built = LockIsolated<A7GResource?>(nil)
    let issues = await recordedIssues {
      try? await trait.provideScope(for: test, testCase: Test.Case.current) {
        _ = A7GModel().scoped
        let resource = try await Dependency(\.a7gResource).wrappedValue.value
        built.setValue(resource)
        #expect(resource.shutdowns.value == 0)
      }
    }
    #expect(issues == [])
    #expect(built.value?.shutdowns.value == 1)
  }

  @Test func theStrictTraitReportsAnUnreadOverrideAndStillShutsDown() async throws {
    let trait: DependencyTrait = .dependencies(strict: true) { $0.a7gScoped = 1 }
    let test = try #require(Test.current)
    let built = LockIsolated<A7GResource?>(nil)
    let issues = await recordedIssues {
      try? await trait.provideScope(for: test, testCase: Test.Case.current) {
        let resource = try await Dependency(\.a7gResource).wrappedValue.value
        built.setValue(resource)
      }
    }
    #expect(issues == [unreadInTraitFailure("A7GScopedKey")])
    #expect(built.value?.shutdowns.value == 1)
  }

  @Test func aNegativeTimeoutInAScopeNamesTheCallersMistake() async throws {
    let built = LockIsolated<A7GResource?>(nil)
    let issues = await recordedIssues {
      await withDependencies { _ in
      } operation: {
        let resource = try? await Dependency(\.a7gResource).wrappedValue.value
        built.setValue(resource)
        await Dependencies.shutdown(timeout: .milliseconds(-250))
        #expect(built.value?.shutdowns.value == 0)
      }
    }
    #expect(issues == [negativeShutdownTimeoutFailure("-0.25 seconds")])
    // The scope shut it down when it returned.
    #expect(built.value?.shutdowns.value == 1)
  }
}

extension GlobalStoreTests {
  /// Reads in a `withDependencies` scope, on the scope's task and through a model made in it and
  /// read on threads, while the process-wide store is written with `with(_:_:)`: the store's values
  /// arrive in the order written, the scope's override never changes.
  /// A storm (threads at full speed): scaled, and run in the storms' process of their own in CI.
  @Suite struct Attack7ScopedReadStorms {
    @Test(arguments: 0..<StressScale.scaled(10))
    func readsInAScopeSeeTheStoreInOrderAndTheScopeUnchanged(round: Int) async {
      A7GWriter().with(\.a7gValue, 0)
      let writes = StressScale.scaled(20_000)
      await withDependencies {
        $0.a7gScoped = -5
      } operation: {
        let model = A7GModel()
        let writer = Thread {
          for n in 1...writes { A7GWriter().with(\.a7gValue, n) }
        }
        let problems = LockIsolated<[String]>([])
        let readers = LockIsolated(0)
        for _ in 0..<2 {
          Thread {
            var last = 0
            for _ in 0..<writes {
              let value = model.value
              if value < last {
                let previous = last
                problems.withValue { $0.append("thread read \(value) after \(previous)") }
              }
              last = value
              if model.scoped != -5 { problems.withValue { $0.append("the scope's value changed") } }
            }
            readers.withValue { $0 += 1 }
          }.start()
        }
        writer.start()
        var last = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while readers.value < 2 && ContinuousClock.now < deadline {
          for _ in 0..<500 {
            let value = Dependency(\.a7gValue).wrappedValue
            if value < last {
              let previous = last
              problems.withValue { $0.append("the scope read \(value) after \(previous)") }
            }
            last = value
            if Dependency(\.a7gScoped).wrappedValue != -5 {
              problems.withValue { $0.append("the scope's own value changed") }
            }
          }
          await Task.yield()
        }
        #expect(readers.value == 2, "round \(round): the reader threads did not end within 60 s")
        #expect(Array(problems.value.prefix(5)) == [])
      }
      // Wait for the writer: its last write is the store's value.
      let deadline = ContinuousClock.now + .seconds(30)
      while Dependency(\.a7gValue).wrappedValue != writes && ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(5))
      }
      #expect(Dependency(\.a7gValue).wrappedValue == writes)
    }
  }
}
