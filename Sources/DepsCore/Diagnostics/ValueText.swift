/// Describes values the way a user writes them in Swift: `AppAction.search(.queryChanged("a"))`,
/// without module prefixes or `(unknown context at $…)` noise. Every failure text that shows an
/// action or a state goes through it.
package enum ValueText {
  /// `value` as a user would write it.
  ///
  /// The root keeps its type name (`AppAction.search(…)`); nested enum cases take the
  /// leading-dot form (`.queryChanged("a")`); nested types keep their own name without module
  /// (`Item(id: 1)`). String literals are copied untouched.
  package static func describe<Value>(_ value: Value) -> String {
    shorten(String(reflecting: value))
  }

  /// `value` as `dump` prints it, one line per stored property, with names shortened the same
  /// way: what state and action diffs compare line by line.
  package static func dumped<Value>(_ value: Value) -> String {
    var text = ""
    dump(value, to: &text)
    while text.hasSuffix("\n") { text.removeLast() }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in
        // `dump` starts a line with markers (`▿ `, `- `) before the name; shorten after them.
        let prefix = line.prefix { $0 == " " || $0 == "▿" || $0 == "-" || $0 == "▹" }
        return prefix + shorten(String(line.dropFirst(prefix.count)), keepingRoot: true)
      }
      .joined(separator: "\n")
  }

  package static func shorten(_ text: String, keepingRoot: Bool = true) -> String {
    let characters = Array(removingUnknownContexts(text))
    var output = ""
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "\"" {
        // A string literal is copied as it is, escapes included.
        output.append(character)
        index += 1
        while index < characters.count {
          let next = characters[index]
          output.append(next)
          index += 1
          if next == "\\", index < characters.count {
            output.append(characters[index])
            index += 1
          } else if next == "\"" {
            break
          }
        }
      } else if isIdentifierStart(character),
        index == 0 || !isIdentifierBody(characters[index - 1])
      {
        let (components, end) = qualifiedName(in: characters, from: index)
        output += render(components, atRoot: keepingRoot && output.isEmpty)
        index = end
      } else {
        output.append(character)
        index += 1
      }
    }
    return output
  }

  /// The dot-separated components of the name starting at `start`, generic arguments dropped.
  private static func qualifiedName(in characters: [Character], from start: Int) -> ([String], Int) {
    var components: [String] = []
    var index = start
    while index < characters.count, isIdentifierStart(characters[index]) {
      var component = ""
      while index < characters.count, isIdentifierBody(characters[index]) {
        component.append(characters[index])
        index += 1
      }
      // Generic arguments are dropped: `Result<Array<Item>, Error>.success` is `.success`.
      if index < characters.count, characters[index] == "<" {
        var depth = 0
        repeat {
          if characters[index] == "<" { depth += 1 }
          if characters[index] == ">" { depth -= 1 }
          index += 1
        } while index < characters.count && depth > 0
      }
      components.append(component)
      guard index + 1 < characters.count, characters[index] == ".",
        isIdentifierStart(characters[index + 1])
      else { break }
      index += 1
    }
    return (components, index)
  }

  private static func render(_ components: [String], atRoot: Bool) -> String {
    guard components.count > 1, let last = components.last else { return components.joined() }
    let isCase = last.first.map { $0.isLowercase || $0 == "_" } ?? false
    guard isCase else { return last }
    return atRoot ? "\(components[components.count - 2]).\(last)" : ".\(last)"
  }

  private static func removingUnknownContexts(_ text: String) -> String {
    let marker = Array("(unknown context at $")
    var characters = Array(text)
    var index = 0
    while index + marker.count <= characters.count {
      guard characters[index..<index + marker.count].elementsEqual(marker),
        let close = characters[(index + marker.count)...].firstIndex(of: ")")
      else {
        index += 1
        continue
      }
      var end = close + 1
      if end < characters.count, characters[end] == "." { end += 1 }
      characters.removeSubrange(index..<end)
    }
    return String(characters)
  }

  private static func isIdentifierStart(_ character: Character) -> Bool {
    character.isLetter || character == "_"
  }

  private static func isIdentifierBody(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }
}
