import DepsTestSupport
import Foundation
import GlobalDeps
import Synchronization
import Testing

// Defaults that read other dependencies: eagerly or lazily, nested, in a diamond, on first access,
// in parent and child models; a default whose build reads another default is built once.
//
// Ported from swift-dependencies 1.17.1, Tests/DependenciesTests/ResolutionTests.swift and
// CacheTests.swift.
//
// In a test process GlobalDeps builds a default once per running test, with the values in force at
// its first read, as swift-dependencies does (Docs/Testing.md, "Every test its own"): upstream's
// values hold, outside a scope and inside one (the `...InsideAScope` variants).

@Suite(.tags(.portedFromSwiftDependencies)) struct DefaultsReadingDependenciesTests {
  @Test func dependencyDependingOnDependencyEager() {
    @Dependency(\.sdEagerParent) var eagerParent: EagerParentDependency
    @Dependency(\.sdEagerChild) var eagerChild: EagerChildDependency

    #expect(eagerParent.value == 1729)
    #expect(eagerChild.value == 1729)

    withDependencies {
      $0.sdEagerChild.value = 42
    } operation: {
      // The parent, cached for the test on its first read, as upstream.
      #expect(eagerParent.value == 1729)
      #expect(eagerChild.value == 42)
    }
  }

  @Test func dependencyDependingOnDependencyEagerInsideAScope() {
    withDependencies { _ in
    } operation: {
      @Dependency(\.sdEagerParent) var eagerParent: EagerParentDependency
      @Dependency(\.sdEagerChild) var eagerChild: EagerChildDependency

      #expect(eagerParent.value == 1729)
      #expect(eagerChild.value == 1729)

      withDependencies {
        $0.sdEagerChild.value = 42
      } operation: {
        #expect(eagerParent.value == 1729)
        #expect(eagerChild.value == 42)
      }
    }
  }

  @Test func dependencyDependingOnDependencyLazy() {
    @Dependency(\.sdLazyParent) var lazyParent: LazyParentDependency
    @Dependency(\.sdLazyChild) var lazyChild: LazyChildDependency

    #expect(lazyParent.value() == 1729)
    #expect(lazyChild.value() == 1729)

    withDependencies {
      $0.sdLazyChild.value = { 42 }
    } operation: {
      #expect(lazyParent.value() == 42)
      #expect(lazyChild.value() == 42)
    }

    withDependencies {
      $0.sdLazyParent.value = { 42 }
    } operation: {
      #expect(lazyParent.value() == 42)
      #expect(lazyChild.value() == 1729)
    }

    withDependencies {
      $0.sdLazyParent.value = { 42 }
      $0.sdLazyChild.value = { -42 }
    } operation: {
      #expect(lazyParent.value() == 42)
      #expect(lazyChild.value() == -42)
    }
  }

  @Test func dependencyDependingOnDependencyNested() {
    struct Model {
      @Dependency(\.sdNestedParent) var nestedParent: NestedParentDependency
      @Dependency(\.sdNestedChild) var nestedChild: NestedChildDependency
    }

    let model = withDependencies {
      $0.sdNestedChild.value = { 1 }
    } operation: {
      Model()
    }

    #expect(model.nestedParent.value() == 1)
    #expect(model.nestedChild.value() == 1)

    withDependencies {
      $0.sdNestedChild.value = { 42 }
    } operation: {
      #expect(model.nestedParent.value() == 42)
      #expect(model.nestedChild.value() == 42)
    }
  }

  @Test func firstAccessBehavior() {
    @Dependency(\.sdNestedParent) var nestedParent: NestedParentDependency
    struct Model {
      @Dependency(\.sdNestedParent) var nestedParent: NestedParentDependency
      @Dependency(\.sdNestedChild) var nestedChild: NestedChildDependency
    }

    let model = withDependencies {
      $0.sdNestedChild.value = { 1 }
    } operation: {
      Model()
    }

    #expect(nestedParent.value() == 1729)
    // The parent cached for the test by the first read above, as upstream.
    #expect(model.nestedParent.value() == 1729)
    #expect(model.nestedChild.value() == 1)

    withDependencies {
      $0.sdNestedChild.value = { 42 }
    } operation: {
      #expect(model.nestedParent.value() == 42)
      #expect(model.nestedChild.value() == 42)
    }
  }

  @Test func firstAccessBehaviorInsideAScope() {
    withDependencies { _ in
    } operation: {
      @Dependency(\.sdNestedParent) var nestedParent: NestedParentDependency
      struct Model {
        @Dependency(\.sdNestedParent) var nestedParent: NestedParentDependency
        @Dependency(\.sdNestedChild) var nestedChild: NestedChildDependency
      }

      let model = withDependencies {
        $0.sdNestedChild.value = { 1 }
      } operation: {
        Model()
      }

      #expect(nestedParent.value() == 1729)
      #expect(model.nestedParent.value() == 1729)
      #expect(model.nestedChild.value() == 1)

      withDependencies {
        $0.sdNestedChild.value = { 42 }
      } operation: {
        #expect(model.nestedParent.value() == 42)
        #expect(model.nestedChild.value() == 42)
      }
    }
  }

  @Test func parentChildScoping() {
    // Upstream opens a `.live` scope and reads `date.now` in it. Here the outer scope is a plain
    // one (setting `\.date` in it would win over the models' dates, upstream too, since the scope
    // in force at a read wins) and only the generator is read: calling the test `\.date` fails.
    withDependencies { _ in
    } operation: {
      @Dependency(\.date) var date
      _ = date

      final class ParentModel {
        @Dependency(\.date) var date
        var child1: Child1Model?
        var child2: Child2Model?
        func goToChild1() {
          self.child1 = withDependencies(from: self) { Child1Model() }
        }
        func goToChild2() {
          self.child2 = withDependencies(from: self) { Child2Model() }
        }
      }
      final class Child1Model {
        @Dependency(\.date) var date
      }
      final class Child2Model {
        @Dependency(\.date) var date
      }

      let model = withDependencies {
        $0.date = .constant(Date(timeIntervalSince1970: 1))
      } operation: {
        ParentModel()
      }

      withDependencies {
        $0.date = .constant(Date(timeIntervalSince1970: 2))
      } operation: {
        model.goToChild1()
      }
      withDependencies {
        $0.date = .constant(Date(timeIntervalSince1970: 3))
      } operation: {
        model.goToChild2()
      }

      #expect(model.date.now.timeIntervalSince1970 == 1)
      // The scope in force where withDependencies(from:) is called wins over the model's values.
      #expect(model.child1?.date.now.timeIntervalSince1970 == 2)
      #expect(model.child2?.date.now.timeIntervalSince1970 == 3)
    }
  }

  @Test func dependencyDiamond() {
    @Dependency(\.sdDiamondA) var diamondA: DiamondDependencyA
    @Dependency(\.sdDiamondB1) var diamondB1: DiamondDependencyB1
    @Dependency(\.sdDiamondB2) var diamondB2: DiamondDependencyB2
    @Dependency(\.sdDiamondC) var diamondC: DiamondDependencyC

    #expect(diamondA.value() == 1 + 1 + 42 + 1729)
    #expect(diamondB1.value() == 1 + 42)
    #expect(diamondB2.value() == 1 + 1729)
    #expect(diamondC.value() == 1)

    withDependencies {
      $0.sdDiamondC.value = { 2 }
    } operation: {
      #expect(diamondA.value() == 2 + 2 + 42 + 1729)
      #expect(diamondB1.value() == 2 + 42)
      #expect(diamondB2.value() == 2 + 1729)
      #expect(diamondC.value() == 2)
    }

    withDependencies {
      $0.sdDiamondB1.value = { 100 }
      $0.sdDiamondB2.value = { 200 }
    } operation: {
      #expect(diamondA.value() == 100 + 200)
      #expect(diamondB1.value() == 100)
      #expect(diamondB2.value() == 200)
      #expect(diamondC.value() == 1)
    }
  }

  @Test func clientWithDependency() {
    @Dependency(\.sdClientWithDependency) var clientWithDependency: ClientWithDependency
    withDependencies {
      $0.sdEagerChild.value = 99
    } operation: {
      #expect(clientWithDependency.value() == 99)
      withDependencies {
        $0.sdEagerChild.value = 42
      } operation: {
        #expect(clientWithDependency.value() == 42)
      }
    }
  }
}

// MARK: - CacheTests

/// Counts the `Ref`s of `InnerDependency` test values released while `countsDeinits` is on.
private let unexpectedDeinits = Atomic<Int>(0)

private enum CacheLocals {
  @TaskLocal static var countsDeinits = false
}

@Suite(.tags(.portedFromSwiftDependencies)) struct NestedDefaultBuildTests {
  @Test func cacheWithReEntrantAccess() {
    // Upstream reads in a bare XCTest test, fails the test from the `Ref`'s deinit and resets the
    // cache in tearDown with the failure turned off. Here the read runs in a scope of its own, so
    // that the scope's end (not another test's `Dependencies.reset()`) releases the cached value,
    // and a deinit while reading (a default built twice, one copy dropped) is counted.
    withDependencies { _ in
    } operation: {
      CacheLocals.$countsDeinits.withValue(true) {
        @Dependency(OuterDependency.self) var outerDependency
        _ = outerDependency
      }
    }
    #expect(unexpectedDeinits.load(ordering: .relaxed) == 0)
  }
}

private struct OuterDependency: DependencyKey {
  static var defaultValue: OuterDependency {
    @Dependency(InnerDependency.self) var innerDependency
    _ = innerDependency
    return Self()
  }
  static var testValue: OuterDependency { defaultValue }
}

private struct InnerDependency: DependencyKey {
  let perform: @Sendable () -> Void
  static var defaultValue: InnerDependency {
    final class Ref: Sendable {
      deinit {
        if CacheLocals.countsDeinits { unexpectedDeinits.add(1, ordering: .relaxed) }
      }
    }
    let ref = Ref()
    return Self {
      _ = ref
    }
  }
  static var testValue: InnerDependency { defaultValue }
}

// MARK: - ResolutionTests' dependencies

private struct EagerParentDependency: DependencyKey {
  var value: Int
  static var defaultValue: Self {
    @Dependency(\.sdEagerChild) var child
    return Self(value: child.value)
  }
  static var testValue: Self { defaultValue }
}

private struct EagerChildDependency: DependencyKey {
  var value: Int
  static let defaultValue = Self(value: 1729)
  static let testValue = defaultValue
}

private struct LazyParentDependency: DependencyKey {
  var value: @Sendable () -> Int
  static let defaultValue = Self {
    @Dependency(\.sdLazyChild) var child
    return child.value()
  }
  static let testValue = defaultValue
}

private struct LazyChildDependency: DependencyKey {
  var value: @Sendable () -> Int
  static let defaultValue = Self { 1729 }
  static let testValue = defaultValue
}

private struct NestedParentDependency: DependencyKey {
  var value: @Sendable () -> Int
  static var defaultValue: NestedParentDependency {
    @Dependency(\.sdNestedChild) var child
    return Self {
      child.value()
    }
  }
  static var testValue: NestedParentDependency { defaultValue }
}

private struct NestedChildDependency: DependencyKey {
  var value: @Sendable () -> Int
  static let defaultValue = Self { 1729 }
  static let testValue = defaultValue
}

private struct DiamondDependencyA: DependencyKey {
  var value: @Sendable () -> Int
  static let defaultValue = Self {
    @Dependency(\.sdDiamondB1) var diamondB1
    @Dependency(\.sdDiamondB2) var diamondB2
    return diamondB1.value() + diamondB2.value()
  }
  static let testValue = defaultValue
}

private struct DiamondDependencyB1: DependencyKey {
  var value: @Sendable () -> Int
  static let defaultValue = Self {
    @Dependency(\.sdDiamondC) var diamondC
    return diamondC.value() + 42
  }
  static let testValue = defaultValue
}

private struct DiamondDependencyB2: DependencyKey {
  var value: @Sendable () -> Int
  static let defaultValue = Self {
    @Dependency(\.sdDiamondC) var diamondC
    return diamondC.value() + 1729
  }
  static let testValue = defaultValue
}

private struct DiamondDependencyC: DependencyKey {
  var value: @Sendable () -> Int
  static let defaultValue = Self { 1 }
  static let testValue = defaultValue
}

private struct ClientWithDependency: DependencyKey {
  @Dependency(\.sdEagerChild) var eagerChild
  var onValue: @Sendable (EagerChildDependency) -> Int = { $0.value }
  func value() -> Int {
    self.onValue(self.eagerChild)
  }
  static let defaultValue = Self()
  static let testValue = defaultValue
}

extension Dependencies {
  fileprivate var sdEagerParent: EagerParentDependency {
    get { self[EagerParentDependency.self] }
    set { self[EagerParentDependency.self] = newValue }
  }
  fileprivate var sdEagerChild: EagerChildDependency {
    get { self[EagerChildDependency.self] }
    set { self[EagerChildDependency.self] = newValue }
  }
  fileprivate var sdLazyParent: LazyParentDependency {
    get { self[LazyParentDependency.self] }
    set { self[LazyParentDependency.self] = newValue }
  }
  fileprivate var sdLazyChild: LazyChildDependency {
    get { self[LazyChildDependency.self] }
    set { self[LazyChildDependency.self] = newValue }
  }
  fileprivate var sdNestedParent: NestedParentDependency {
    get { self[NestedParentDependency.self] }
    set { self[NestedParentDependency.self] = newValue }
  }
  fileprivate var sdNestedChild: NestedChildDependency {
    get { self[NestedChildDependency.self] }
    set { self[NestedChildDependency.self] = newValue }
  }
  fileprivate var sdDiamondA: DiamondDependencyA {
    get { self[DiamondDependencyA.self] }
    set { self[DiamondDependencyA.self] = newValue }
  }
  fileprivate var sdDiamondB1: DiamondDependencyB1 {
    get { self[DiamondDependencyB1.self] }
    set { self[DiamondDependencyB1.self] = newValue }
  }
  fileprivate var sdDiamondB2: DiamondDependencyB2 {
    get { self[DiamondDependencyB2.self] }
    set { self[DiamondDependencyB2.self] = newValue }
  }
  fileprivate var sdDiamondC: DiamondDependencyC {
    get { self[DiamondDependencyC.self] }
    set { self[DiamondDependencyC.self] = newValue }
  }
  fileprivate var sdClientWithDependency: ClientWithDependency {
    get { self[ClientWithDependency.self] }
    set { self[ClientWithDependency.self] = newValue }
  }
}
