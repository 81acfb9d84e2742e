import ComposableDeps
import Foundation

extension Reducer {
  /// This reducer, recording each action it handles into `actions`, for an observer of the store
  /// to name the action behind each state it sees.
  func recordingActions(into actions: HandledActions) -> Self {
    Reducer { state, action, environment in
      actions.record(action)
      return self.run(&state, action, environment)
    }
  }
}

/// The actions the store handled, in order, until the observer takes them.
final class HandledActions: @unchecked Sendable {
  // @unchecked: `pending` and `count` are only touched under `lock`.
  private let lock = NSLock()
  private var pending: [Any] = []
  private var count = 0

  /// How many actions the store handled so far.
  var handled: Int { lock.withLock { count } }

  func record(_ action: Any) {
    lock.withLock {
      pending.append(action)
      count += 1
    }
  }

  /// The oldest action not taken yet.
  func take() -> Any {
    lock.withLock { pending.removeFirst() }
  }
}

/// How far the observer got: subscribed to the store's states, and how many it printed.
@MainActor final class StateObserver {
  private(set) var isSubscribed = false
  private(set) var printed = 0
  func didSubscribe() { isSubscribed = true }
  func didPrint() { printed += 1 }
}

/// Prints actions and state changes in a stable, line-oriented form.
///
/// Values found by reflection print compactly: strings quoted, enums as `case(payload)`, structs
/// as `Type(field: value)`. Identifiers and dates differ at every run, so identifiers print as
/// `#1`, `#2`… in the order they were first seen, and dates as `‹date›`. Arrays of `Identifiable`
/// values are compared element by element by identifier.
final class ChangePrinter: @unchecked Sendable {
  // @unchecked: `names` is only touched under `lock`.
  private let lock = NSLock()
  private var names: [UUID: String] = [:]

  func printChange<State, Action>(action: Action, from before: State, to after: State) {
    print("→ \(render(action))")
    for line in changes(from: before, to: after, at: "") { print("  \(line)") }
  }

  private func changes(from before: Any, to after: Any, at path: String) -> [String] {
    let old = Mirror(reflecting: before)
    let new = Mirror(reflecting: after)
    // Two present optionals compare by their contents; a value appearing or going prints whole.
    if old.displayStyle == .optional, new.displayStyle == .optional,
      let oldValue = old.children.first?.value, let newValue = new.children.first?.value
    {
      return changes(from: oldValue, to: newValue, at: path)
    }
    if old.displayStyle == .struct, new.displayStyle == .struct, !isLeaf(before) {
      return zip(old.children, new.children).flatMap { old, new in
        changes(from: old.value, to: new.value, at: join(path, old.label ?? "?"))
      }
    }
    if old.displayStyle == .collection, new.displayStyle == .collection,
      let oldByID = identified(old), let newByID = identified(new)
    {
      return elementChanges(from: oldByID, to: newByID, at: path)
    }
    let (oldText, newText) = (render(before), render(after))
    return oldText == newText ? [] : ["\(path): \(oldText) → \(newText)"]
  }

  private func elementChanges(
    from old: [(AnyHashable, Any)], to new: [(AnyHashable, Any)], at path: String
  ) -> [String] {
    let oldIDs = Set(old.map(\.0))
    let newByID = Dictionary(new.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
    var lines: [String] = []
    for (id, element) in old {
      let elementPath = "\(path)[\(render(id.base))]"
      if let updated = newByID[id] {
        lines += changes(from: element, to: updated, at: elementPath)
      } else {
        lines.append("\(elementPath): removed")
      }
    }
    for (id, element) in new where !oldIDs.contains(id) {
      lines.append("\(path)[\(render(id.base))]: added \(render(element))")
    }
    return lines
  }

  private func identified(_ mirror: Mirror) -> [(AnyHashable, Any)]? {
    var elements: [(AnyHashable, Any)] = []
    for child in mirror.children {
      guard let element = child.value as? any Identifiable else { return nil }
      elements.append((identifier(of: element), child.value))
    }
    return elements
  }

  private func identifier(of element: some Identifiable) -> AnyHashable {
    AnyHashable(element.id)
  }

  private func render(_ value: Any) -> String {
    switch value {
    case let string as String: return "\"\(string)\""
    case let uuid as UUID: return name(of: uuid)
    case is Date: return "‹date›"
    default: break
    }
    let mirror = Mirror(reflecting: value)
    let fields = mirror.children.map { child in
      child.label.map { label in
        label.hasPrefix(".") ? render(child.value) : "\(label): \(render(child.value))"
      }
        ?? render(child.value)
    }
    switch mirror.displayStyle {
    case .optional: return mirror.children.first.map { render($0.value) } ?? "nil"
    case .enum:
      guard let payload = mirror.children.first else { return "\(value)" }
      let text = render(payload.value)
      return "\(payload.label ?? "?")\(text.hasPrefix("(") ? text : "(\(text))")"
    case .tuple: return "(\(fields.joined(separator: ", ")))"
    case .struct, .class: return "\(mirror.subjectType)(\(fields.joined(separator: ", ")))"
    case .collection, .set: return "[\(fields.joined(separator: ", "))]"
    default: return "\(value)"
    }
  }

  private func isLeaf(_ value: Any) -> Bool {
    value is String || value is UUID || value is Date
  }

  private func name(of uuid: UUID) -> String {
    lock.withLock {
      if let name = names[uuid] { return name }
      let name = "#\(names.count + 1)"
      names[uuid] = name
      return name
    }
  }

  private func join(_ path: String, _ label: String) -> String {
    path.isEmpty ? label : "\(path).\(label)"
  }
}
