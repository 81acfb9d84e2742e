// `DepsContextProbe defaults-race ROUNDS` runs another probe instead (DefaultsRace.swift).
//
// An app that links DepsTesting (and so XCTest and Swift Testing) but runs no test: it must run
// in the live context. `ContextProbeTests` runs it and reads what it prints: the context, then
// the value each module resolves for a key with distinct live, test and preview values.
import ComposableDeps
import DepsTesting
import Foundation
import GlobalDeps

private enum GreetingKey: DependencyKey {
  static let defaultValue = "live"
  static let testValue = "test"
  static let previewValue = "preview"
}

extension Dependencies {
  fileprivate var greeting: String {
    get { self[GreetingKey.self] }
    set { self[GreetingKey.self] = newValue }
  }
}

private final class ProbeEnvironment: ComposableEnvironment {
  @ComposableDeps.Dependency(\.greeting) var greeting
}

private struct ProbeModel {
  @GlobalDeps.Dependency(\.greeting) var greeting
}

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "defaults-race",
  let rounds = Int(CommandLine.arguments[2])
{
  runDefaultsRace(rounds: rounds)
  exit(0)
}

// Names a DepsTesting type, so the library and the test frameworks it links are loaded.
let linked = String(describing: TestStore<Int, Int, Void>.self).isEmpty ? "" : "linked"
print(DependencyContext.current.rawValue, linked, ProbeEnvironment().greeting, ProbeModel().greeting)
