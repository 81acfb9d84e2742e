import CasePathFeatures
import CasePaths
import ComposableDeps
import DepsTesting
import Testing

// A test file that imports swift-case-paths beside the library: `/Action.case` is the library's
// case path where one is expected, and `@CasePathable`'s case key paths work as they do without
// the library.

@MainActor
@Suite struct CasePathsTests {
  /// Each way the module reaches its children: the library's `/`, a case key path through the
  /// bridge, an `AnyCasePath`; `pullback` and `forEach` alike.
  @Test func everyKindOfCasePathReachesItsChild() async {
    let store = TestStore(
      initialState: CountersState(rows: [CounterState(id: 1), CounterState(id: 2)]),
      reducer: countersReducer, environment: CountersEnvironment())
    await store.send(.featured(.incremented)) { $0.featured.count = 1 }
    await store.send(.row(2, .added(5))) { $0.rows[1].count = 5 }
    await store.send(.byKeyPath(.added(10))) { $0.featured.count = 11 }
    await store.send(.rowByKeyPath(1, .incremented)) { $0.rows[0].count = 1 }
    await store.send(.byAnyCasePath(.added(100))) { $0.featured.count = 111 }
  }

  @Test func theLibrarysCasePathAndACaseKeyPathExtractTheSame() {
    let action = CountersAction.featured(.added(3))
    #expect(featuredPath.extract(from: action) == .added(3))
    #expect(action[case: \.featured] == .added(3))
    #expect(featuredPath.extract(from: .row(1, .incremented)) == nil)
    #expect(featuredPath.embed(.incremented) == .featured(.incremented))
    #expect(action.is(\.featured))
  }

  /// A case path written in a file that imports both modules: the library's `/` where the
  /// library's type is expected, swift-case-paths' `AnyCasePath` where that one is.
  @Test func slashIsTheLibrarysWhereItsCasePathIsExpected() {
    let ours: DepsReducer.CasePath<CountersAction, CounterAction> = /CountersAction.featured
    let theirs: AnyCasePath<CountersAction, CounterAction> = AnyCasePath(\.featured)
    #expect(ours.extract(from: .featured(.incremented)) == .incremented)
    #expect(theirs.extract(from: .featured(.incremented)) == .incremented)
  }
}
