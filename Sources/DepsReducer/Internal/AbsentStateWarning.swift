import DepsCore

/// The warnings for actions that reach a child whose state is absent.
@usableFromInline
enum AbsentStateWarning {
  @usableFromInline
  static func optional<Action>(action: Action, state: String) -> String {
    """
    An action was sent to optional state that is nil.

      Action: \(ValueText.describe(action))
      State: \(state)

    A reducer made with optional() runs only while its state is non-nil, so the action was \
    ignored. To fix: send these actions only while the state is non-nil (cancel the child's \
    effects before setting it to nil), or combine the child reducer before the reducer that sets \
    the state to nil.
    """
  }

  @usableFromInline
  static func enumCase<Action, State>(action: Action, state: State, childState: String) -> String {
    """
    An action was sent to enum state that is in another case.

      Action: \(ValueText.describe(action))
      State: \(ValueText.describe(state))
      Expected a case holding: \(childState)

    A reducer made with pullback(state: /Enum.case, ...) runs only while the state is in that \
    case, so the action was ignored. To fix: send these actions only while the state is in that \
    case (cancel the child's effects before leaving it), or combine the child reducer before the \
    reducer that changes the case.
    """
  }

  @usableFromInline
  static func arrayElement<Action, ID>(action: Action, id: ID, state: String) -> String {
    """
    An action was sent to an element that is not in the array.

      Action: \(ValueText.describe(action))
      ID: \(ValueText.describe(id))
      State: \(state)

    A reducer made with forEach(state:action:environment:) runs only for elements whose id is in \
    the array, so the action was ignored. To fix: send these actions only for elements in the \
    array (cancel an element's effects before removing it), or combine the element reducer before \
    the reducer that removes elements.
    """
  }

  @usableFromInline
  static func dictionaryValue<Action, Key>(action: Action, key: Key, state: String) -> String {
    """
    An action was sent to a key that is not in the dictionary.

      Action: \(ValueText.describe(action))
      Key: \(ValueText.describe(key))
      State: \(state)

    A reducer made with forEach(state:action:environment:) runs only for keys that are in the \
    dictionary, so the action was ignored. To fix: send these actions only for keys in the \
    dictionary (cancel a value's effects before removing its key), or combine the value reducer \
    before the reducer that removes keys.
    """
  }
}
