import ComposableDeps

/// The state of the settings screen.
public struct SettingsState: Equatable, Sendable {
  /// How the app looks.
  public var appearance: Appearance = .system
  /// Whether the app shows a demo counter whose services are mocks: see ``AppEnvironment/demo``.
  public var isDemoModeOn = false

  /// Creates the default settings: system appearance, demo mode off.
  public init() {}
}

/// How the app looks.
public enum Appearance: String, Equatable, Sendable {
  /// Follows the system's setting.
  case system
  /// Always light.
  case light
  /// Always dark.
  case dark
}

/// What happens on the settings screen.
public enum SettingsAction: Equatable, Sendable {
  /// The user picked an appearance.
  case appearancePicked(Appearance)
  /// The user flipped the demo mode switch.
  case demoModeToggled
}

/// The services of the settings screen: none yet.
///
/// The class still exists, empty, so that the environment-less `pullback` can derive it from
/// ``AppEnvironment``; a dependency added here later is read from the app's tree with no change to
/// the app.
public final class SettingsEnvironment: ComposableEnvironment {}

/// The logic of the settings screen.
///
/// Turning demo mode on or off opens or closes the demo pane: ``appReducer`` does that, as the
/// pane belongs to the app, not to the settings.
public let settingsReducer = Reducer<SettingsState, SettingsAction, SettingsEnvironment> {
  state, action, _ in
  switch action {
  case .appearancePicked(let appearance):
    state.appearance = appearance
    return .none

  case .demoModeToggled:
    state.isDemoModeOn.toggle()
    return .none
  }
}
