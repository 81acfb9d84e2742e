#if Macros
  /// Declares a dependency in one line, as SwiftUI's `@Entry` declares an environment value.
  ///
  /// Put it on a `var` in an extension of ``Dependencies``. The initializer is the dependency's
  /// `defaultValue` (the live value); `test:` gives its `testValue` and `preview:` its
  /// `previewValue`:
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
  /// The macro writes a private key type and the property's `get` and `set`: the long form, a
  /// ``DependencyKey`` and a property that reads it. An entry without `test:` behaves as a key
  /// with no `testValue`: a test that reads it without overriding it fails, pointing at the
  /// `test:` argument.
  ///
  /// Write the arguments' type (`WeatherClient.mock`, not `.mock`): a macro's arguments are type
  /// checked before the macro sees the property, so the compiler cannot infer it from the
  /// property's type. A value of another type is reported at the attribute.
  ///
  /// Unlike swift-dependencies' `@DependencyEntry`, whose initializer is the *test* value, the
  /// initializer here is the live value, as in SwiftUI.
  ///
  /// In a module with default MainActor isolation, write the entries in a
  /// `nonisolated extension Dependencies` (or as `nonisolated var`): dependencies are read from
  /// any thread, and the macro reports an entry that is isolated to the main actor.
  ///
  /// Available with the package trait `Macros`.
  ///
  @attached(accessor, names: named(get), named(set))
  @attached(peer, names: prefixed(__DependencyEntryKey_), arbitrary)
  public macro DependencyEntry<Test, Preview>(test: Test = (), preview: Preview = ()) =
    #externalMacro(module: "DepsMacrosPlugin", type: "DependencyEntryMacro")

  /// Declares a dependency in one line, with a public key type named `keyName`.
  ///
  /// Other modules can then use the key type itself, `@Dependency(Dependencies.WeatherKey.self)`,
  /// as well as the property:
  ///
  /// ```swift
  /// extension Dependencies {
  ///   @DependencyEntry("WeatherKey", test: WeatherClient.mock)
  ///   public var sharedWeather: WeatherClient = .live
  /// }
  /// ```
  ///
  /// The key is a member of ``Dependencies``, as every declaration a macro adds next to a
  /// property is. Available with the package trait `Macros`.
  ///
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
