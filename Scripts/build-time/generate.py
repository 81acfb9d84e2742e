#!/usr/bin/env python3
"""Generates the two app cores of the build-time comparison (Docs/Performance.md, "Build time").

    python3 Scripts/build-time/generate.py [OUT]      # OUT defaults to .build-time/ (gitignored)

Writes two Swift packages with the same app written twice:

    OUT/ours   depends on this repository by path: ComposableDeps, DepsTesting
    OUT/peer   depends on swift-dependencies 1.17.1 and its macros

Each has 50 dependency clients (target AppClients, one file a client), 20 features (target
AppFeatures, one file a feature, each reading 3 clients) and 20 test files (target
AppFeaturesTests, 3 tests a feature, each overriding the client it uses).

Ours: a client is a struct of closures with a hand-written init and live value, a private
DependencyKey with a defaultValue and a testValue built with `unimplemented`, and a `Dependencies`
property. A feature is a state, an action enum, a ComposableEnvironment with 3 @Dependency
properties and a `Reducer` whose work runs in `Effect.run`; its tests drive a `TestStore`.

Peer: a client is an `@DependencyClient` struct (the macro writes the init and the unimplemented
endpoints). Clients 0-24 are registered with a `DependencyKey` conformance and a `DependencyValues`
property written by hand, clients 25-49 with `@DependencyEntry` (the macro writes the key and the
accessors). A feature is a struct with 3 `@Dependency` properties and a
`reduce(into:action:) -> Effect?` method, where `Effect` is a one-closure struct of the app's own
(there is no TCA here); its tests make the feature in `withDependencies` and run the effect by hand.

The generated code is not committed; Scripts/build-time/measure.py runs this script first.
"""

import os
import shutil
import sys

CLIENTS = 50
FEATURES = 20
ENTRY_FROM = 25  # the peer's clients from this index on use @DependencyEntry

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def client_name(i):
    return f"Client{i:02d}"


def prop(i):
    return f"client{i:02d}"


def feature_clients(f):
    """The clients feature f reads: one it fetches from, one it saves to, one it counts with."""
    return f, f + FEATURES, (f + 2 * FEATURES) % CLIENTS


def live_arguments(i, edit):
    # Touching a key changes `edit`: a string literal in a function body, nothing else.
    return (f'fetch: {{ id in "live {i}, edit {edit}: \\(id)" }},\n'
            f"    save: {{ _ in }},\n"
            f"    count: {{ {i} }}")


def state_and_action(state, action, indent=""):
    """A feature's state and actions: the same on both sides, only named and nested differently."""
    text = f"""public struct {state}: Equatable, Sendable {{
  public var id: Int
  public var text = ""
  public var count = 0
  public var isLoading = false
  public var failure: String?

  public init(id: Int = 0, text: String = "") {{
    self.id = id
    self.text = text
  }}
}}

public enum {action}: Equatable, Sendable {{
  case onAppear
  case loaded(String)
  case failed(String)
  case saveTapped
  case saved
  case countTapped
}}
"""
    return "".join(indent + line if line.strip() else line for line in text.splitlines(True))


def manifest(dependency, package, clients, features, tests):
    """A package of the three app targets; the last three arguments list each one's products."""
    def products(names):
        return ", ".join(f'.product(name: "{name}", package: "{package}")' for name in names)

    return f"""// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "AppCore",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [{dependency}],
  targets: [
    .target(name: "AppClients", dependencies: [{products(clients)}]),
    .target(name: "AppFeatures", dependencies: ["AppClients", {products(features)}]),
    .testTarget(
      name: "AppFeaturesTests", dependencies: ["AppFeatures", "AppClients", {products(tests)}]),
  ],
  swiftLanguageModes: [.v6]
)
"""


# ----- ours --------------------------------------------------------------------------------------

def ours_manifest():
    return manifest(f'.package(name: "swift-composable-deps", path: "{REPO_ROOT}")',
                    "swift-composable-deps", ["ComposableDeps"], ["ComposableDeps"], ["DepsTesting"])


def client_struct(c, extra=""):
    """A client struct of three closures with a hand-written `init` (ours, and the peer's without
    macros); `extra` goes before its closing brace."""
    return f"""/// A service of the app: fetches, saves and counts.
public struct {c}: Sendable {{
  public var fetch: @Sendable (_ id: Int) async throws -> String
  public var save: @Sendable (_ value: String) async throws -> Void
  public var count: @Sendable () -> Int

  public init(
    fetch: @escaping @Sendable (_ id: Int) async throws -> String,
    save: @escaping @Sendable (_ value: String) async throws -> Void,
    count: @escaping @Sendable () -> Int
  ) {{
    self.fetch = fetch
    self.save = save
    self.count = count
  }}
{extra}}}
"""


def ours_client(i, edit=0):
    c = client_name(i)
    return f"""import ComposableDeps

{client_struct(c)}
extension {c} {{
  public static let live = {c}(
    {live_arguments(i, edit)})
}}

private enum {c}Key: DependencyKey {{
  static let defaultValue = {c}.live
  static let testValue = {c}(
    fetch: unimplemented("{c}.fetch", placeholder: ""),
    save: unimplemented("{c}.save", placeholder: ()),
    count: unimplemented("{c}.count", placeholder: 0))
}}

extension Dependencies {{
  public var {prop(i)}: {c} {{
    get {{ self[{c}Key.self] }}
    set {{ self[{c}Key.self] = newValue }}
  }}
}}
"""


def ours_feature(f):
    a, b, c = feature_clients(f)
    n = f"Feature{f:02d}"
    return f"""import AppClients
import ComposableDeps

{state_and_action(f"{n}State", f"{n}Action")}
public final class {n}Environment: ComposableEnvironment {{
  @Dependency(\\.{prop(a)}) public var {prop(a)}
  @Dependency(\\.{prop(b)}) public var {prop(b)}
  @Dependency(\\.{prop(c)}) public var {prop(c)}
}}

public let feature{f:02d}Reducer = Reducer<{n}State, {n}Action, {n}Environment> {{
  state, action, environment in
  switch action {{
  case .onAppear:
    state.isLoading = true
    let client = environment.{prop(a)}
    return .run {{ [id = state.id] send in
      await send(.loaded(try await client.fetch(id)))
    }} catch: {{ error, send in
      await send(.failed(String(describing: error)))
    }}

  case .loaded(let text):
    state.isLoading = false
    state.text = text
    return .none

  case .failed(let failure):
    state.isLoading = false
    state.failure = failure
    return .none

  case .saveTapped:
    let client = environment.{prop(b)}
    return .run {{ [text = state.text] send in
      try await client.save(text)
      await send(.saved)
    }} catch: {{ error, send in
      await send(.failed(String(describing: error)))
    }}

  case .saved:
    return .none

  case .countTapped:
    state.count = environment.{prop(c)}.count()
    return .none
  }}
}}
"""


def ours_test(f):
    a, b, c = feature_clients(f)
    n = f"Feature{f:02d}"
    ca, cb, cc = client_name(a), client_name(b), client_name(c)
    return f"""import AppClients
import AppFeatures
import DepsTesting
import Testing

@MainActor
@Suite struct {n}Tests {{
  @Test func onAppearLoadsTheText() async {{
    let client = {ca}(fetch: {{ id in "text \\(id)" }}, save: {{ _ in }}, count: {{ 0 }})
    let store = TestStore(
      initialState: {n}State(id: {f}), reducer: feature{f:02d}Reducer,
      environment: {n}Environment().with(\\.{prop(a)}, client))
    await store.send(.onAppear) {{ $0.isLoading = true }}
    await store.receive(.loaded("text {f}")) {{
      $0.isLoading = false
      $0.text = "text {f}"
    }}
    await store.finish()
  }}

  @Test func saveTappedSavesTheText() async {{
    let saved = LockIsolated<[String]>([])
    let client = {cb}(fetch: {{ _ in "" }}, save: {{ value in saved.withValue {{ $0.append(value) }} }}, count: {{ 0 }})
    let store = TestStore(
      initialState: {n}State(text: "draft"), reducer: feature{f:02d}Reducer,
      environment: {n}Environment().with(\\.{prop(b)}, client))
    await store.send(.saveTapped)
    await store.receive(.saved)
    await store.finish()
    #expect(saved.value == ["draft"])
  }}

  @Test func countTappedCounts() async {{
    let client = {cc}(fetch: {{ _ in "" }}, save: {{ _ in }}, count: {{ 42 }})
    let store = TestStore(
      initialState: {n}State(), reducer: feature{f:02d}Reducer,
      environment: {n}Environment().with(\\.{prop(c)}, client))
    await store.send(.countTapped) {{ $0.count = 42 }}
    await store.finish()
  }}
}}
"""


# ----- peer: swift-dependencies with its macros ----------------------------------------------------

def peer_manifest():
    return manifest('.package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1")',
                    "swift-dependencies", ["Dependencies", "DependenciesMacros"], ["Dependencies"],
                    ["Dependencies"])


def peer_client(i, edit=0):
    c = client_name(i)
    head = f"""import Dependencies
import DependenciesMacros

/// A service of the app: fetches, saves and counts.
@DependencyClient
public struct {c}: Sendable {{
  public var fetch: @Sendable (_ id: Int) async throws -> String
  public var save: @Sendable (_ value: String) async throws -> Void
  public var count: @Sendable () -> Int = {{ 0 }}
}}
"""
    if i < ENTRY_FROM:
        return head + f"""
extension {c}: DependencyKey {{
  public static let liveValue = {c}(
    {live_arguments(i, edit)})
  public static let testValue = {c}()
}}

extension DependencyValues {{
  public var {prop(i)}: {c} {{
    get {{ self[{c}.self] }}
    set {{ self[{c}.self] = newValue }}
  }}
}}
"""
    return head + f"""
extension {c} {{
  public static let live = {c}(
    {live_arguments(i, edit)})
}}

extension DependencyValues {{
  @DependencyEntry(liveValue: {c}.live)
  public var {prop(i)}: {c} = {c}()
}}
"""


PEER_EFFECT = """/// The work a feature starts: runs once and returns the action to feed back, if any.
public struct Effect<Action: Sendable>: Sendable {
  public let run: @Sendable () async -> Action?

  public init(_ run: @escaping @Sendable () async -> Action?) {
    self.run = run
  }
}
"""


def peer_feature(f):
    a, b, c = feature_clients(f)
    n = f"Feature{f:02d}"
    return f"""import AppClients
import Dependencies

public struct {n}: Sendable {{
{state_and_action("State", "Action", indent="  ")}
  @Dependency(\\.{prop(a)}) var {prop(a)}
  @Dependency(\\.{prop(b)}) var {prop(b)}
  @Dependency(\\.{prop(c)}) var {prop(c)}

  public init() {{}}

  public func reduce(into state: inout State, action: Action) -> Effect<Action>? {{
    switch action {{
    case .onAppear:
      state.isLoading = true
      return Effect {{ [{prop(a)}, id = state.id] in
        do {{
          return .loaded(try await {prop(a)}.fetch(id: id))
        }} catch {{
          return .failed(String(describing: error))
        }}
      }}

    case .loaded(let text):
      state.isLoading = false
      state.text = text
      return nil

    case .failed(let failure):
      state.isLoading = false
      state.failure = failure
      return nil

    case .saveTapped:
      return Effect {{ [{prop(b)}, text = state.text] in
        do {{
          try await {prop(b)}.save(value: text)
          return .saved
        }} catch {{
          return .failed(String(describing: error))
        }}
      }}

    case .saved:
      return nil

    case .countTapped:
      state.count = {prop(c)}.count()
      return nil
    }}
  }}
}}
"""


def peer_test(f):
    a, b, c = feature_clients(f)
    n = f"Feature{f:02d}"
    return f"""import AppClients
import AppFeatures
import Dependencies
import Testing

@Suite struct {n}Tests {{
  @Test func onAppearLoadsTheText() async throws {{
    let feature = withDependencies {{
      $0.{prop(a)}.fetch = {{ id in "text \\(id)" }}
    }} operation: {{
      {n}()
    }}
    var state = {n}.State(id: {f})
    let effect = try #require(feature.reduce(into: &state, action: .onAppear))
    var expected = {n}.State(id: {f})
    expected.isLoading = true
    #expect(state == expected)
    let action = try #require(await effect.run())
    #expect(action == .loaded("text {f}"))
    #expect(feature.reduce(into: &state, action: action) == nil)
    expected.isLoading = false
    expected.text = "text {f}"
    #expect(state == expected)
  }}

  @Test func saveTappedSavesTheText() async throws {{
    let saved = LockIsolated<[String]>([])
    let feature = withDependencies {{
      $0.{prop(b)}.save = {{ value in saved.withValue {{ $0.append(value) }} }}
    }} operation: {{
      {n}()
    }}
    var state = {n}.State(text: "draft")
    let effect = try #require(feature.reduce(into: &state, action: .saveTapped))
    #expect(await effect.run() == .saved)
    #expect(saved.value == ["draft"])
  }}

  @Test func countTappedCounts() {{
    let feature = withDependencies {{
      $0.{prop(c)}.count = {{ 42 }}
    }} operation: {{
      {n}()
    }}
    var state = {n}.State()
    #expect(feature.reduce(into: &state, action: .countTapped) == nil)
    #expect(state.count == 42)
  }}
}}
"""


# ----- ours with the Macros trait, and the peer without its macros ------------------------------

def ours_macros_manifest():
    # Package traits need tools 6.1.
    return ours_manifest().replace("swift-tools-version: 6.0", "swift-tools-version: 6.1").replace(
        f'path: "{REPO_ROOT}")', f'path: "{REPO_ROOT}", traits: ["Macros"])')


def ours_macros_client(i, edit=0):
    """`ours_client` with the key and the property written by `@DependencyEntry`."""
    c = client_name(i)
    text = ours_client(i, edit)
    start = text.index(f"private enum {c}Key")
    return text[:start] + f"""extension Dependencies {{
  @DependencyEntry(
    test: {c}(
      fetch: unimplemented("{c}.fetch", placeholder: ""),
      save: unimplemented("{c}.save", placeholder: ()),
      count: unimplemented("{c}.count", placeholder: 0)))
  public var {prop(i)}: {c} = .live
}}
"""


def peer_plain_manifest():
    return manifest('.package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1")',
                    "swift-dependencies", ["Dependencies"], ["Dependencies"], ["Dependencies"])


PLAIN_METHODS = """
  public func fetch(id: Int) async throws -> String { try await fetch(id) }
  public func save(value: String) async throws { try await save(value) }
"""


def peer_plain_client(i, edit=0):
    """The peer's client without `DependenciesMacros`: what `@DependencyClient` writes, by hand."""
    c = client_name(i)
    return f"""import Dependencies

{client_struct(c, extra=PLAIN_METHODS)}
extension {c}: DependencyKey {{
  public static let liveValue = {c}(
    {live_arguments(i, edit)})
  public static let testValue = {c}(
    fetch: unimplemented("{c}.fetch", placeholder: ""),
    save: unimplemented("{c}.save", placeholder: ()),
    count: unimplemented("{c}.count", placeholder: 0))
}}

extension DependencyValues {{
  public var {prop(i)}: {c} {{
    get {{ self[{c}.self] }}
    set {{ self[{c}.self] = newValue }}
  }}
}}
"""


# ----- writing -----------------------------------------------------------------------------------

SIDES = {
    "ours": (ours_manifest, ours_client, ours_feature, ours_test, {}),
    "peer": (peer_manifest, peer_client, peer_feature, peer_test, {"Effect.swift": PEER_EFFECT}),
    # The one-line dependencies issue: ours with `@DependencyEntry`, the peer without macros.
    "ours-macros": (ours_macros_manifest, ours_macros_client, ours_feature, ours_test, {}),
    "peer-plain": (peer_plain_manifest, peer_plain_client, peer_feature, peer_test,
                   {"Effect.swift": PEER_EFFECT}),
}


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as file:
        file.write(text)


def client_path(out, side, i=0):
    return os.path.join(out, side, "Sources", "AppClients", f"{client_name(i)}.swift")


def touch_client(out, side, edit, i=0):
    """Rewrites client i with a different string literal in its live value's body."""
    write(client_path(out, side, i), SIDES[side][1](i, edit))


def generate(out):
    for side, (manifest, client, feature, test, extra) in SIDES.items():
        root = os.path.join(out, side)
        # Keep .build (and its checkouts); replace the sources.
        for folder in ("Sources", "Tests"):
            shutil.rmtree(os.path.join(root, folder), ignore_errors=True)
        write(os.path.join(root, "Package.swift"), manifest())
        for i in range(CLIENTS):
            write(client_path(out, side, i), client(i))
        for f in range(FEATURES):
            write(os.path.join(root, "Sources", "AppFeatures", f"Feature{f:02d}.swift"), feature(f))
            write(os.path.join(root, "Tests", "AppFeaturesTests", f"Feature{f:02d}Tests.swift"), test(f))
        for name, text in extra.items():
            write(os.path.join(root, "Sources", "AppFeatures", name), text)


if __name__ == "__main__":
    generate(sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO_ROOT, ".build-time"))
