/// The outcome of asynchronous work: a value, or the error it threw.
///
/// Unlike `Result<Success, any Error>`, a `TaskResult` is `Equatable` when its success type is, so
/// an action carrying one can be asserted with `TestStore.receive`. This is TCA 0.40's
/// `TaskResult`, for features that move over from it.
///
/// ```swift
/// enum FactAction: Equatable {
///   case factButtonTapped
///   case factResponse(TaskResult<String>)
/// }
///
/// let factReducer = Reducer<Int, FactAction, @Sendable (Int) async throws -> String> {
///   count, action, fact in
///   switch action {
///   case .factButtonTapped:
///     return .task { [count] in await .factResponse(TaskResult { try await fact(count) }) }
///   case .factResponse:
///     return .none
///   }
/// }
/// ```
///
/// ## Equality
///
/// Two successes are equal when their values are. Two failures are equal when their errors are of
/// one `Equatable` type and `==`; otherwise they are equal when their errors have the same domain
/// and code, which is how they compare once bridged to `NSError`. Errors of one non-`Equatable`
/// type that differ only in associated values therefore compare equal: make error types
/// `Equatable` to compare them fully.
///
/// `TaskResult` is also `Hashable` when its success type is, as in TCA: a failure hashes its
/// error's domain and code.
public enum TaskResult<Success: Sendable>: Sendable {
  /// The work returned a value.
  case success(Success)
  /// The work threw an error.
  case failure(any Error)

  /// Runs `body` and keeps what it returned, or the error it threw.
  ///
  /// ```swift
  /// let result = await TaskResult { try await load() }
  /// ```
  ///
  /// - Parameter body: The work to run.
  public init(catching body: @Sendable () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }

  /// The success value; throws the error of a failure.
  ///
  /// ```swift
  /// let items = try TaskResult<[String]>.success(["a"]).value   // ["a"]
  /// ```
  public var value: Success {
    get throws {
      switch self {
      case .success(let value): return value
      case .failure(let error): throw error
      }
    }
  }
}

extension TaskResult: Equatable where Success: Equatable {
  /// Whether two results are equal: equal values, or failures whose errors are equal (see
  /// ``TaskResult``'s discussion of equality).
  ///
  /// ```swift
  /// enum SearchError: Error, Equatable { case offline }
  /// let equal = TaskResult<Int>.failure(SearchError.offline) == .failure(SearchError.offline)  // true
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.success(let lhs), .success(let rhs)):
      return lhs == rhs
    case (.failure(let lhs), .failure(let rhs)):
      return errorsAreEqual(lhs, rhs)
    case (.success, .failure), (.failure, .success):
      return false
    }
  }
}

extension TaskResult: Hashable where Success: Hashable {
  /// Hashes the success value, or a failure's error domain and code.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .success(let value):
      hasher.combine(0)
      hasher.combine(value)
    case .failure(let error):
      // Domain and code are equal whenever two failures are equal (see `errorsAreEqual`).
      hasher.combine(1)
      hasher.combine(error._domain)
      hasher.combine(error._code)
    }
  }
}

/// Whether two errors are equal as ``TaskResult`` compares them: by `==` when they are of one
/// `Equatable` type, else by the domain and code they bridge to `NSError` with.
///
/// `_domain` and `_code` are what `error as NSError` reads (for `CustomNSError` types and `NSError`
/// itself too), without linking all of Foundation.
private func errorsAreEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
  if let lhs = lhs as? any Equatable, let equal = lhs.isEqual(toAny: rhs) {
    return equal
  }
  return lhs._domain == rhs._domain && lhs._code == rhs._code
}

extension Equatable {
  /// `self == other` when `other` is of this type; `nil` when it is not.
  fileprivate func isEqual(toAny other: Any) -> Bool? {
    guard let other = other as? Self else { return nil }
    return self == other
  }
}
