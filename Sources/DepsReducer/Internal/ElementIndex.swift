import DepsCore

/// Where the collection `forEach` found each element last, so that an action for an element
/// already found costs a hash lookup instead of a scan of the collection. A collection that finds
/// ids itself (`IndexedByID`, through `IDLookup`) is asked instead, and nothing is remembered.
///
/// Positions are offsets from `startIndex` (constant time in a random-access collection) and only
/// hints: used when the element there still has the action's id, else the collection is scanned.
/// They are keyed by the id's hash value, so that no user code (an id's `hash(into:)` or `==`)
/// runs under the lock; a collision fails the check and scans.
@usableFromInline
final class ElementIndex<Element, ID: Hashable & Sendable>: Sendable {
  /// `\Element.id`: a key path, so that no closure captures `Element`'s conformance to
  /// `Identifiable` (and with it a non-Sendable metatype).
  @usableFromInline let id: any KeyPath<Element, ID> & Sendable
  private let positions = Locked<[Int: Int]>([:])

  @inlinable init(id: any KeyPath<Element, ID> & Sendable) {
    self.id = id
  }

  @inlinable
  func position<Elements: RandomAccessCollection & SendableMetatypeIfAvailable>(
    of id: ID, in elements: Elements, lookup: IDLookup<Elements, ID>
  ) -> Elements.Index? where Elements.Element == Element {
    if let offset = lookup.offset {
      return offset(elements, id).map { elements.index(elements.startIndex, offsetBy: $0) }
    }
    let hash = id.hashValue
    let count = elements.count
    if let offset = remembered(hash), offset < count {
      let position = elements.index(elements.startIndex, offsetBy: offset)
      if elements[position][keyPath: self.id] == id { return position }
    }
    guard let position = elements.firstIndex(where: { $0[keyPath: self.id] == id }) else { return nil }
    remember(hash, at: elements.distance(from: elements.startIndex, to: position), count: count)
    return position
  }

  /// `nil` when no element has `id`.
  @inlinable
  func modify<Elements: MutableCollection & RandomAccessCollection & SendableMetatypeIfAvailable, R>(
    _ elements: inout Elements, id: ID, lookup: IDLookup<Elements, ID>, _ body: (inout Element) -> R
  ) -> R? where Elements.Element == Element {
    guard let position = position(of: id, in: elements, lookup: lookup) else { return nil }
    return body(&elements[position])
  }

  @usableFromInline
  func remembered(_ hash: Int) -> Int? {
    positions.withLock { $0[hash] }
  }

  /// Forgets every hint once there are many more than elements, so that hints of removed elements
  /// do not pile up.
  @usableFromInline
  func remember(_ hash: Int, at position: Int, count: Int) {
    positions.withLock { table in
      if table.count >= 2 * count + 16 { table.removeAll(keepingCapacity: true) }
      table[hash] = position
    }
  }
}
