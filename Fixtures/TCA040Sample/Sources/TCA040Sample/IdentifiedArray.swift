// Stands in for swift-identified-collections' `IdentifiedArray`, which TCA 0.40 re-exported: an
// app adds that package to its own dependencies. Only what the features use.

/// Elements in order, each reachable by its id.
struct IdentifiedArray<ID: Hashable, Element>: MutableCollection, RandomAccessCollection {
  private var ids: [ID] = []
  private var storage: [ID: Element] = [:]
  private let id: KeyPath<Element, ID>

  var startIndex: Int { ids.startIndex }
  var endIndex: Int { ids.endIndex }

  subscript(position: Int) -> Element {
    get { storage[ids[position]]! }
    set { storage[ids[position]] = newValue }
  }

  subscript(id id: ID) -> Element? {
    get { storage[id] }
    set {
      if newValue == nil { ids.removeAll { $0 == id } } else if storage[id] == nil { ids.append(id) }
      storage[id] = newValue
    }
  }

  mutating func append(_ element: Element) {
    insert(element, at: ids.endIndex)
  }

  mutating func insert(_ element: Element, at index: Int) {
    ids.insert(element[keyPath: id], at: index)
    storage[element[keyPath: id]] = element
  }

  mutating func removeAll(where shouldBeRemoved: (Element) -> Bool) {
    for element in self where shouldBeRemoved(element) { self[id: element[keyPath: id]] = nil }
  }

  mutating func sort(by areInIncreasingOrder: (Element, Element) -> Bool) {
    ids.sort { areInIncreasingOrder(storage[$0]!, storage[$1]!) }
  }
}

extension IdentifiedArray where Element: Identifiable, Element.ID == ID {
  init(uniqueElements elements: [Element]) {
    self.id = \.id
    for element in elements { self[id: element.id] = element }
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, Element.ID == ID {
  init(arrayLiteral elements: Element...) { self.init(uniqueElements: elements) }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
}

typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>
