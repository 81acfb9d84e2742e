/// A writable key path into a reducer's state, with the byte offset of its value when the path is
/// a chain of stored properties of structs (what `pullback(state: \.child)` almost always is):
/// writing through it skips the runtime's generic key-path projection, tens of nanoseconds a
/// level.
@usableFromInline
struct StatePath<Root, Value>: Sendable {
  @usableFromInline let keyPath: any WritableKeyPath<Root, Value> & Sendable
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath as WritableKeyPath<Root, Value>)
  }

  @inlinable
  func modify<R>(_ root: inout Root, _ body: (inout Value) -> R) -> R {
    guard let offset else { return body(&root[keyPath: keyPath as WritableKeyPath<Root, Value>]) }
    assert(
      offset >= 0 && offset + MemoryLayout<Value>.size <= MemoryLayout<Root>.size,
      "Deps: a stored property's offset lies outside its struct")
    // `offset(of:)` promises a `Value` stored inline at `offset`: the memory is bound to `Value`.
    return withUnsafeMutablePointer(to: &root) { pointer in
      body(&(UnsafeMutableRawPointer(pointer) + offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }

  @inlinable
  func get(_ root: Root) -> Value {
    root[keyPath: keyPath as WritableKeyPath<Root, Value>]
  }
}
