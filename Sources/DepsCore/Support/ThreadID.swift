/// A number that names the calling thread while it lives: which thread builds a default, which
/// thread owns a read cache.
package struct ThreadID: Hashable, Sendable, CustomStringConvertible {
  /// Never 0, never the same for two threads of the process.
  package let rawValue: UInt64

  /// A thread number made up by a test; real ones come from ``current``.
  init(rawValue: UInt64) { self.rawValue = rawValue }

  private static let numbers = Counter()

  private static let slot = ThreadLocalSlot()

  /// The calling thread's number, given on its first use.
  package static var current: ThreadID {
    if let pointer = slot.pointer {
      return ThreadID(rawValue: UInt64(UInt(bitPattern: pointer)))
    }
    let id = ThreadID(rawValue: numbers.next())
    slot.pointer = UnsafeMutableRawPointer(bitPattern: UInt(id.rawValue))
    return id
  }

  package var description: String { "thread \(rawValue)" }
}
