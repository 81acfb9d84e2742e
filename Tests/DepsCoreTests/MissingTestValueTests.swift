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

/// The failure of a read of `key`, which declares no test value, through anything but a
/// `@Dependency`.
func missingTestValueMessage(_ key: String) -> String {
  """
  \(key) has no test value, but was read in a test.

  In a test, a dependency that nobody overrides reads its key's testValue; \(key) declares none, \
  so the test got its defaultValue, the live value. To fix: override it, or declare \
  `static let testValue` on \(key): a mock, unimplemented endpoints, or \
  `static let testValue = defaultValue` to read the live value on purpose.
  """
}

/// Runs `body` and returns the comments of the issues it recorded, each expected.
func recordedIssues(_ body: () -> Void) -> [String] {
  let texts = Locked<[String]>([])
  withKnownIssue(isIntermittent: true) {
    body()
  } matching: { issue in
    texts.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return texts.withLock { $0 }
}

/// A read, in a test, of a dependency whose key declares no `testValue` fails the test: once per
/// key and store.
@Suite struct MissingTestValueTests {
  @Test func aReadOfAKeyWithoutTestValueFailsTheTestWithTheExactText() {
    let node = DependencyNode(ownerName: "Root")
    var value = ""
    let issues = recordedIssues { value = node.read(LiveOnlyKey.self) }
    #expect(issues == [missingTestValueMessage("LiveOnlyKey")])
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
    #expect(issues == [missingTestValueMessage("LiveOnlyKey")])
    // Another store builds its own default, and reports again.
    let other = DependencyNode(ownerName: "Other")
    #expect(recordedIssues { _ = other.read(LiveOnlyKey.self) } == [missingTestValueMessage("LiveOnlyKey")])
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
    #expect(issues == [missingTestValueMessage("LiveOnlyKey")])
  }

  @Test func theWarningModeWarnsWithTheSameTextAndDoesNotFail() {
    let node = DependencyNode(ownerName: "Root")
    let (value, warnings) = TestValueCheck.$modeOverride.withValue(.warning) {
      RuntimeWarnings.recording { node.read(LiveOnlyKey.self) }
    }
    #expect(value == "live")
    #expect(warnings == [missingTestValueMessage("LiveOnlyKey")])
  }

  @Test func theSiteOfADependencyIsNamed() {
    let site = DependencyReadSite(fileID: "Feature/FeatureModel.swift", line: 12)
    #expect(
      TestValueCheck.missingTestValue(key: "NumberFactKey", site: site) == """
        NumberFactKey has no test value, but was read in a test.

          Read through: @Dependency declared at Feature/FeatureModel.swift:12

        In a test, a dependency that nobody overrides reads its key's testValue; NumberFactKey \
        declares none, so the test got its defaultValue, the live value. To fix: override it, or \
        declare `static let testValue` on NumberFactKey: a mock, unimplemented endpoints, or \
        `static let testValue = defaultValue` to read the live value on purpose.
        """)
  }

  @Test func theSwitchDefaultsToFailure() {
    #expect(Dependencies.missingTestValue == .failure)
  }
}
