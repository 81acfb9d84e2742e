import GlobalDeps
import Testing

// The code of Docs/Aliasing.md (its GlobalDeps part) and of the DocC article "Overriding
// dependencies in a scope" (GlobalDeps.docc/OverridingDependenciesInAScope.md), compiled so the
// docs cannot rot.

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

extension Dependencies {
  var mainScheduler: Scheduler {
    get { self[MainSchedulerKey.self] }
    set { self[MainSchedulerKey.self] = newValue }
  }
  var uiScheduler: Scheduler {
    get { self[UISchedulerKey.self] }
    set { self[UISchedulerKey.self] = newValue }
  }
}

enum AliasingGuide {
  struct AppEnvironment: GlobalEnvironment {
    @Derived<FeatureEnvironment>(aliases: { $0.alias(\.uiScheduler, to: \.mainScheduler) })
    var feature
  }

  struct FeatureEnvironment: GlobalEnvironment {
    @Dependency(\.uiScheduler) var uiScheduler
  }

  /// Not an environment: `@Dependency` from GlobalDeps works in any type.
  struct ScreenModel: Sendable {
    @Dependency(\.uiScheduler) var uiScheduler
  }
}

extension GlobalStoreTests {
  @Test func aliasesAreProcessWide() {
    typealias AppEnvironment = AliasingGuide.AppEnvironment
    typealias ScreenModel = AliasingGuide.ScreenModel
    AppEnvironment().aliasing(\.uiScheduler, to: \.mainScheduler)
    #expect(ScreenModel().uiScheduler == .main)  // every reader in the process sees the alias
    AppEnvironment().with(\.mainScheduler, .immediate)
    #expect(ScreenModel().uiScheduler == .immediate)

    Dependencies.clearAliases()
    #expect(ScreenModel().uiScheduler == Scheduler(name: "ui"))
  }

  @Test func derivedAliasesAreDeclaredProcessWideOnFirstRead() {
    typealias AppEnvironment = AliasingGuide.AppEnvironment
    typealias ScreenModel = AliasingGuide.ScreenModel
    let app = AppEnvironment()
    #expect(ScreenModel().uiScheduler == Scheduler(name: "ui"))  // not declared yet
    #expect(app.feature.uiScheduler == .main)  // the first read of `feature` declares the alias
    #expect(ScreenModel().uiScheduler == .main)  // ... for the whole process
  }

  @Test func scopedOverridesAndTheStore() async {
    typealias ScreenModel = AliasingGuide.ScreenModel
    // Process-wide: every reader sees it until `Dependencies.reset()`.
    AliasingGuide.AppEnvironment().with(\.uiScheduler, .main)

    // Scoped: only this task and its child tasks see `.immediate`.
    let scheduler = withDependencies {
      $0.uiScheduler = .immediate
    } operation: {
      ScreenModel().uiScheduler
    }
    #expect(scheduler == .immediate)
    #expect(ScreenModel().uiScheduler == .main)  // the store was not touched

    // The async form: the overrides reach child tasks.
    let fromChildTask = await withDependencies {
      $0.uiScheduler = .immediate
    } operation: {
      async let scheduler = ScreenModel().uiScheduler
      return await scheduler
    }
    #expect(fromChildTask == .immediate)

    // A model made inside a scope keeps its overrides when used later.
    let model = withDependencies {
      $0.uiScheduler = .immediate
    } operation: {
      ScreenModel()
    }
    #expect(model.uiScheduler == .immediate)

    Dependencies.reset()
    #expect(ScreenModel().uiScheduler == Scheduler(name: "ui"))
  }
}
