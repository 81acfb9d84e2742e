import ComposableDeps  // was: import ComposableArchitecture
import DepsTesting  // (TCA's TestStore came with ComposableArchitecture)
import Foundation
import XCTest

@testable import TCA040Sample

@MainActor
final class RecursionTests: XCTestCase {
  func testNestedAppend() async {
    let root = UUID(uuidString: "00000000-0000-0000-0000-0000000000FF")!
    let uuid = UUIDGenerator.incrementing
    let store = TestStore(
      initialState: NestedState(id: root),
      reducer: nestedAppReducer,
      environment: NestedAppEnvironment(nested: NestedEnvironment(uuid: { uuid() }))
    )

    let child = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    let grandchild = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    await store.send(.append) {
      $0.children = [NestedState(id: child)]
    }
    await store.send(.node(id: child, action: .append)) {
      $0.children[id: child]?.children = [NestedState(id: grandchild)]
    }
    await store.send(.node(id: child, action: .node(id: grandchild, action: .rename("Leaf")))) {
      $0.children[id: child]?.children[id: grandchild]?.description = "Leaf"
    }
  }
}
