// The behaviour Docs/Testing.md describes, run with the suite and under the sanitizers.
// The guide's own snippets are built and tested by Scripts/check-guide-snippets.py.

import ComposableDeps
import Testing
import XCTest

// MARK: - Declaring a dependency with a test value

struct FactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension FactClient: DependencyKey {
  static let defaultValue = FactClient { number in "\(number) is the number of the day." }
  static let testValue = FactClient(fetch: unimplemented("FactClient.fetch"))
  static let mock = FactClient { number in "\(number) is a good number." }
}

extension Dependencies {
  var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}

final class FactEnvironment: ComposableEnvironment {
  @Dependency(\.factClient) var factClient
  @Derived var detail: FactDetailEnvironment
}

final class FactDetailEnvironment: ComposableEnvironment {
  @Dependency(\.factClient) var factClient
}

/// The feature under test reads its dependencies from the environment it is given.
func fact(for number: Int, in environment: FactEnvironment) async -> String {
  (try? await environment.factClient.fetch(number)) ?? "No fact for \(number)."
}

// MARK: - Swift Testing

@Suite struct FactEnvironmentTests {
  @Test func showsTheFetchedFact() async {
    // A fresh root per test: nothing is shared with other tests, which may run in parallel.
    let environment = FactEnvironment().with(\.factClient, .mock)
    #expect(await fact(for: 3, in: environment) == "3 is a good number.")
  }

  @Test func aChildReadsTheRootsMock() async throws {
    let environment = FactEnvironment().with(\.factClient, .mock)
    #expect(try await environment.detail.factClient.fetch(4) == "4 is a good number.")
  }

  @Test func forgettingAnOverrideFailsTheTest() async {
    await withKnownIssue {
      _ = await fact(for: 3, in: FactEnvironment())
    }
  }
}

// MARK: - XCTest

final class FactEnvironmentXCTests: XCTestCase {
  func makeEnvironment() -> FactEnvironment {
    FactEnvironment().with(\.factClient, .mock)
  }

  func testShowsTheFetchedFact() async {
    let result = await fact(for: 3, in: makeEnvironment())
    XCTAssertEqual(result, "3 is a good number.")
  }
}
