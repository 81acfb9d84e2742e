import DepsTestSupport
import GlobalDeps
import Testing

extension Dependencies {
  fileprivate var pageSize: Int {
    get { self[default: 20, test: 1] }
    set { self[default: 20, test: 1] = newValue }
  }
  fileprivate var title: String {
    get { self[default: "live title", test: "test title"] }
    set { self[default: "live title", test: "test title"] = newValue }
  }
}

private struct PagingModel {
  @Dependency(\.pageSize) var pageSize
  @Dependency(\.title) var title
}

/// `Dependencies[default:test:]` in GlobalDeps: a model's `@Dependency`, a scope's overrides, and
/// reads and writes through the `Dependencies` a scope's update gets.
@Suite struct GlobalOneDeclarationTests {
  @Test func aModelReadsTheTestValues() {
    withDependencies { _ in
    } operation: {
      let model = PagingModel()
      #expect(model.pageSize == 1)
      #expect(model.title == "test title")
    }
  }

  @Test func aScopeOverridesOneDeclarationAndNotTheOther() {
    withDependencies {
      $0.pageSize = 50
      #expect($0.pageSize == 50)
      #expect($0.title == "test title")
    } operation: {
      let model = PagingModel()
      #expect(model.pageSize == 50)
      #expect(model.title == "test title")
    }
  }
}
