/// What one ``Store/send(_:)`` started: the effects of the action and of every action they send.
///
/// ```swift
/// let task = store.send(.refresh)
/// await task.finish()      // every effect of the refresh ended
/// ```
public struct StoreTask: Hashable, Sendable {
  let group: EffectGroup

  init(group: EffectGroup) {
    self.group = group
  }

  /// Cancels the effects: they stop at their next cancellation check and send nothing more.
  ///
  /// ```swift
  /// let task = store.send(.startTimer)
  /// task.cancel()
  /// ```
  public func cancel() {
    group.cancel()
  }

  /// Returns when every effect the action started, and every effect of the actions they sent,
  /// ended.
  ///
  /// ```swift
  /// await store.send(.loadTapped).finish()
  /// ```
  public func finish() async {
    await group.finish()
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool { group.isCancelled }

  /// Whether two tasks are the same send's.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.group === rhs.group }

  /// Hashes the identity of the send.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(group))
  }
}
