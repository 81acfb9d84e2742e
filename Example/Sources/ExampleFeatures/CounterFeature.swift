import ComposableDeps

/// The state of a counter that can look up a fact about its count.
public struct CounterState: Equatable, Sendable {
  /// The number shown.
  public var count = 0
  /// The last fact loaded, about the count it was asked for; `nil` until one is loaded.
  public var fact: String?
  /// Whether a fact is being loaded; the fact button is disabled meanwhile.
  public var isLoadingFact = false

  /// Creates a counter state.
  ///
  /// - Parameter count: The number to start from.
  public init(count: Int = 0) {
    self.count = count
  }
}

/// What happens in a counter: button taps, and the fact the client answered.
public enum CounterAction: Equatable, Sendable {
  /// The user tapped "−".
  case decrementButtonTapped
  /// The user tapped "+".
  case incrementButtonTapped
  /// The user asked for a fact about the count.
  case factButtonTapped
  /// The number fact client answered (or failed to be built).
  case factResponse(String)
}

/// The services of a counter: one dependency, read from the environment tree.
///
/// The environment declares what it reads; the values come from the tree it is part of. A parent
/// that sets ``Dependencies/numberFact`` on itself sets it for this environment too, unless this
/// one sets its own.
public final class CounterEnvironment: ComposableEnvironment {
  /// The client that finds facts about the count.
  @Dependency(\.numberFact) public var numberFact
}

/// The logic of a counter: counts, and loads a fact about the count through ``NumberFactClient``.
public let counterReducer = Reducer<CounterState, CounterAction, CounterEnvironment> {
  state, action, environment in
  switch action {
  case .decrementButtonTapped:
    state.count -= 1
    return .none

  case .incrementButtonTapped:
    state.count += 1
    return .none

  case .factButtonTapped:
    state.isLoadingFact = true
    // Capture the service and the count, not the environment: effects outlive this call.
    let numberFact = environment.numberFact
    return .run { [count = state.count] send in
      // The first fact builds the client (and opens its cache); later ones reuse it.
      let client = try await numberFact.value
      await send(.factResponse(await client.fetch(count)))
    } catch: { [count = state.count] error, send in
      await send(.factResponse("No fact about \(count): \(error)"))
    }

  case .factResponse(let fact):
    state.isLoadingFact = false
    state.fact = fact
    return .none
  }
}
