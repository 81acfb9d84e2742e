/// An object that lives for the whole process, reached through a constant-initialized word that
/// holds its address once it is published.
///
/// A `static let` of a class instance is initialized lazily: every use calls the initializer's
/// check (`swift_once`, a call into the runtime on Linux). A `static let` of this is
/// constant-initialized, like the ``AtomicWord`` in it, so a use after the first is one load.
@usableFromInline
package struct ProcessObject<Object: AnyObject>: ~Copyable, Sendable {
  @usableFromInline let reference: AtomicReference<Object>

  @inlinable
  package init() { reference = AtomicReference() }

  /// The object, unretained. `make` publishes it on first use; it must return the same object
  /// every time, one that a `static let` keeps alive for the whole process.
  @inlinable
  package func object(_ make: () -> Object) -> Unmanaged<Object> {
    // Set by `publish`: an object alive for the whole process.
    reference.load() ?? publish(make())
  }

  /// The object, unretained, once it was published; `nil` before its first ``object(_:)``.
  @inlinable
  package var published: Unmanaged<Object>? { reference.load() }

  @usableFromInline
  func publish(_ object: Object) -> Unmanaged<Object> {
    let unmanaged = Unmanaged.passUnretained(object)
    // Threads racing here store the same address.
    reference.publish(unmanaged)
    return unmanaged
  }
}
