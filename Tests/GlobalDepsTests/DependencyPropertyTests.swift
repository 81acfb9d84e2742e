import DepsTestSupport
import GlobalDeps
import Testing

// `@Dependency` properties: a model keeps the scope it was made in and hands it to the models it
// makes with `withDependencies(from:)`, sync or async; `@Dependency(Key.self)` reads a key type.
//
// Ported from swift-dependencies 1.17.1, Tests/DependenciesTests/DependencyTests.swift.
//
// `DependencyValues` is `Dependencies`, `TestDependencyKey`/`liveValue` is `DependencyKey` with
// `defaultValue`. The keys are this file's own and no test writes them to the process-wide store,
// so the suite runs in parallel with the others (reads outside a scope see the store's defaults).
// Not ported: `testInvalidScope` (Apple platforms only upstream; GlobalDeps has no such warning).

@Suite(.tags(.portedFromSwiftDependencies)) struct DependencyPropertyTests {
  @Test func extendingLifetimeToChildModels() {
    @Dependency(\.sdModelInt) var int: Int
    #expect(int == 42)
    #expect(LifetimeModel().int == 42)
    #expect(LifetimeModel().string == "goodbye")

    let model = withDependencies {
      $0.sdModelInt = 1729
    } operation: {
      withDependencies {
        $0.sdModelString = "howdy"
      } operation: {
        LifetimeModel()
      }
    }
    #expect(model.int == 1729)
    #expect(model.string == "howdy")
    withDependencies {
      $0.sdModelInt = 0
      $0.sdModelString = "cya"
    } operation: {
      #expect(model.int == 0)
      #expect(model.string == "cya")
    }
    #expect(model.int == 1729)
    #expect(model.string == "howdy")

    let child = model.child()
    #expect(child.int == 1729)
    #expect(child.string == "howdy")
    withDependencies {
      $0.sdModelInt = 0
      $0.sdModelString = "cya"
    } operation: {
      #expect(child.int == 0)
      #expect(child.string == "cya")
    }
    #expect(child.int == 1729)
    #expect(child.string == "howdy")

    let grandchild = child.child()
    #expect(grandchild.int == 1729)
    #expect(grandchild.string == "howdy")
    withDependencies {
      $0.sdModelInt = 0
      $0.sdModelString = "cya"
    } operation: {
      #expect(grandchild.int == 0)
      #expect(grandchild.string == "cya")
    }
    #expect(grandchild.int == 1729)
    #expect(grandchild.string == "howdy")

    // withDependencies(from:) merges the scope in force over the model's values, so the child
    // made here gets 9000 and "cool".
    let greatGrandchild = withDependencies {
      $0.sdModelInt = 9000
      $0.sdModelString = "cool"
    } operation: {
      grandchild.child()
    }
    #expect(greatGrandchild.int == 9000)
    #expect(greatGrandchild.string == "cool")
    withDependencies {
      $0.sdModelInt = 0
      $0.sdModelString = "cya"
    } operation: {
      #expect(greatGrandchild.int == 0)
      #expect(greatGrandchild.string == "cya")
    }
    #expect(greatGrandchild.int == 9000)
    #expect(greatGrandchild.string == "cool")
  }

  @Test func extendingLifetimeToChildModelsAsync() async {
    // Upstream's update closures also `await Task.yield()`: GlobalDeps' async withDependencies
    // takes a synchronous update closure (API.md), so those awaits are left out.
    @Dependency(\.sdModelInt) var int: Int
    #expect(int == 42)
    #expect(LifetimeModel().int == 42)
    #expect(LifetimeModel().string == "goodbye")

    let model = await withDependencies {
      $0.sdModelInt = 1729
    } operation: {
      await withDependencies {
        $0.sdModelString = "howdy"
      } operation: { () -> LifetimeModel in
        await Task.yield()
        return LifetimeModel()
      }
    }
    #expect(model.int == 1729)
    #expect(model.string == "howdy")
    await withDependencies {
      $0.sdModelInt = 0
      $0.sdModelString = "cya"
    } operation: {
      await Task.yield()
      #expect(model.int == 0)
      #expect(model.string == "cya")
    }
    #expect(model.int == 1729)
    #expect(model.string == "howdy")

    let child = await model.child()
    #expect(child.int == 1729)
    #expect(child.string == "howdy")
    await withDependencies {
      $0.sdModelInt = 0
      $0.sdModelString = "cya"
    } operation: {
      await Task.yield()
      #expect(child.int == 0)
      #expect(child.string == "cya")
    }
    #expect(child.int == 1729)
    #expect(child.string == "howdy")

    let grandchild = await child.child()
    #expect(grandchild.int == 1729)
    #expect(grandchild.string == "howdy")
    await withDependencies {
      $0.sdModelInt = 0
      $0.sdModelString = "cya"
    } operation: {
      await Task.yield()
      #expect(grandchild.int == 0)
      #expect(grandchild.string == "cya")
    }
    #expect(grandchild.int == 1729)
    #expect(grandchild.string == "howdy")

    let greatGrandchild = await withDependencies {
      $0.sdModelInt = 9000
      $0.sdModelString = "cool"
    } operation: {
      await grandchild.child()
    }
    #expect(greatGrandchild.int == 9000)
    #expect(greatGrandchild.string == "cool")
    await withDependencies {
      $0.sdModelInt = 0
      $0.sdModelString = "cya"
    } operation: {
      await Task.yield()
      #expect(greatGrandchild.int == 0)
      #expect(greatGrandchild.string == "cya")
    }
    #expect(greatGrandchild.int == 9000)
    #expect(greatGrandchild.string == "cool")
  }

  @Test func dependencyType() {
    // Upstream's key has only a `testValue` of 0; ours needs a `defaultValue` too.
    struct MyDependency: DependencyKey {
      static var defaultValue: Int { 0 }
      static var testValue: Int { 0 }
    }
    @Dependency(MyDependency.self) var int: Int

    #expect(int == 0)

    withDependencies {
      $0[MyDependency.self] = 42
    } operation: {
      #expect(int == 42)
    }
  }
}

private final class LifetimeModel {
  @Dependency(\.sdModelInt) var int
  @Dependency(\.sdModelString) var string

  func child() -> LifetimeModel {
    withDependencies(from: self) {
      LifetimeModel()
    }
  }

  func child() async -> LifetimeModel {
    await withDependencies(from: self) {
      await Task.yield()
      return LifetimeModel()
    }
  }
}

private enum ModelIntKey: DependencyKey {
  static let defaultValue = -1
  static let testValue = 42
}

private enum ModelStringKey: DependencyKey {
  static let defaultValue = "hello"
  static let testValue = "goodbye"
}

extension Dependencies {
  fileprivate var sdModelInt: Int {
    get { self[ModelIntKey.self] }
    set { self[ModelIntKey.self] = newValue }
  }
  fileprivate var sdModelString: String {
    get { self[ModelStringKey.self] }
    set { self[ModelStringKey.self] = newValue }
  }
}
