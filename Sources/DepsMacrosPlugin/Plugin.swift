#if Macros
  import SwiftCompilerPlugin
  import SwiftSyntaxMacros

  /// The compiler plugin of `@DependencyEntry` and the checks its expansions run.
  @main
  struct DepsMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
      DependencyEntryMacro.self,
      EntryIsolationCheckMacro.self,
      EntryMainActorCheckMacro.self,
      EntrySendableCheckMacro.self,
    ]
  }
#else
  // Without the `Macros` trait there is no swift-syntax and nothing loads this plugin; an empty
  // program keeps the target buildable, as `swift build` builds every target of the package.
  @main
  enum DepsMacrosPlugin {
    static func main() {}
  }
#endif
