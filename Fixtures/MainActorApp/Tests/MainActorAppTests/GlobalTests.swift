import DepsTesting
import Foundation
import GlobalDeps
import Testing

@testable import MainActorApp

@Suite struct GlobalTests {
  @Test func aGlobalEnvironmentReadsTheScopesOverrides() async {
    await withDependencies {
      $0.uuid = .incrementing
    } operation: {
      let store = TestStore(
        initialState: ShellState(), reducer: shellReducer, environment: ShellEnvironment())
      await store.send(.greeting(.addTapped)) {
        $0.greeting.ids = [UUID(uuidString: "00000000-0000-0000-0000-000000000000")!]
      }
      await store.send(.greeting(.addTapped)) {
        $0.greeting.ids.append(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)
      }
    }
  }
}
