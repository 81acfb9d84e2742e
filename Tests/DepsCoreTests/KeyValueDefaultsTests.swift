import DepsCore
import DepsTestSupport
import Testing

// What a key's `testValue` and `previewValue` are when it declares only some of its values.
//
// Ported from swift-dependencies 1.17.1, Tests/DependenciesTests/DependencyKeyTests.swift: the tests
// of what a key's unimplemented requirements default to, ported to DepsCore's `DependencyKey`.
//
// Upstream has two protocols: `TestDependencyKey` (`testValue`, and `previewValue` defaulting to
// it) and `DependencyKey` (`liveValue`, with `testValue` defaulting to `previewValue`, which
// defaults to `liveValue`, and a test failure on Apple platforms when a test reaches a live value).
// DepsCore has one protocol whose `testValue` and `previewValue` both default to `defaultValue`,
// silently (API.md, "DepsCore" and "Contexts"). The ports assert those documented defaults.

@Suite(.tags(.portedFromSwiftDependencies)) struct KeyValueDefaultsTests {
  @Test func testDependencyKeyImplementOnlyTestValue() {
    // Upstream: only `testValue = 42`, so `previewValue` is 42 too. A DepsCore key always has a
    // `defaultValue`, and `previewValue` defaults to it, not to `testValue`.
    enum Key: DependencyKey {
      static let defaultValue = 0
      static let testValue = 42
    }

    #expect(Key.previewValue == 0)
    #expect(Key.testValue == 42)
  }

  @Test func dependencyKeyCascadingValueIsSelfImplementOnlyLiveValue() {
    struct Client: DependencyKey {
      let value: Int
      static let defaultValue = Self(value: 42)
    }

    #expect(Client.defaultValue.value == 42)
    #expect(Client.previewValue.value == 42)
    // Upstream fails the test here on Apple platforms ("A dependency has no test implementation,
    // but was accessed from a test context"); DepsCore's `testValue` is the `defaultValue`.
    #expect(Client.testValue.value == 42)
  }

  @Test func dependencyKeyCascadingImplementOnlyLiveValue() {
    enum Key: DependencyKey {
      static let defaultValue = 42
    }

    #expect(Key.defaultValue == 42)
    #expect(Key.previewValue == 42)
    // Upstream: 42 and a test failure on Apple platforms.
    #expect(Key.testValue == 42)
  }

  @Test func dependencyKeyCascadingImplementOnlyLiveAndPreviewValue() {
    enum Key: DependencyKey {
      static let defaultValue = 42
      static let previewValue = 1729
    }

    #expect(Key.defaultValue == 42)
    #expect(Key.previewValue == 1729)
    // Upstream: 1729 (the test value falls back to the preview value) and a test failure on Apple
    // platforms. DepsCore's `testValue` falls back to `defaultValue`.
    #expect(Key.testValue == 42)
  }
}
