import DepsTesting
import Testing

@testable import DepsCore
@testable import GlobalDeps

// An alias declared in a `withDependencies` update, or in the `.dependencies` trait, holds for
// that scope (and those nested in it) only.

private enum PrimaryKey: DependencyKey {
  static let defaultValue = "primary"
  static let testValue = defaultValue
}
private enum SecondaryKey: DependencyKey {
  static let defaultValue = "secondary"
  static let testValue = defaultValue
}
extension Dependencies {
  fileprivate var primary: String {
    get { self[PrimaryKey.self] }
    set { self[PrimaryKey.self] = newValue }
  }
  fileprivate var secondary: String {
    get { self[SecondaryKey.self] }
    set { self[SecondaryKey.self] = newValue }
  }
}

@Suite struct ScopedAliasTests {
  @Test func anAliasDeclaredInAnUpdateHoldsForThatScopeOnly() async {
    let inScope = withDependencies {
      $0.alias(\.secondary, to: \.primary)
      $0.primary = "set"
    } operation: {
      (Dependency(\.primary).wrappedValue, Dependency(\.secondary).wrappedValue)
    }
    #expect(inScope == ("set", "set"))
    let nested = withDependencies {
      $0.alias(\.secondary, to: \.primary)
    } operation: {
      withDependencies {
        $0.primary = "inner"
      } operation: {
        Dependency(\.secondary).wrappedValue
      }
    }
    #expect(nested == "inner")
    // Outside the scopes, and in a parallel task, the two are separate again.
    #expect(Dependency(\.secondary).wrappedValue == "secondary")
    let parallel = await Task.detached {
      withDependencies {
        $0.primary = "other"
      } operation: {
        Dependency(\.secondary).wrappedValue
      }
    }.value
    #expect(parallel == "secondary")
  }
}

@Suite(.dependencies { $0.alias(\.secondary, to: \.primary) })
struct TraitAliasTests {
  @Test func anAliasInTheTraitHoldsForTheTest() {
    #expect(Dependency(\.secondary).wrappedValue == "primary")
  }
}
