// An app that links DepsTesting (and so XCTest and Swift Testing) but runs no test: it must run
// in the live context. `ContextProbeTests` runs it and reads what it prints.
import DepsCore
import DepsTesting

// Names a DepsTesting type, so the library and the test frameworks it links are loaded.
let linked = String(describing: TestStore<Int, Int, Void>.self)
print("\(DependencyContext.current.rawValue) \(linked.isEmpty ? "" : "linked")")
