#if Macros
  /// Declares a dependency in one line, as SwiftUI's `@Entry` declares an environment value.
  ///
  /// Put it on a `var` in an extension of ``Dependencies``: the initializer is the live
  /// `defaultValue`, `test:` the `testValue`, `preview:` the `previewValue`:
  ///
  /// ```swift
  /// extension Dependencies {
  ///   @DependencyEntry var launchClock: any Clock<Duration> = ContinuousClock()
  ///   @DependencyEntry(test: NumberFactClient.mock) var factClient: NumberFactClient = .live
  ///   @DependencyEntry(test: WeatherClient.mock, preview: WeatherClient.preview)
  ///   var weather: WeatherClient = .live
  /// }
  /// ```
  ///
  /// The macro writes a private ``DependencyKey`` and the property's `get` and `set`. An entry without
  /// `test:` is a key with no `testValue`: a test that reads it unoverridden fails, pointing at `test:`.
  ///
  /// Write the arguments' type (`WeatherClient.mock`, not `.mock`): a macro's arguments are type
  /// checked before it sees the property. A value of another type is reported at the attribute.
  ///
  /// Unlike swift-dependencies' `@DependencyEntry`, the initializer is the live value, as in SwiftUI.
  ///
  /// In a module with default MainActor isolation, write entries in a `nonisolated extension
  /// Dependencies`: the macro reports an entry isolated to the main actor.
  ///
  /// Available with the package trait `Macros`.
  @attached(accessor, names: named(get), named(set))
  @attached(peer, names: prefixed(__DependencyEntryKey_), arbitrary)
  public macro DependencyEntry<Test, Preview>(test: Test = (), preview: Preview = ()) =
    #externalMacro(module: "DepsMacrosPlugin", type: "DependencyEntryMacro")

  /// Declares a dependency in one line, with a public key type named `keyName`.
  ///
  /// Other modules can then use the key type, `@Dependency(Dependencies.WeatherKey.self)`, too:
  ///
  /// ```swift
  /// extension Dependencies {
  ///   @DependencyEntry("WeatherKey", test: WeatherClient.mock)
  ///   public var sharedWeather: WeatherClient = .live
  /// }
  /// ```
  ///
  /// The key is a member of ``Dependencies``. Available with the package trait `Macros`.
  @attached(accessor, names: named(get), named(set))
  @attached(peer, names: arbitrary)
  public macro DependencyEntry<Test, Preview>(
    _ keyName: String, test: Test = (), preview: Preview = ()
  ) = #externalMacro(module: "DepsMacrosPlugin", type: "DependencyEntryMacro")

  /// Checks that an `@DependencyEntry` is not isolated to the main actor: passes.
  @freestanding(declaration)
  public macro _DependencyEntryIsolation(_ probe: () -> Void, _ name: String) =
    #externalMacro(module: "DepsMacrosPlugin", type: "EntryIsolationCheckMacro")

  /// Checks that an `@DependencyEntry` is not isolated to the main actor: fails.
  @freestanding(declaration)
  public macro _DependencyEntryIsolation(_ probe: @MainActor () -> Void, _ name: String) =
    #externalMacro(module: "DepsMacrosPlugin", type: "EntryMainActorCheckMacro")

  /// Checks that the value of an `@DependencyEntry` is `Sendable`: passes.
  @freestanding(declaration)
  public macro _DependencyEntrySendable<Value: Sendable>(
    _ keyPath: KeyPath<Dependencies, Value>, _ name: String
  ) = #externalMacro(module: "DepsMacrosPlugin", type: "EntryIsolationCheckMacro")

  /// Checks that the value of an `@DependencyEntry` is `Sendable`: fails.
  @freestanding(declaration)
  public macro _DependencyEntrySendable<Value>(
    _ keyPath: KeyPath<Dependencies, Value>, _ name: String
  ) = #externalMacro(module: "DepsMacrosPlugin", type: "EntrySendableCheckMacro")
#endif
