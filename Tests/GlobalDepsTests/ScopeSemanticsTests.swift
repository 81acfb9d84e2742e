import Testing

@testable import GlobalDeps

/// How `withDependencies` scopes compose and travel between tasks. These tests only override
/// keys that no store test sets, and never write the store, so they run in parallel.
@Suite struct ScopeSemanticsTests {
  @Test func nestedScopesCompose() {
    withDependencies {
      $0.scoped = 1
      $0.escaped = "outer"
    } operation: {
      withDependencies {
        // The inner update reads the outer scope.
        #expect($0.scoped == 1)
        $0.scoped += 1
      } operation: {
        #expect(ScopedModel().scoped == 2)
        #expect(ScopedModel().escaped == "outer")
        withDependencies {
          $0.escaped = "innermost"
        } operation: {
          #expect(ScopedModel().scoped == 2)
          #expect(ScopedModel().escaped == "innermost")
        }
        #expect(ScopedModel().escaped == "outer")
      }
      // The inner scope's overrides end with it.
      #expect(ScopedModel().scoped == 1)
    }
    #expect(ScopedModel().scoped == 0)
  }

  @Test func asyncLetAndTaskGroupChildrenInherit() async {
    await withDependencies {
      $0.scoped = 7
    } operation: {
      async let child = ScopedModel().scoped
      #expect(await child == 7)
      let fromGroup = await withTaskGroup(of: Int.self) { group in
        for _ in 0..<4 {
          group.addTask {
            await Task.yield()
            return ScopedModel().scoped
          }
        }
        return await group.reduce(into: []) { $0.append($1) }
      }
      #expect(fromGroup == [7, 7, 7, 7])
    }
  }

  @Test func unstructuredTasksInheritButDetachedTasksDoNot() async {
    let (unstructured, detached) = withDependencies {
      $0.scoped = 8
    } operation: {
      (
        Task { ScopedModel().scoped },
        // A detached task starts from the store; `withEscapedDependencies` carries the scope in.
        Task.detached { ScopedModel().scoped }
      )
    }
    #expect(await unstructured.value == 8)
    #expect(await detached.value == 0)
  }

  @Test func parallelTasksEachSeeOnlyTheirOwnOverrides() async {
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for index in 1...32 {
        group.addTask {
          await withDependencies {
            $0.scoped = index
            $0.escaped = "task \(index)"
          } operation: {
            let model = ScopedModel()
            var mismatches = 0
            for _ in 0..<200 {
              if model.scoped != index || model.escaped != "task \(index)" { mismatches += 1 }
              if Dependency(\.scoped).wrappedValue != index { mismatches += 1 }
              await Task.yield()
            }
            return mismatches
          }
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }

  @Test func anObjectMadeInAScopeKeepsItsOverridesOutsideIt() async {
    let model = withDependencies {
      $0.scoped = 3
    } operation: {
      ScopedModel()
    }
    #expect(model.scoped == 3)
    // In another task, and on another thread, after the scope has ended.
    #expect(await Task.detached { model.scoped }.value == 3)
    // A scope in force at read time wins for what it sets, and only for that.
    withDependencies {
      $0.escaped = "reader"
    } operation: {
      #expect(model.scoped == 3)
      #expect(model.escaped == "reader")
    }
  }
}
