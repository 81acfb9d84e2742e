/// A small stand-in for swift-identified-collections' `IdentifiedArray`, which the library must not
/// depend on: elements in order, reachable by their `id`, stored apart from their order. Tests
/// prove with it that `forEach` takes any `MutableCollection & RandomAccessCollection` of
/// identified elements.
package struct IdentifiedRows<Element: Identifiable>: MutableCollection, RandomAccessCollection {
  private var order: [Element.ID]
  private var byID: [Element.ID: Element]

  /// Creates the collection of `elements`, whose ids must be unique.
  package init(_ elements: [Element]) {
    order = elements.map(\.id)
    byID = Dictionary(uniqueKeysWithValues: elements.map { ($0.id, $0) })
  }

  package var startIndex: Int { order.startIndex }
  package var endIndex: Int { order.endIndex }

  /// The element at `position`; a new value must keep the element's id, as in `IdentifiedArray`.
  package subscript(position: Int) -> Element {
    get { byID[order[position]]! }
    set {
      precondition(newValue.id == order[position], "IdentifiedRows: an element's id changed")
      byID[order[position]] = newValue
    }
  }

  /// The element with `id`, or `nil`.
  package subscript(id id: Element.ID) -> Element? { byID[id] }

  /// Removes the element with `id`.
  package mutating func remove(id: Element.ID) {
    order.removeAll { $0 == id }
    byID[id] = nil
  }

  /// Appends `element`, whose id must be new.
  package mutating func append(_ element: Element) {
    precondition(byID[element.id] == nil, "IdentifiedRows: the id is already in the collection")
    order.append(element.id)
    byID[element.id] = element
  }
}

extension IdentifiedRows: ExpressibleByArrayLiteral {
  package init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension IdentifiedRows: Equatable where Element: Equatable {}
extension IdentifiedRows: Sendable where Element: Sendable, Element.ID: Sendable {}
