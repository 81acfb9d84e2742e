#if compiler(>=6.1)
  import DepsCore
  import DepsTesting
  import Foundation
  import GlobalDeps
  import DepsTestSupport
  import Testing

  // The `.dependencies` trait gives each test, each case of a parameterized test and each test of a
  // suite under it fresh test values, and the values it sets; nested suites and tests override it.
  //
  // Ported from swift-dependencies 1.17.1's Swift Testing tests of its test traits, to DepsTesting's
  // `.dependencies { ... }` trait: Tests/DependenciesTests/SwiftTestingTests.swift,
  // TestTraitTests.swift, RootResettingTests.swift and PrepareDependenciesTests.swift's `uuid`.
  //
  // Upstream's `.dependencies` (no closure: fresh test values) is `.dependencies { _ in }`, and
  // `.dependency(\.x, value)` / `.dependency(value)` are `.dependencies { $0.x = value }` /
  // `.dependencies { $0[Key.self] = value }` (Docs/Testing.md). Each test, and each case of a
  // parameterized test, runs in a scope of its own that builds its own test values, with the
  // trait or without it (Docs/Testing.md, "Every test its own").

  @Suite(.tags(.portedFromSwiftDependencies)) struct DependencyTraitIsolationTests {
    @Test(.dependencies { _ in }, .serialized, arguments: 1...5)
    func parameterizedCachePollution(_ argument: Int) {
      @Dependency(Client.self) var client
      let value = client.increment()
      #expect(value == 1)
    }

    // Upstream before Swift 6.1 (no trait): each case but the first shared the first's value, a
    // known issue. Here each case is a test of its own.
    @Test(.serialized, arguments: 1...5)
    func parameterizedCachePollutionWithoutATrait(_ argument: Int) {
      @Dependency(Client.self) var client
      let value = client.increment()
      #expect(value == 1)
    }

    @Test(.dependencies { _ in }) func repeatedTest() {
      @Dependency(Client.self) var client
      let value = client.increment()
      #expect(value == 1)
    }

    @Test(arguments: 1...5)
    func parameterizedCachePollutionResetDependencies(_ argument: Int) {
      // Upstream: `$0 = DependencyValues()`. Each case has test values of its own.
      withDependencies { _ in
      } operation: {
        @Dependency(Client.self) var client
        let value = client.increment()
        #expect(value == 1)
      }
    }

    @Test
    func cachePollution1() {
      @Dependency(Client.self) var client
      let value = client.increment()
      #expect(value == 1)
    }

    @Test
    func cachePollution2() {
      @Dependency(Client.self) var client
      let value = client.increment()
      #expect(value == 1)
    }

    @Test(.dependencies { $0.date = .constant(Date(timeIntervalSinceReferenceDate: 0)) })
    func trait() {
      @Dependency(\.date.now) var now
      #expect(now == Date(timeIntervalSinceReferenceDate: 0))
    }

    @Suite(.dependencies { $0.date = .constant(Date(timeIntervalSinceReferenceDate: 0)) })
    struct InnerSuite {
      @Test
      func traitInherited() {
        @Dependency(\.date.now) var now
        #expect(now == Date(timeIntervalSinceReferenceDate: 0))
      }

      @Test(.dependencies { $0.date = .constant(Date(timeIntervalSinceReferenceDate: 1)) })
      func traitOverridden() {
        @Dependency(\.date.now) var now
        #expect(now == Date(timeIntervalSinceReferenceDate: 1))
      }

      @Test(.dependencies { $0.date = .constant(Date(timeIntervalSinceReferenceDate: 1)) })
      func traitOverriddenWithDependencies() {
        withDependencies {
          $0.date = .constant(Date(timeIntervalSinceReferenceDate: 2))
        } operation: {
          @Dependency(\.date.now) var now
          #expect(now == Date(timeIntervalSinceReferenceDate: 2))
        }
      }
    }

    private static let mockClient = Client { 42 }
    @Test(.dependencies { $0[Client.self] = mockClient })
    func dependencyKeyTypeTrait() {
      @Dependency(Client.self) var client
      #expect(client.increment() == 42)
    }

    @Test(.dependencies { $0.sdClassClient = ClassClient() })
    func dependencyKeyNonSendableValue() {
      // NB: This test is to prove this trait compiles with a non-sendable type.
    }
  }

  @Suite(.tags(.portedFromSwiftDependencies), .dependencies { $0.uuid = .incrementing })
  struct DependencyTraitStatefulValueTests {
    @Dependency(\.uuid) var uuid

    @Test func statefulDependency1() async throws {
      for index in 0...100 {
        #expect(uuid() == incrementingUUID(index))
        try await Task.sleep(for: .milliseconds(1))
      }
    }

    @Test func statefulDependency2() async throws {
      for index in 0...100 {
        #expect(uuid() == incrementingUUID(index))
        try await Task.sleep(for: .milliseconds(1))
      }
    }

    @Test func statefulDependency3() async throws {
      for index in 0...100 {
        #expect(uuid() == incrementingUUID(index))
        try await Task.sleep(for: .milliseconds(1))
      }
    }
  }

  @Suite(.tags(.portedFromSwiftDependencies)) struct DependencyTraitRootTests {
    @Suite
    struct ResetsAtRootTests {
      @Test(.dependencies { _ in }, arguments: [1, 2, 3])
      func freshDependencies(argument: Int) {
        @Dependency(Client.self) var client
        #expect(client.increment() == 1)
      }
    }

    @Suite(.dependencies { $0.date = .constant(Date(timeIntervalSince1970: 123)) })
    struct ResetsOnlyAtRootTests {
      @Test(.dependencies { _ in }) func date() {
        @Dependency(\.date.now) var now
        #expect(now == Date(timeIntervalSince1970: 123))
      }
    }
  }

  @Suite(.tags(.portedFromSwiftDependencies)) struct DependencyTraitParameterizedTests {
    @Test(
      .serialized,
      .dependencies { $0.uuid = .incrementing },
      arguments: [1, 2, 3]
    )
    func uuid(value: Int) {
      @Dependency(\.uuid) var uuid
      #expect(uuid() == incrementingUUID(0))
    }
    // isolation1...4 prepare the process-wide store: StoreConfigurationXCTests.swift.
  }

  /// Upstream's `UUID(_: Int)`, for the values `.incrementing` produces.
  private func incrementingUUID(_ index: Int) -> UUID {
    UUID(uuidString: "00000000-0000-0000-0000-\(String(format: "%012X", index))")!
  }

  private struct Client: DependencyKey {
    var increment: @Sendable () -> Int
    static let defaultValue = Client { 0 }
    static var testValue: Client {
      let count = Locked(0)
      return Self {
        count.withLock {
          $0 += 1
          return $0
        }
      }
    }
  }

  private final class ClassClient {
    var count = 0
  }

  /// Upstream's `UncheckedSendable`: a key's value must be `Sendable`.
  private struct UncheckedBox<Value>: @unchecked Sendable {
    var value: Value
  }

  private enum ClassClientKey: DependencyKey {
    static var defaultValue: UncheckedBox<ClassClient> { UncheckedBox(value: ClassClient()) }
    static var testValue: UncheckedBox<ClassClient> { defaultValue }
  }

  extension Dependencies {
    fileprivate var sdClassClient: ClassClient {
      get { self[ClassClientKey.self].value }
      set { self[ClassClientKey.self] = UncheckedBox(value: newValue) }
    }
  }
#endif
