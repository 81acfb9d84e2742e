import GlobalDeps
import Testing

/// A global environment with state of its own: not `Sendable`.
private final class CountingEnvironment: GlobalEnvironment {
  var count = 0
}

/// Holds it through `@Derived`: `Sendable` only if `Derived` hides the state's race.
private struct HoldingEnvironment: GlobalEnvironment {
  @Derived var counting: CountingEnvironment
}

private struct PlainEnvironment: GlobalEnvironment {}

/// Holds a `Sendable` environment through `@Derived`.
private struct HoldingPlainEnvironment: GlobalEnvironment {
  @Derived var plain: PlainEnvironment
}

private func isSendable<T>(_: T.Type) -> Bool { false }
private func isSendable<T: Sendable>(_: T.Type) -> Bool { true }

/// `Derived` is `Sendable` only where its environment is: an environment that holds a
/// non-`Sendable` one through `@Derived` is not inferred `Sendable`, so it cannot be shared across
/// threads and race (8 threads incrementing `counting.count` lost updates, and the thread
/// sanitizer reported the race, when it was).
@Suite struct DerivedSendabilityTests {
  @Test func anEnvironmentHoldingANonSendableOneIsNotSendable() {
    #expect(!isSendable(Derived<CountingEnvironment>.self))
    #expect(!isSendable(HoldingEnvironment.self))
  }

  @Test func anEnvironmentHoldingASendableOneIsSendable() {
    #expect(isSendable(Derived<PlainEnvironment>.self))
    #expect(isSendable(HoldingPlainEnvironment.self))
  }
}
