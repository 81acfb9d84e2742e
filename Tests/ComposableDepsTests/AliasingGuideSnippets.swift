import ComposableDeps
import Testing

// The code of Docs/Aliasing.md (its ComposableDeps parts) and of the DocC article
// "Aliasing dependencies" (DepsCore.docc/AliasingDependencies.md), compiled so the docs cannot rot.

struct Scheduler: Sendable, Equatable {
  var name: String
  static let main = Scheduler(name: "main")
  static let immediate = Scheduler(name: "immediate")
}

enum MainSchedulerKey: DependencyKey {
  static let defaultValue = Scheduler.main
  static let testValue = defaultValue
}
enum UISchedulerKey: DependencyKey {
  static let defaultValue = Scheduler(name: "ui")
  static let testValue = defaultValue
}
enum LegacySchedulerKey: DependencyKey {
  static let defaultValue = Scheduler(name: "legacy")
  static let testValue = defaultValue
}

extension Dependencies {
  var mainScheduler: Scheduler {
    get { self[MainSchedulerKey.self] }
    set { self[MainSchedulerKey.self] = newValue }
  }
  var uiScheduler: Scheduler {
    get { self[UISchedulerKey.self] }
    set { self[UISchedulerKey.self] = newValue }
  }
  var legacyScheduler: Scheduler {
    get { self[LegacySchedulerKey.self] }
    set { self[LegacySchedulerKey.self] = newValue }
  }
}

enum AliasingGuide {
  final class AppEnvironment: ComposableEnvironment {
    @Derived var feature: FeatureEnvironment
    @Derived<LegacyEnvironment>(aliases: { $0.alias(\.legacyScheduler, to: \.mainScheduler) })
    var legacy
  }

  final class FeatureEnvironment: ComposableEnvironment {
    @Dependency(\.uiScheduler) var uiScheduler
  }

  /// Code written before `mainScheduler` existed; it reads `legacyScheduler`.
  final class LegacyEnvironment: ComposableEnvironment {
    @Dependency(\.legacyScheduler) var legacyScheduler
  }
}

@Suite struct AliasingGuideSnippets {
  typealias AppEnvironment = AliasingGuide.AppEnvironment

  @Test func aGroupReadsTheDefaultOfTheEndOfTheChain() {
    let app = AppEnvironment()
      .aliasing(\.uiScheduler, to: \.mainScheduler)
    #expect(app.uiScheduler == .main)  // mainScheduler's default
    #expect(app.feature.uiScheduler == .main)
  }

  @Test func settingAnyMemberSetsTheGroup() {
    let app = AppEnvironment()
      .aliasing(\.uiScheduler, to: \.mainScheduler)
    app.with(\.uiScheduler, .immediate)
    #expect(app.mainScheduler == .immediate)
    app.with(\.mainScheduler, .main)
    #expect(app.uiScheduler == .main)
  }

  @Test func chainsJoinOneGroup() {
    let app = AppEnvironment()
      .aliasing(\.uiScheduler, to: \.mainScheduler)
      .aliasing(\.legacyScheduler, to: \.uiScheduler)
    #expect(app.legacyScheduler == .main)  // the end of the chain: mainScheduler
    app.with(\.legacyScheduler, .immediate)
    #expect(app.mainScheduler == .immediate)
    #expect(app.uiScheduler == .immediate)
  }

  @Test func aCycleIsRefusedWithAWarning() {
    let app = AppEnvironment()
      .aliasing(\.uiScheduler, to: \.mainScheduler)
      .aliasing(\.legacyScheduler, to: \.uiScheduler)
    let (_, warnings) = RuntimeWarnings.recording {
      app.aliasing(\.mainScheduler, to: \.legacyScheduler)  // refused: it would close a cycle
    }
    #expect(
      warnings == [
        """
        Alias refused: aliasing MainSchedulerKey to LegacySchedulerKey would make a cycle \
        (MainSchedulerKey → LegacySchedulerKey → UISchedulerKey → MainSchedulerKey).

        A chain of aliases must end in the dependency that provides the group's default value. \
        To fix: remove one of the aliasing(_:to:) calls that form the cycle, keeping one direction \
        (LegacySchedulerKey to MainSchedulerKey, or MainSchedulerKey to LegacySchedulerKey).
        """
      ])
    // The aliases declared before still hold.
    #expect(app.legacyScheduler == .main)
  }

  @Test func aliasesHoldForTheNodeAndItsDescendantsOnly() {
    let app = AppEnvironment()
    app.feature.aliasing(\.uiScheduler, to: \.mainScheduler)
    app.with(\.mainScheduler, .immediate)
    #expect(app.feature.uiScheduler == .immediate)  // aliased on this node
    #expect(app.uiScheduler == Scheduler(name: "ui"))  // not aliased on the root
  }

  @Test func derivedAliasesHoldFromTheChildsFirstRead() {
    let app = AppEnvironment().with(\.mainScheduler, .immediate)
    #expect(app.legacy.legacyScheduler == .immediate)  // the parent's value, on first read
    #expect(app.legacyScheduler == Scheduler(name: "legacy"))  // the root has no alias
  }
}
