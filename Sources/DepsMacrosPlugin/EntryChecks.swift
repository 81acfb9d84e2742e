#if Macros
  import SwiftDiagnostics
  import SwiftSyntax
  import SwiftSyntaxMacros

  // The checks an `@DependencyEntry` expansion calls. Each is declared twice in DepsCore, and
  // overload resolution picks the one that applies: the check that passes expands to nothing,
  // the one that fails reports the error. Only the type checker knows what they check.

  /// Passes: the entry is not isolated to the main actor, or its value is `Sendable`.
  enum EntryIsolationCheckMacro: DeclarationMacro {
    static func expansion(
      of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] { [] }
  }

  /// A check that fails: it reports `message` for the entry its last argument names.
  protocol FailingEntryCheck: DeclarationMacro {
    static func message(name: String) -> EntryMessage
  }

  extension FailingEntryCheck {
    static func expansion(
      of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
      context.diagnose(Diagnostic(node: node, message: message(name: node.entryName)))
      return []
    }
  }

  /// Fails: the entry's probe function is `@MainActor`, so the property is.
  enum EntryMainActorCheckMacro: FailingEntryCheck {
    static func message(name: String) -> EntryMessage { .mainActorIsolated(name: name) }
  }

  /// Fails: the entry's value is not `Sendable`.
  enum EntrySendableCheckMacro: FailingEntryCheck {
    static func message(name: String) -> EntryMessage { .notSendable(name: name) }
  }

  extension FreestandingMacroExpansionSyntax {
    /// The property's name, the check's last argument.
    fileprivate var entryName: String {
      arguments.last?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue ?? "entry"
    }
  }
#endif
