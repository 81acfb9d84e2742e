#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Deps supports Apple platforms and Linux: this platform has neither Darwin, Glibc nor Musl.")
#endif

/// Checks the result of a pthread call, which reports failure by returning an error number.
@usableFromInline
package enum PthreadCall {
  /// Stops the process, naming `call` and the error, unless `status` is 0 (success).
  ///
  /// A pthread call on a valid, properly used lock never fails: a failure means the lock was
  /// misused (destroyed while held, unlocked by a thread that does not hold it) or its memory was
  /// overwritten, and carrying on would break mutual exclusion.
  @inlinable @inline(__always)
  package static func check(_ status: Int32, _ call: StaticString) {
    if status != 0 { failed(status, call) }
  }

  /// The failure of ``check(_:_:)``, out of line so that the checks inline to a compare and a
  /// branch.
  @usableFromInline @inline(never)
  static func failed(_ status: Int32, _ call: StaticString) -> Never {
    preconditionFailure(message(status, call))
  }

  /// `Deps: pthread_mutex_destroy failed with error 16 (Device or resource busy).`
  package static func message(_ status: Int32, _ call: StaticString) -> String {
    let text = strerror(status).map { String(cString: $0) } ?? "unknown error"
    return "Deps: \(call) failed with error \(status) (\(text))."
  }
}
