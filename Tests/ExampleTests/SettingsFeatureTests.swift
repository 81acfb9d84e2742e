import DepsTesting
import ExampleFeatures
import Testing

@MainActor
@Suite struct SettingsFeatureTests {
  @Test func settingsChangeAsPicked() async {
    let store = TestStore(
      initialState: SettingsState(), reducer: settingsReducer, environment: SettingsEnvironment())
    await store.send(.appearancePicked(.dark)) { $0.appearance = .dark }
    await store.send(.demoModeToggled) { $0.isDemoModeOn = true }
    await store.send(.demoModeToggled) { $0.isDemoModeOn = false }
    await store.finish()
  }
}
