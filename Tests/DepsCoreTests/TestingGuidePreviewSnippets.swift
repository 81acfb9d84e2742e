import DepsCore
import Testing

// The "Previews: `previewValue`" snippet of Docs/Testing.md, compiled so the guide cannot rot.

private enum GreetingKey: DependencyKey {
  static let defaultValue = "Hello from the server"
  static let testValue = "Hello from a test"
  static let previewValue = "Hello from a preview"
}

@Suite struct TestingGuidePreviewSnippets {
  @Test func theKeyHasAValuePerContext() {
    #expect(GreetingKey.previewValue == "Hello from a preview")
  }
}
