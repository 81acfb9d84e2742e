// The behaviour Docs/Testing.md describes, run with the suite and under the sanitizers.
// The guide's own snippets are built and tested by Scripts/check-guide-snippets.py.

import DepsTesting
import Dispatch
import GlobalDeps
import Testing
import XCTest

// MARK: - Declaring a dependency with a test value

struct FactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension FactClient: DependencyKey {
  static let defaultValue = FactClient { number in
    // The live client would call a server.
    "\(number) is the number of the day."
  }
  // Any test that reaches `fetch` without overriding it fails, naming the endpoint.
  static let testValue = FactClient(fetch: unimplemented("FactClient.fetch"))
}

/// The placeholder form of the test value, shown in the guide as an alternative.
enum PlaceholderTestValueSnippet {
  static let testValue = FactClient(fetch: unimplemented("FactClient.fetch", placeholder: ""))
}

extension FactClient {
  static let mock = FactClient { number in "\(number) is a good number." }
}

extension Dependencies {
  var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}

/// The feature under test: any type can hold a `@Dependency`.
struct FactModel: Sendable {
  @Dependency(\.factClient) var factClient

  func fact(for number: Int) async -> String {
    (try? await factClient.fetch(number)) ?? "No fact for \(number)."
  }
}

// MARK: - Swift Testing

@Suite struct FactModelTests {
  @Test func showsTheFetchedFact() async {
    await withDependencies {
      $0.factClient = .mock
    } operation: {
      #expect(await FactModel().fact(for: 3) == "3 is a good number.")
    }
  }

  @Test(.dependencies { $0.factClient = .mock })
  func showsTheFetchedFactWithTheTrait() async {
    #expect(await FactModel().fact(for: 3) == "3 is a good number.")
  }

  @Test func reportsAFailedFetch() async {
    struct Offline: Error {}
    await withDependencies {
      $0.factClient.fetch = { _ in throw Offline() }
    } operation: {
      #expect(await FactModel().fact(for: 3) == "No fact for 3.")
    }
  }

  @Test func forgettingAnOverrideFailsTheTest() async {
    await withKnownIssue {
      // `testValue` is unimplemented: the call fails the test.
      _ = await withDependencies { _ in
      } operation: {
        await FactModel().fact(for: 3)
      }
    }
  }
}

/// A suite trait applies to every test of the suite, each in a scope of its own.
@Suite(.dependencies { $0.factClient = .mock })
struct FactModelSuiteTraitTests {
  @Test func usesTheSuiteMock() async {
    #expect(await FactModel().fact(for: 1) == "1 is a good number.")
  }

  @Test(.dependencies { $0.factClient.fetch = { "\($0) from the test" } })
  func aTestTraitWins() async {
    #expect(await FactModel().fact(for: 1) == "1 from the test")
  }
}

// MARK: - XCTest

/// Every test of the class runs in a scope: overrides, and fresh test values, per test.
final class FactModelXCTests: XCTestCase {
  override func invokeTest() {
    withDependencies {
      $0.factClient = .mock
    } operation: {
      super.invokeTest()
    }
  }

  func testShowsTheFetchedFact() async {
    let fact = await FactModel().fact(for: 3)
    XCTAssertEqual(fact, "3 is a good number.")
  }

  func testOneTestOverridesMore() async {
    let fact = await withDependencies {
      $0.factClient.fetch = { _ in "overridden again" }
    } operation: {
      await FactModel().fact(for: 3)
    }
    XCTAssertEqual(fact, "overridden again")
  }
}

/// Without scopes: tests that write the process-wide store reset it before each test.
final class FactModelStoreXCTests: XCTestCase {
  override func setUp() {
    super.setUp()
    Dependencies.reset()
  }

  func testShowsTheFetchedFact() async {
    FactGuideEnvironment().with(\.factClient, .mock)
    let fact = await FactModel().fact(for: 3)
    XCTAssertEqual(fact, "3 is a good number.")
  }
}

struct FactGuideEnvironment: GlobalEnvironment {
  @Dependency(\.factClient) var factClient
}

// MARK: - Escaping closures

/// Calls back from a `DispatchQueue`, where a scope's overrides would be lost without
/// `withEscapedDependencies`.
struct FactDownloader: Sendable {
  func download(_ number: Int, completion: @escaping @Sendable (String) -> Void) {
    withEscapedDependencies { dependencies in
      DispatchQueue.global().async {
        dependencies.yield {
          let model = FactModel()  // made here, it keeps the scope's overrides
          Task { completion(await model.fact(for: number)) }
        }
      }
    }
  }
}

@Test func theDownloaderCallsBackWithTheMock() async {
  let fact = await withDependencies {
    $0.factClient = .mock
  } operation: {
    await withCheckedContinuation { continuation in
      FactDownloader().download(5) { continuation.resume(returning: $0) }
    }
  }
  #expect(fact == "5 is a good number.")
}
