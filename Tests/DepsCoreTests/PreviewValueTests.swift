import Testing

@testable import DepsCore

private enum GreetingKey: DependencyKey {
  static let defaultValue = "live"
  static let testValue = "test"
  static let previewValue = "preview"
}

private enum PlainKey: DependencyKey {
  static let defaultValue = "live"
}

/// Which of a key's values a read resolves to in each context.
@Suite struct PreviewValueTests {
  private func resolve<Key: DependencyKey>(_ key: Key.Type, in context: DependencyContext) -> String {
    let box = DefaultValues(context: context).value(for: DependencyID(key))
    return box.valueDescription
  }

  @Test func eachContextResolvesItsOwnValue() {
    #expect(resolve(GreetingKey.self, in: .live) == "live")
    #expect(resolve(GreetingKey.self, in: .test) == "test")
    #expect(resolve(GreetingKey.self, in: .preview) == "preview")
  }

  @Test func previewValueDefaultsToDefaultValue() {
    #expect(PlainKey.previewValue == "live")
    #expect(resolve(PlainKey.self, in: .preview) == "live")
  }
}
