/// An object that lives for the whole process, reached through a constant-initialized word that
/// holds its address once it is published.
///
/// A `static let` of a class instance runs its initializer's `swift_once` check on every use; a
/// `static let` of this is constant-initialized, so a use after the first is one load.
@usableFromInline
package struct ProcessObject<Object: AnyObject>: ~Copyable, Sendable {
  @usableFromInline let reference: AtomicReference<Object>

  @inlinable
  package init() { reference = AtomicReference() }

  /// The object, unretained; `make` publishes it on first use and must return one object, kept
  /// alive by a `static let`.
  @inlinable
  package func object(_ make: () -> Object) -> Unmanaged<Object> {
    // Set by `publish`: an object alive for the whole process.
    reference.load() ?? publish(make())
  }

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
