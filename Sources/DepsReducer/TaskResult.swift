/// The outcome of asynchronous work: a value, or the error it threw; TCA 0.40's `TaskResult`.
///
/// Unlike `Result<Success, any Error>`, it is `Equatable` when its success type is, so that an
/// action carrying one, `.factResponse(TaskResult { try await fact(count) })`, can be asserted
/// with `TestStore.receive`.
///
/// ## Equality
///
/// Two failures are equal when their errors are of one `Equatable` type and `==`; otherwise when
/// their errors have the same domain and code, as once bridged to `NSError`. So errors of one
/// non-`Equatable` type that differ only in associated values compare equal: make error types
/// `Equatable` to compare them fully. A failure hashes its error's domain and code.
public enum TaskResult<Success: Sendable>: Sendable {
  /// The work returned a value.
  case success(Success)
  /// The work threw an error.
  case failure(any Error)

  /// Runs `body` and keeps what it returned, or the error it threw.
  public init(catching body: @Sendable () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }

  /// The success value; throws the error of a failure.
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
  /// Equal values, or equal errors as ``TaskResult`` compares them.
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
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .success(let value):
      hasher.combine(0)
      hasher.combine(value)
    case .failure(let error):
      // Equal failures have equal domains and codes (see `errorsAreEqual`).
      hasher.combine(1)
      hasher.combine(error._domain)
      hasher.combine(error._code)
    }
  }
}

/// `_domain` and `_code` are what `error as NSError` reads (for `CustomNSError` types and `NSError`
/// itself too), without linking all of Foundation.
private func errorsAreEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
  if let lhs = lhs as? any Equatable, let equal = lhs.isEqual(toAny: rhs) {
    return equal
  }
  return lhs._domain == rhs._domain && lhs._code == rhs._code
}

extension Equatable {
  /// `nil` when `other` is not of this type.
  fileprivate func isEqual(toAny other: Any) -> Bool? {
    guard let other = other as? Self else { return nil }
    return self == other
  }
}
