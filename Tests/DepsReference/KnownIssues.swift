/// Defects of the library the differential tests found on main and tolerate until they are fixed,
/// each with a test of its own that shows it under `withKnownIssue` (so that a fix makes that
/// test fail and tells the fixer to remove the tolerance here).
package enum KnownIssues {
  /// `with(\.key, value)` (and the subscript setter, which is the same) builds the default of the
  /// key's group before it sets the value: the key path write runs the property's getter. The docs
  /// say a default is built on first *read*, and that overriding a key "neither builds its default
  /// nor reports anything" (API contract, "Tests never touch a live service unknowingly"); a
  /// `testValue` that reports when built fails a test that only overrides it, and the dependency
  /// report says "default, built" for a default nobody read. Values read are unaffected.
  ///
  /// Tests: `ComposableDifferentialTests.aKeyPathWriteBuildsNoDefault`,
  /// `GlobalStoreTests.aKeyPathWriteBuildsNoDefault`.
  package static let keyPathWriteBuildsTheDefault = true

  /// The first time the process meets a key path as a name (`aliasing(_:to:)`, `$0.alias(_:to:)`,
  /// `@Derived(aliases:)`, and `GlobalDeps`' `with(_:_:)`, which names the key in its warnings), the
  /// library learns which key it reads by running its getter through the environment at hand,
  /// which builds that key's default there: in the tree, the store, or the scope's. The docs say a
  /// default is built on first *read*; the dependency report then lists as built a default nobody
  /// read, and a `testValue` that reports when built fails a test that only aliases it. Later
  /// uses of the key path are cached and build nothing, so it shows in the first program of a
  /// process only: the interpreters resolve their key paths before any program.
  ///
  /// Tests: `ComposableDifferentialTests.aliasingBuildsNoDefault`,
  /// `GlobalStoreTests.aliasingBuildsNoDefault`.
  package static let keyPathResolutionBuildsTheDefault = true
}
