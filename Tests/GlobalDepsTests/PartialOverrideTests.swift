import DepsTestSupport
import DepsTesting
import GlobalDeps
import Testing

/// A client whose key declares only a `defaultValue`, as swift-dependencies'
/// `testDependencyOverridingProperty` has it.
private struct NumberClient: Sendable {
  var fetch: @Sendable () -> Int
}

private enum NumberClientKey: DependencyKey {
  static let defaultValue = NumberClient { 42 }
}

private enum ReadInUpdateKey: DependencyKey {
  static let defaultValue = 0
  static let testValue = 0
}

extension Dependencies {
  fileprivate var numberClient: NumberClient {
    get { self[NumberClientKey.self] }
    set { self[NumberClientKey.self] = newValue }
  }
  fileprivate var readInUpdate: Int {
    get { self[ReadInUpdateKey.self] }
    set { self[ReadInUpdateKey.self] = newValue }
  }
}

/// An update that changes part of a dependency reads the dependency first: that read is the test
/// taking charge of it, no read of a live value (as in swift-dependencies). A read the update does
/// not then override is reported as any read is.
@Suite struct PartialOverrideTests {
  @Test func overridingAPropertyOfADependencyReportsNothing() {
    let fetched = withDependencies {
      $0.numberClient.fetch = { 1_729 }
    } operation: {
      Dependency(\.numberClient).wrappedValue.fetch()
    }
    #expect(fetched == 1_729)
  }

  @Test func anAsyncUpdateOverridingAPropertyReportsNothing() async {
    let fetched = await withDependencies {
      $0.numberClient.fetch = { 1_729 }
    } operation: {
      await Task.yield()
      return Dependency(\.numberClient).wrappedValue.fetch()
    }
    #expect(fetched == 1_729)
  }

  @Test func aReadInTheUpdateOfAKeyItDoesNotSetIsReported() {
    let issues = recordedIssues {
      withDependencies {
        $0.readInUpdate = $0.numberClient.fetch()
      } operation: {
        #expect(Dependency(\.readInUpdate).wrappedValue == 42)
      }
    }
    #expect(issues == [missingTestValueFailure("NumberClientKey")])
  }

  @Test(.dependencies { $0.numberClient.fetch = { 7 } })
  func aTraitOverridingAPropertyReportsNothing() {
    #expect(Dependency(\.numberClient).wrappedValue.fetch() == 7)
  }
}
