#if canImport(Synchronization)
  import Synchronization
#endif

/// A 64-bit integer that threads read and change without a lock.
///
/// `Synchronization.Atomic` on Linux; on Apple platforms chosen at run time (macOS 15, iOS 18, tvOS
/// 18, watchOS 11 on), older systems taking a lock. `-Xswiftc -DDEPS_APPLE_FALLBACK` tests the Apple
/// path on Linux (CI does). Non-copyable, so a `static let` of it on Linux is constant-initialized:
/// a read is one atomic load, with no lazy-initialization check.
@usableFromInline
package struct AtomicWord: ~Copyable, Sendable {
  #if canImport(Synchronization) && !canImport(Darwin) && !DEPS_APPLE_FALLBACK
    @usableFromInline let value: Atomic<UInt64>

    /// Inlinable, so that a `static let` in another module is still initialized at compile time.
    @inlinable
    package init(_ initial: UInt64 = 0) { value = Atomic(initial) }

    /// The current value; later reads see at least what was stored before it.
    @inlinable
    package func load() -> UInt64 { value.load(ordering: .acquiring) }

    @inlinable
    package func store(_ newValue: UInt64) { value.store(newValue, ordering: .releasing) }

    /// Adds `delta`, wrapping around on overflow, and returns the new value.
    @inlinable @discardableResult
    package func add(_ delta: UInt64) -> UInt64 {
      value.wrappingAdd(delta, ordering: .acquiringAndReleasing).newValue
    }
  #else
    /// An `AtomicStorage` where the system has `Atomic`, else a `Locked<UInt64>`.
    @usableFromInline let storage: any AnyObject & Sendable

    @usableFromInline
    package init(_ initial: UInt64 = 0) {
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        storage = AtomicStorage(initial)
      } else {
        storage = Locked<UInt64>(initial)
      }
    }

    /// The storage on systems with `Atomic`, which `init` made an `AtomicStorage`.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private var atomic: AtomicStorage {
      assert(storage is AtomicStorage, "Deps: AtomicWord's storage is a \(type(of: storage)).")
      return unsafeDowncast(storage, to: AtomicStorage.self)
    }

    /// The storage on older systems, which `init` made a `Locked<UInt64>`.
    private var locked: Locked<UInt64> {
      assert(storage is Locked<UInt64>, "Deps: AtomicWord's storage is a \(type(of: storage)).")
      return unsafeDowncast(storage, to: Locked<UInt64>.self)
    }

    @usableFromInline
    package func load() -> UInt64 {
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        return atomic.value.load(ordering: .acquiring)
      }
      return locked.withLock { $0 }
    }

    @usableFromInline
    package func store(_ newValue: UInt64) {
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        atomic.value.store(newValue, ordering: .releasing)
        return
      }
      locked.withLock { $0 = newValue }
    }

    @usableFromInline @discardableResult
    package func add(_ delta: UInt64) -> UInt64 {
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        return atomic.value
          .wrappingAdd(delta, ordering: .acquiringAndReleasing).newValue
      }
      return locked.withLock { value in
        value &+= delta
        return value
      }
    }
  #endif
}

#if !(canImport(Synchronization) && !canImport(Darwin) && !DEPS_APPLE_FALLBACK)
  /// The lock-free storage of an ``AtomicWord``, where the system has `Atomic`.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  final class AtomicStorage: Sendable {
    let value: Atomic<UInt64>
    init(_ initial: UInt64) { value = Atomic(initial) }
  }
#endif

extension AtomicWord {
  @inlinable @discardableResult
  package func subtractOne() -> UInt64 {
    add(.max)  // adding 2⁶⁴ - 1 wraps around to minus one
  }
}

/// The address of an object, published once ready, so threads reach it with one atomic load and
/// no lock or reference count: the one place the library turns an object into a word and back. It
/// holds no reference: the publisher keeps the object alive while readers may load it.
@usableFromInline
package struct AtomicReference<Object: AnyObject>: ~Copyable, Sendable {
  @usableFromInline let address: AtomicWord

  /// Holds no object yet. Inlinable, so that a `static let` elsewhere is initialized at compile time.
  @inlinable
  package init() { address = AtomicWord() }

  /// The published object, unretained; `nil` before the first ``publish(_:)``.
  @inlinable
  package func load() -> Unmanaged<Object>? {
    let word = UInt(truncatingIfNeeded: address.load())
    // Only `publish` stores a nonzero word: the address of an `Object` its publisher keeps alive.
    guard word != 0, let pointer = UnsafeRawPointer(bitPattern: word) else { return nil }
    return Unmanaged<Object>.fromOpaque(pointer)
  }

  /// Publishes `object`: later loads on any thread see it, fully built. The caller keeps it alive.
  @inlinable
  package func publish(_ object: Unmanaged<Object>) {
    address.store(UInt64(UInt(bitPattern: object.toOpaque())))
  }
}
