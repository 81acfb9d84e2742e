#if Macros
  import SwiftSyntaxMacros
  import SwiftSyntaxMacrosTestSupport
  import XCTest

  @testable import DepsMacrosPlugin

  private let macros: [String: any Macro.Type] = ["DependencyEntry": DependencyEntryMacro.self]

  /// The errors of `@DependencyEntry`, by exact text, and of the checks its expansion calls.
  final class DependencyEntryDiagnosticsTests: XCTestCase {
    func testOutsideAnExtensionOfDependencies() {
      assertMacroExpansion(
        """
        struct Settings {
          @DependencyEntry var clock: Int = 0
        }
        """,
        expandedSource: """
          struct Settings {
            var clock: Int = 0
          }
          """,
        diagnostics: [
          DiagnosticSpec(
            message: """
              @DependencyEntry declares a property of Dependencies; to fix, move it into 'extension Dependencies' (or 'nonisolated extension Dependencies')
              """,
            line: 2, column: 3)
        ],
        macros: macros)
    }

    func testAMissingType() {
      assertMacroExpansion(
        """
        extension Dependencies {
          @DependencyEntry var retries = 3
        }
        """,
        expandedSource: """
          extension Dependencies {
            var retries = 3
          }
          """,
        diagnostics: [
          DiagnosticSpec(
            message: """
              @DependencyEntry needs the type of 'retries' written; to fix, declare it as 'var retries: <Type> = …'
              """,
            line: 2, column: 24)
        ],
        macros: macros)
    }

    func testAMissingInitializer() {
      assertMacroExpansion(
        """
        extension Dependencies {
          @DependencyEntry var retries: Int
        }
        """,
        expandedSource: """
          extension Dependencies {
            var retries: Int
          }
          """,
        diagnostics: [
          DiagnosticSpec(
            message: """
              @DependencyEntry takes the initializer as the default (live) value; to fix, write 'var retries: Int = <default value>'
              """,
            line: 2, column: 24)
        ],
        macros: macros)
    }

    func testALet() {
      assertMacroExpansion(
        """
        extension Dependencies {
          @DependencyEntry let retries: Int = 3
        }
        """,
        expandedSource: """
          extension Dependencies {
            let retries: Int = 3
          }
          """,
        diagnostics: [
          DiagnosticSpec(
            message: """
              @DependencyEntry goes on one 'var' with an initializer, as in '@DependencyEntry var apiClient: APIClient = .live'
              """,
            line: 2, column: 3)
        ],
        macros: macros)
    }

    func testAKeyNameThatIsNoIdentifier() {
      assertMacroExpansion(
        """
        extension Dependencies {
          @DependencyEntry("Weather Key") public var weather: Int = 3
        }
        """,
        expandedSource: """
          extension Dependencies {
            public var weather: Int = 3
          }
          """,
        diagnostics: [
          DiagnosticSpec(
            message: """
              The key type's name must be a string literal holding one identifier, as in '@DependencyEntry("APIClientKey")'
              """,
            line: 2, column: 20)
        ],
        macros: macros)
    }

    /// What the expansion's isolation check reports when overload resolution picks the failing
    /// check: the probe function is `@MainActor`.
    func testTheMainActorCheck() {
      assertMacroExpansion(
        """
        #_DependencyEntryIsolation(__dependencyEntryIsolationProbe, "numberFact")
        """,
        expandedSource: "",
        diagnostics: [
          DiagnosticSpec(
            message: """
              'numberFact' is isolated to the main actor (the module's default isolation), but dependencies are read from any thread; to fix, write 'nonisolated extension Dependencies' or 'nonisolated var numberFact'
              """,
            line: 1, column: 1)
        ],
        macros: ["_DependencyEntryIsolation": EntryMainActorCheckMacro.self])
    }

    func testTheSendableCheck() {
      assertMacroExpansion(
        """
        #_DependencyEntrySendable(\\Dependencies.counter, "counter")
        """,
        expandedSource: "",
        diagnostics: [
          DiagnosticSpec(
            message: """
              The value of 'counter' must be Sendable: dependencies are shared between threads; to fix, make its type Sendable
              """,
            line: 1, column: 1)
        ],
        macros: ["_DependencyEntrySendable": EntrySendableCheckMacro.self])
    }

    func testThePassingChecksExpandToNothing() {
      assertMacroExpansion(
        """
        #_DependencyEntryIsolation(__dependencyEntryIsolationProbe, "numberFact")
        #_DependencyEntrySendable(\\Dependencies.numberFact, "numberFact")
        """,
        expandedSource: "",
        macros: [
          "_DependencyEntryIsolation": EntryIsolationCheckMacro.self,
          "_DependencyEntrySendable": EntryIsolationCheckMacro.self,
        ])
    }
  }
#endif
