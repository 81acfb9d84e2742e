#if Macros
  import SwiftDiagnostics

  /// The errors of `@DependencyEntry` and its checks: one line each, naming the fix.
  enum EntryMessage: DiagnosticMessage {
    case outsideDependencies
    case notAStoredVar
    case missingType(name: String)
    case missingDefault(name: String, type: String)
    case badKeyName
    case mainActorIsolated(name: String)
    case notSendable(name: String)

    var message: String {
      switch self {
      case .outsideDependencies:
        """
        @DependencyEntry declares a property of Dependencies; to fix, move it into \
        'extension Dependencies' (or 'nonisolated extension Dependencies')
        """
      case .notAStoredVar:
        """
        @DependencyEntry goes on one 'var' with an initializer, as in \
        '@DependencyEntry var apiClient: APIClient = .live'
        """
      case .missingType(let name):
        """
        @DependencyEntry needs the type of '\(name)' written; to fix, declare it as \
        'var \(name): <Type> = …'
        """
      case .missingDefault(let name, let type):
        """
        @DependencyEntry takes the initializer as the default (live) value; to fix, write \
        'var \(name): \(type) = <default value>'
        """
      case .badKeyName:
        """
        The key type's name must be a string literal holding one identifier, as in \
        '@DependencyEntry("APIClientKey")'
        """
      case .mainActorIsolated(let name):
        """
        '\(name)' is isolated to the main actor (the module's default isolation), but \
        dependencies are read from any thread; to fix, write 'nonisolated extension Dependencies' \
        or 'nonisolated var \(name)'
        """
      case .notSendable(let name):
        """
        The value of '\(name)' must be Sendable: dependencies are shared between threads; to fix, \
        make its type Sendable
        """
      }
    }

    var diagnosticID: MessageID {
      let id: String =
        switch self {
        case .outsideDependencies: "outsideDependencies"
        case .notAStoredVar: "notAStoredVar"
        case .missingType: "missingType"
        case .missingDefault: "missingDefault"
        case .badKeyName: "badKeyName"
        case .mainActorIsolated: "mainActorIsolated"
        case .notSendable: "notSendable"
        }
      return MessageID(domain: "DepsMacros", id: id)
    }

    var severity: DiagnosticSeverity { .error }
  }
#endif
