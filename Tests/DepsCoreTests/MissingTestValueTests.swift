import DepsTestSupport
import Testing

@testable import DepsCore

/// A key that declares no `testValue`: its default is the live value.
private enum LiveOnlyKey: DependencyKey {
  static let defaultValue = "live"
}

/// A key that opts out on purpose: tests read the live value without a failure.
private enum OptedOutKey: DependencyKey {
  static let defaultValue = "live on purpose"
  static let testValue = defaultValue
}

/// A key whose test value reads a key that declares none.
private enum ReadsLiveOnlyKey: DependencyKey {
  static let defaultValue = "unused"
  static var testValue: String {
    "test, then \(Dependencies(reader: currentReader.withLock { $0! })[LiveOnlyKey.self])"
  }
}

/// The reader `ReadsLiveOnlyKey.testValue` reads through: set by its test.
private let currentReader = Locked<DependencyNode?>(nil)

/// A read, in a test, of a dependency whose key declares no `testValue` fails the test: once per
/// key and store.
@Suite struct MissingTestValueTests {
  @Test func aReadOfAKeyWithoutTestValueFailsTheTestWithTheExactText() {
    let node = DependencyNode(ownerName: "Root")
    var value = ""
    let issues = recordedIssues { value = node.read(LiveOnlyKey.self) }
    #expect(issues == [missingTestValueFailure("LiveOnlyKey")])
    // The value read is the default, as it was before the check.
    #expect(value == "live")
  }

  @Test func theFailureIsReportedOncePerKeyAndStore() {
    let node = DependencyNode(ownerName: "Root")
    let child = DependencyNode(ownerName: "Child", parent: node)
    let issues = recordedIssues {
      _ = node.read(LiveOnlyKey.self)
      _ = child.read(LiveOnlyKey.self)
      node.set([])  // a write empties the read caches: the next read resolves again
      _ = node.read(LiveOnlyKey.self)
    }
    #expect(issues == [missingTestValueFailure("LiveOnlyKey")])
    // Another store builds its own default, and reports again.
    let other = DependencyNode(ownerName: "Other")
    #expect(recordedIssues { _ = other.read(LiveOnlyKey.self) } == [missingTestValueFailure("LiveOnlyKey")])
  }

  @Test func aKeyThatOptsOutWithDefaultValueIsReadWithoutFailure() {
    let node = DependencyNode(ownerName: "Root")
    #expect(node.read(OptedOutKey.self) == "live on purpose")
  }

  @Test func anOverriddenKeyIsNeitherBuiltNorReported() {
    let node = DependencyNode(ownerName: "Root")
    let issues = recordedIssues {
      node.set(LiveOnlyKey.self, "mock")
      var dependencies = Dependencies(reader: node)
      dependencies[LiveOnlyKey.self] = "written"
      #expect(node.read(LiveOnlyKey.self) == "mock")
      #expect(dependencies[LiveOnlyKey.self] == "written")
    }
    #expect(issues == [])
    // The node built no default at all: it made no defaults yet.
    #expect(node.path()[0].defaults == nil)
  }

  @Test func aDefaultReadByATestValueIsReportedForItsOwnKey() {
    let node = DependencyNode(ownerName: "Root")
    currentReader.withLock { $0 = node }
    var value = ""
    let issues = recordedIssues { value = node.read(ReadsLiveOnlyKey.self) }
    #expect(value == "test, then live")
    #expect(issues == [missingTestValueFailure("LiveOnlyKey")])
  }

  @Test func theWarningModeWarnsWithTheSameTextAndDoesNotFail() {
    let node = DependencyNode(ownerName: "Root")
    let (value, warnings) = TestValueCheck.$modeOverride.withValue(.warning) {
      RuntimeWarnings.recording { node.read(LiveOnlyKey.self) }
    }
    #expect(value == "live")
    #expect(warnings == [missingTestValueFailure("LiveOnlyKey")])
  }

  @Test func theSiteOfADependencyIsNamed() {
    let site = DependencyReadSite(fileID: "Feature/FeatureModel.swift", line: 12)
    #expect(
      TestValueCheck.missingTestValue(key: "NumberFactKey", site: site)
        == missingTestValueFailure("NumberFactKey", declaredAt: "Feature/FeatureModel.swift:12"))
  }

  @Test func theSwitchDefaultsToFailure() {
    #expect(Dependencies.missingTestValue == .failure)
  }
}
