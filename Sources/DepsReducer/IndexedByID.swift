import DepsCore

/// A collection that finds an element's index from its id with a lookup, not a scan, as
/// swift-identified-collections' `IdentifiedArray` does.
///
/// `forEach` finds the element an action names through ``index(id:)`` when its collection
/// conforms: an action then costs a hash lookup however many elements the collection holds, as in
/// TCA. Over any other collection (an `Array`), `forEach` remembers where it found each id and
/// scans the collection when the remembered position no longer holds it.
///
/// This library depends on no package, so it cannot declare the conformance of `IdentifiedArray`;
/// that type already has `index(id:)`, and one line in your app conforms it:
///
/// ```swift
/// import IdentifiedCollections
///
/// extension IdentifiedArray: @retroactive IndexedByID {}
/// ```
///
/// Without that line `forEach` still works over an `IdentifiedArray`, as over any collection of
/// `Identifiable` elements; only the first action for each row, and the first after rows moved,
/// scans.
///
/// A conforming collection's `index(id:)` must return the index of the element whose `id` is
/// `id`, or `nil` when no element has it: `forEach` does not check the element it is given.
public protocol IndexedByID<ID>: Collection, SendableMetatypeIfAvailable {
  /// The type of the elements' ids.
  associatedtype ID: Hashable

  /// The index of the element whose id is `id`, or `nil` when the collection has none.
  ///
  /// - Parameter id: The id of the element to find.
  /// - Returns: The element's index, or `nil`.
  func index(id: ID) -> Index?
}

/// How `forEach` finds an element by id in one collection type: through the type's ``IndexedByID``
/// conformance, found once when the reducer is made, or (`offset` is `nil`) by `ElementIndex`'s
/// remembered positions and a scan.
@usableFromInline
struct IDLookup<Elements: Collection & SendableMetatypeIfAvailable, ID: Hashable & Sendable>: Sendable {
  /// The offset from `startIndex` of the element with the id, through `index(id:)`.
  @usableFromInline let offset: (@Sendable (Elements, ID) -> Int?)?

  @usableFromInline init() {
    // The cast of a metatype, once per reducer: an action pays only for the call.
    offset = (Elements.self as? any IndexedByID.Type).flatMap { Self.offsetFunction(of: $0) }
  }

  private static func offsetFunction<Indexed: IndexedByID>(
    of indexed: Indexed.Type
  ) -> (@Sendable (Elements, ID) -> Int?)? {
    // A collection of one id type whose actions carry another (a wrapper of the id) finds
    // elements as a collection without the conformance does.
    guard Indexed.ID.self == ID.self else { return nil }
    return { elements, id in
      // The cast gave `Indexed` as the dynamic type of `Elements.self`: the two are one type,
      // and `ID` is `Indexed.ID` (checked above), so each bit cast reinterprets a value as itself.
      assert(Indexed.self == Elements.self && Indexed.ID.self == ID.self)
      let collection = unsafeBitCast(elements, to: Indexed.self)
      guard let index = collection.index(id: unsafeBitCast(id, to: Indexed.ID.self)) else { return nil }
      return collection.distance(from: collection.startIndex, to: index)
    }
  }
}
