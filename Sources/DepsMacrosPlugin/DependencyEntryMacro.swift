#if Macros
  import SwiftDiagnostics
  import SwiftSyntax
  import SwiftSyntaxMacros

  /// `@DependencyEntry var name: Value = defaultValue`: a key type and the property's accessors.
  ///
  /// The initializer is the key's `defaultValue`, as SwiftUI's `@Entry` takes it; `test:` and
  /// `preview:` give `testValue` and `previewValue`, and a string first argument names the key
  /// type, which is then public. Misuse is reported here, in one line naming the fix; what only the
  /// type checker knows (the isolation of the property, whether the value is `Sendable`) is
  /// reported by the check macros the expansion calls, at the attribute's line.
  enum DependencyEntryMacro {}

  extension DependencyEntryMacro: AccessorMacro {
    static func expansion(
      of node: AttributeSyntax,
      providingAccessorsOf declaration: some DeclSyntaxProtocol,
      in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
      // The peer expansion reports what is wrong; this one adds nothing to a broken entry.
      guard let entry = Entry(node, declaration, context, diagnose: false) else { return [] }
      let key = entry.keyName
      let probe = "__dependencyEntryIsolationProbe"
      let check = "#_DependencyEntryIsolation(\(probe), \"\(entry.name)\")"
      return [
        """
        get {
          func \(raw: probe)() {}
          \(raw: entry.pointingAtAttribute(check))
          return self[\(raw: key).self]
        }
        """,
        """
        set {
          self[\(raw: key).self] = newValue
        }
        """,
      ]
    }
  }

  extension DependencyEntryMacro: PeerMacro {
    static func expansion(
      of node: AttributeSyntax,
      providingPeersOf declaration: some DeclSyntaxProtocol,
      in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
      guard let entry = Entry(node, declaration, context, diagnose: true) else { return [] }
      let access = entry.isNamed ? "public " : ""
      // Each value is pointed at its own line, inside its getter: the expansion is formatted, so
      // a value given on the attribute's line is on a line of its own. A value of
      // the wrong type, or one a nonisolated key cannot reach (a main-actor static), is reported
      // at the attribute; so is a key that cannot conform (a value that is not `Sendable`).
      func value(_ name: String, _ value: Entry.Value) -> String {
        "\(access)static var \(name): Value {\n\(value.pointingAtItself)\n}"
      }
      var members = ["\(access)typealias Value = \(entry.type)", value("defaultValue", entry.defaultValue)]
      if let test = entry.testValue { members.append(value("testValue", test)) }
      if let preview = entry.previewValue { members.append(value("previewValue", preview)) }
      members.append("\(access)static var _propertyName: String { \"\(entry.name)\" }")
      let keyAccess = entry.isNamed ? "public" : "private"
      let sendable = "#_DependencyEntrySendable(\\Dependencies.\(entry.name), \"\(entry.name)\")"
      // The key's own line is the attribute's (a key that cannot conform is reported there); the
      // directives are not nested, which the compiler refuses.
      let key = entry.pointingAtAttribute(
        "\(keyAccess) nonisolated enum \(entry.keyName): _DependencyEntryKey {")
      return [
        "\(raw: key)\n\(raw: members.joined(separator: "\n"))\n}",
        "\(raw: entry.pointingAtAttribute(sendable))",
      ]
    }
  }

  /// What an `@DependencyEntry` declaration says, read from its syntax.
  struct Entry {
    /// The property's name, without backticks.
    let name: String
    let type: String
    let defaultValue: Value
    let testValue: Value?
    let previewValue: Value?
    /// The key type's name: the string argument, or one made from the property's name.
    let keyName: String
    let isNamed: Bool
    /// `#sourceLocation(file:line:)` of the attribute, so the checks' errors point at it.
    let location: (file: String, line: String)?

    /// Reads the entry, or reports (when `diagnose`) the first thing wrong with it and returns
    /// `nil`.
    init?(
      _ node: AttributeSyntax, _ declaration: some DeclSyntaxProtocol,
      _ context: some MacroExpansionContext, diagnose: Bool
    ) {
      func report(_ message: EntryMessage, at place: some SyntaxProtocol) {
        if diagnose { context.diagnose(Diagnostic(node: place, message: message)) }
      }
      guard isInDependenciesExtension(context) else {
        report(.outsideDependencies, at: node)
        return nil
      }
      guard let property = declaration.as(VariableDeclSyntax.self),
        property.bindingSpecifier.tokenKind == .keyword(.var), property.bindings.count == 1,
        let binding = property.bindings.first,
        let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier,
        binding.accessorBlock == nil
      else {
        report(.notAStoredVar, at: declaration)
        return nil
      }
      let name = identifier.text.trimmingBackticks
      guard let type = binding.typeAnnotation?.type.trimmedDescription else {
        report(.missingType(name: name), at: binding.pattern)
        return nil
      }
      guard let initializer = binding.initializer?.value else {
        report(.missingDefault(name: name, type: type), at: binding)
        return nil
      }
      self.name = name
      self.type = type
      func located(_ expression: ExprSyntax) -> Value {
        let location = context.location(of: expression, at: .afterLeadingTrivia, filePathMode: .filePath)
        return Value(
          expression: expression.trimmedDescription,
          location: location.map { ($0.file.trimmedDescription, $0.line.trimmedDescription) })
      }
      self.defaultValue = located(initializer)
      var testValue: Value?
      var previewValue: Value?
      var keyName: String?
      for argument in node.arguments?.as(LabeledExprListSyntax.self) ?? [] {
        switch argument.label?.text {
        case "test": testValue = located(argument.expression)
        case "preview": previewValue = located(argument.expression)
        case nil:
          guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
            let text = literal.representedLiteralValue, text.isIdentifier
          else {
            report(.badKeyName, at: argument.expression)
            return nil
          }
          keyName = text
        default:
          continue
        }
      }
      self.testValue = testValue
      self.previewValue = previewValue
      self.isNamed = keyName != nil
      self.keyName = keyName ?? "__DependencyEntryKey_\(name)"
      self.location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .filePath)
        .map { ($0.file.trimmedDescription, $0.line.trimmedDescription) }
    }

    /// `statement`, preceded by a `#sourceLocation` of the attribute when the context knows it.
    func pointingAtAttribute(_ statement: String) -> String {
      pointing(statement, at: location)
    }

    /// A value the entry gives: its expression, and where it is.
    struct Value {
      let expression: String
      let location: (file: String, line: String)?

      /// The expression, preceded by a `#sourceLocation` of its line when the context knows it.
      var pointingAtItself: String { pointing(expression, at: location) }
    }
  }

  /// `statement`, preceded by a `#sourceLocation` of `location` (and followed by one that ends it)
  /// when there is one.
  private func pointing(_ statement: String, at location: (file: String, line: String)?) -> String {
    guard let location else { return statement }
    return """
      #sourceLocation(file: \(location.file), line: \(location.line))
      \(statement)
      #sourceLocation()
      """
  }

  /// Whether the macro's innermost lexical context is `extension Dependencies` (or
  /// `extension DepsCore.Dependencies`, and so on).
  private func isInDependenciesExtension(_ context: some MacroExpansionContext) -> Bool {
    guard let extensionDecl = context.lexicalContext.first?.as(ExtensionDeclSyntax.self) else {
      return false
    }
    let type = extensionDecl.extendedType
    let name =
      type.as(IdentifierTypeSyntax.self)?.name.text ?? type.as(MemberTypeSyntax.self)?.name.text
    return name == "Dependencies"
  }

  extension String {
    fileprivate var trimmingBackticks: String {
      hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
    }

    fileprivate var isIdentifier: Bool {
      guard let first, first.isLetter || first == "_" else { return false }
      return allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
  }
#endif
