/// A key for reading and writing a dependency in ``Dependencies``.
///
/// Declare a key the way you declare a SwiftUI `EnvironmentKey`, then expose it as a property on
/// ``Dependencies``:
///
/// ```swift
/// private enum APIClientKey: DependencyKey {
///   static let defaultValue = APIClient.live
///   static let testValue = APIClient.unimplemented
/// }
///
/// extension Dependencies {
///   var apiClient: APIClient {
///     get { self[APIClientKey.self] }
///     set { self[APIClientKey.self] = newValue }
///   }
/// }
/// ```
///
/// A type may be its own key, so that `@Dependency(APIClient.self)` and
/// `with(APIClient.self, mock)` work without a ``Dependencies`` property:
///
/// ```swift
/// extension APIClient: DependencyKey {
///   static let defaultValue = APIClient.live
/// }
/// ```
///
/// The default is built lazily, at most once per store: a class-valued default is one shared
/// instance, and a computed `defaultValue` is not recomputed on every read.
///
/// In a module with default MainActor isolation a key needs no `nonisolated` (it refines
/// ``SendableMetatypeIfAvailable``), but the `Dependencies` extension does: `nonisolated extension
/// Dependencies` (Docs/Swift62AppTargets.md).
public protocol DependencyKey: SendableMetatypeIfAvailable {
  /// The type of the dependency's value.
  associatedtype Value: Sendable

  /// The value used when nobody set one, outside tests.
  static var defaultValue: Value { get }

  /// The value used when nobody set one, while XCTest or Swift Testing runs the process.
  ///
  /// Return mocks or `unimplemented` endpoints, so a test that reaches a live service fails instead.
  /// A key that declares none gives tests its ``defaultValue``, and a test that reads it unoverridden
  /// fails, once per key and test (``Dependencies/missingTestValue`` makes it a warning). Declare
  /// `static let testValue = defaultValue` to let tests read the live value on purpose.
  static var testValue: Value { get }

  /// The value used when nobody set one, in an Xcode preview (``DependencyContext/preview``).
  ///
  /// Defaults to ``defaultValue``: return canned data, so a preview needs no network or database.
  static var previewValue: Value { get }
}

extension DependencyKey {
  /// The live ``defaultValue``; a test that reads it without overriding it fails (see ``testValue``).
  public static var testValue: Value {
    TestValueCheck.noteDefaultTestValue()
    return defaultValue
  }

  /// The default preview value: the live ``defaultValue``.
  public static var previewValue: Value { defaultValue }
}
