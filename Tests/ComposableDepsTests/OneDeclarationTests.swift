import ComposableDeps
import DepsTestSupport
import Testing

extension Dependencies {
  fileprivate var greeting: String {
    get { self[default: "live greeting", test: "test greeting"] }
    set { self[default: "live greeting", test: "test greeting"] = newValue }
  }
  // Same type, another property: another dependency.
  fileprivate var farewell: String {
    get { self[default: "live farewell", test: "test farewell"] }
    set { self[default: "live farewell", test: "test farewell"] = newValue }
  }
  fileprivate var liveOnly: Int {
    get { self[default: 42] }
    set { self[default: 42] = newValue }
  }
  fileprivate var previewed: String {
    get { self[default: "live", test: "test", preview: "preview"] }
    set { self[default: "live", test: "test", preview: "preview"] = newValue }
  }
}

private final class OneDeclarationEnvironment: ComposableEnvironment {
  @Dependency(\.greeting) var greeting
  @Dependency(\.farewell) var farewell
  static let liveOnlyLine = #line + 1
  @Dependency(\.liveOnly) var liveOnly
  @Dependency(\.previewed) var previewed
  @Dependency(\.sameNameInAnotherFile) var sameNameInAnotherFile
  @Derived var child: OneDeclarationChildEnvironment
}

private final class OneDeclarationChildEnvironment: ComposableEnvironment {
  @Dependency(\.greeting) var greeting
}

extension Dependencies {
  // `OneDeclarationSupport.swift` declares a property of this name too, with other values.
  fileprivate var sameName: String {
    get { self[default: "here, live", test: "here, test"] }
    set { self[default: "here, live", test: "here, test"] = newValue }
  }
}

/// `Dependencies[default:test:]`: a dependency declared in one property, without a key type.
@Suite struct OneDeclarationTests {
  @Test func aDeclarationReadsItsTestValueInTests() {
    let environment = OneDeclarationEnvironment()
    #expect(environment.greeting == "test greeting")
    #expect(environment.farewell == "test farewell")
    #expect(environment.previewed == "test")
  }

  @Test func twoPropertiesAreTwoDependencies() {
    let environment = OneDeclarationEnvironment().with(\.greeting, "set greeting")
    #expect(environment.greeting == "set greeting")
    #expect(environment.farewell == "test farewell")
    #expect(environment.child.greeting == "set greeting")
  }

  @Test func propertiesOfOneNameInTwoFilesAreTwoDependencies() {
    let environment = OneDeclarationEnvironment().with(\.sameName, "set here")
    #expect(environment[\.sameName] == "set here")
    #expect(environment.sameNameInAnotherFile == "there, test")
  }

  @Test func aWriteThroughTheSubscriptIsReadThroughTheKeyPath() {
    let environment = OneDeclarationEnvironment()
    environment.with(\.farewell, "bye")
    #expect(environment.farewell == "bye")
    #expect(environment[\.farewell] == "bye")
  }

  @Test func aDeclarationWithoutATestValueFailsTheTestThatReadsIt() {
    let environment = OneDeclarationEnvironment()
    var value = 0
    let issues = recordedIssues { value = environment.liveOnly }
    #expect(value == 42)
    #expect(
      issues == [
        """
        Dependencies.liveOnly has no test value, but was read in a test.

          Read through: @Dependency declared at \
        ComposableDepsTests/OneDeclarationTests.swift:\(OneDeclarationEnvironment.liveOnlyLine)

        In a test, a dependency that nobody overrides reads its key's testValue; \
        Dependencies.liveOnly declares none, so the test got its defaultValue, the live value. To \
        fix: override it, or give the declaration a test value, the test: argument of \
        `self[default: …, test: …]` in `var liveOnly`: a mock, unimplemented endpoints, or the \
        default itself to read the live value on purpose.
        """
      ])
  }
}
