#!/usr/bin/env python3
"""Builds the Swift snippets of the guides as a user would paste them, and runs their tests.

For each guide (a Markdown file), the ```swift blocks are taken in order and pasted, one after the
other, into a generated package that depends on this one by path, as a user following the guide
would paste them into an app:

- code goes to an executable target, the app module (it links ComposableDeps and GlobalDeps, as
  an app would): blocks with top-level statements to its `main.swift`, in order, and blocks of
  declarations only to a second file, which tests can use (the globals of `main.swift` exist only
  once it runs); both files import what the module's blocks import;
- tests (a block that imports Testing, XCTest or DepsTesting, or declares `@Test`, `@Suite` or an
  `XCTestCase`) go to a test target of that module, which links DepsTesting. A test file imports
  the app module with `@testable import`: a guide's own `@testable import Name` line (or `import
  MyApp`, which checks that the tests need only the module's public API) is pointed at the
  generated module, and the script adds the line when the guide has none.

The package is built with its tests (warnings allowed, as in an app), then its tests run; with the
package trait `Macros` when a snippet uses `@DependencyEntry`. A module whose snippets import a
package an app adds beside this one (swift-identified-collections, swift-clocks, swift-case-paths,
swift-service-lifecycle, swift-log: `PACKAGES`) links that package's product, the real one, and
the generated package depends on it only then. A guide
may mark, on the line before a block:

  <!-- snippet: skip (why) -->      the block is not compiled (shell, Apple-only, pseudo-code).
  <!-- snippet: apple-only -->      the block is compiled where SwiftUI exists (inside
                                    `#if canImport(SwiftUI)`): on Apple platforms, not on Linux.
  <!-- snippet: app -->             the block goes to the app module even if it looks like a test.
  <!-- snippet: tests -->           the block goes to the test target even if it does not look so.
  <!-- snippet: module NAME -->     this and later blocks go to a new app module (and test target)
                                    NAME: a guide that shows both modules, or two versions of one
                                    type, pastes each into a package of its own.
  <!-- snippet: hidden [tests]      a comment whose lines (up to `-->`) are compiled at that point
  ...swift...                       but not shown by a Markdown renderer (imports a guide leaves
  -->                               out, a type it only names).

The guides in MAIN_ACTOR_TOO are also built and tested a second time in modules with default
MainActor isolation and approachable concurrency, the settings of a new app target in current
Xcode (Swift 6.2).

The ```swift examples of the doc comments of `Sources/` (and of the example app's features) are
built the same way, one module per
source file, each example in a function of its own (a `case` example inside a reducer's `switch`,
a `return` example at the end of a reducer); the names they use without declaring them are
declared in `Scripts/doc-comment-context/` (see its README). Tests they declare run.

Usage:
  Scripts/check-guide-snippets.py                  every guide, DocC article and doc comment
  Scripts/check-guide-snippets.py GUIDE.md ...     the given guides only
  Scripts/check-guide-snippets.py --doc-comments   the doc comments only
  Scripts/check-guide-snippets.py --self-test      show that a broken snippet and a failing test
                                                   fail, naming their guide and line

Errors name the guide and the line of the snippet they come from.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# GUIDE_SNIPPETS_SCRATCH lets two checks run at once, each in a scratch directory of its own.
SCRATCH = os.environ.get("GUIDE_SNIPPETS_SCRATCH") or os.path.join(ROOT, ".build-docs-snippets")

# Every guide of Docs/, every DocC article, and the README.
GUIDES = sorted(
    [os.path.join("Docs", name) for name in os.listdir(os.path.join(ROOT, "Docs"))
     if name.endswith(".md")]
    + [os.path.join("Sources", module, catalog, name)
       for module in sorted(os.listdir(os.path.join(ROOT, "Sources")))
       for catalog in sorted(os.listdir(os.path.join(ROOT, "Sources", module)))
       if catalog.endswith(".docc")
       for name in sorted(os.listdir(os.path.join(ROOT, "Sources", module, catalog)))
       if name.endswith(".md")]
    + ["README.md"])

# Guides whose code must also compile unchanged in a module with default MainActor isolation.
MAIN_ACTOR_TOO = ["README.md", "Docs/GettingStarted.md", "Docs/Swift62AppTargets.md"]

MAIN_ACTOR_SETTINGS = """[
        .defaultIsolation(MainActor.self),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
      ]"""

# Packages a guide's snippets may import beside this one, by the module they import: (URL, the
# lowest version, package identity). A snippet compiles against the real package, never a stand-in.
PACKAGES = {
    "IdentifiedCollections": (
        "https://github.com/pointfreeco/swift-identified-collections", "1.1.1",
        "swift-identified-collections"),
    "Clocks": ("https://github.com/pointfreeco/swift-clocks", "1.1.1", "swift-clocks"),
    "CasePaths": ("https://github.com/pointfreeco/swift-case-paths", "1.10.0", "swift-case-paths"),
    "ServiceLifecycle": (
        "https://github.com/swift-server/swift-service-lifecycle", "2.13.0", "swift-service-lifecycle"),
    # The URL swift-service-lifecycle names it by, so both resolve to one package.
    "Logging": ("https://github.com/apple/swift-log.git", "1.14.0", "swift-log"),
}

APPLE_ONLY = "#if canImport(SwiftUI)"
LOOKS_LIKE_TESTS = re.compile(
    r"^\s*(import\s+(Testing|XCTest|DepsTesting)\b|@Test\b|@Suite\b)|\bXCTestCase\b|#expect\b",
    re.MULTILINE)
TESTABLE_IMPORT = re.compile(r"^(\s*@testable\s+import\s+)(\w+)", re.MULTILINE)
# `MyApp` stands for the app module in a guide's tests; a plain import checks its public API.
APP_IMPORT = re.compile(r"^(\s*import\s+)(MyApp)\b", re.MULTILINE)


class Snippet:
    def __init__(self, guide, line, code, module, tests):
        self.guide, self.line, self.code = guide, line, code
        self.module, self.tests = module, tests


def snippets(path):
    """The compiled snippets of one guide, in order."""
    lines = open(path, encoding="utf-8").read().split("\n")
    result, index, module = [], 0, ""
    apple_only_next = False
    skip_next, route_next = False, None

    def add(start, body, route):
        code = "\n".join(body)
        tests = route == "tests" or (route is None and LOOKS_LIKE_TESTS.search(code) is not None)
        result.append(Snippet(path, start, code, module, tests))

    while index < len(lines):
        stripped = lines[index].strip()
        marker = re.match(r"<!-- snippet: (\w+)\s*(.*?)\s*(-->)?$", stripped)
        if marker and marker.group(1) == "hidden":
            route = marker.group(2) or None
            start, body = index + 2, []
            index += 1
            while index < len(lines) and lines[index].strip() != "-->":
                body.append(lines[index])
                index += 1
            add(start, body, route)
        elif marker and marker.group(1) == "skip":
            skip_next = True
        elif marker and marker.group(1) in ("app", "tests"):
            route_next = marker.group(1)
        elif marker and marker.group(1) == "apple" and marker.group(2).startswith("-only"):
            apple_only_next = True
        elif marker and marker.group(1) == "module":
            module = re.sub(r"[^A-Za-z0-9]", "", marker.group(2))
        elif marker:
            raise SystemExit(f"{path}:{index + 1}: unknown snippet marker: {stripped}")
        elif stripped.startswith("```swift"):
            start, body = index + 2, []
            index += 1
            while index < len(lines) and not lines[index].strip().startswith("```"):
                body.append(lines[index])
                index += 1
            if apple_only_next:
                body = [APPLE_ONLY] + body + ["#endif"]
                start -= 1
            if not skip_next:
                add(start, body, route_next)
            skip_next, route_next, apple_only_next = False, None, False
        index += 1
    return result


def guide_name(guide):
    return re.sub(r"[^A-Za-z0-9]", "", os.path.splitext(os.path.basename(guide))[0])


DECLARATION = re.compile(
    r"^(import|struct|enum|class|final|extension|func|protocol|actor|typealias|let|var|public|"
    r"private|fileprivate|internal|package|open|nonisolated|indirect|@|#if|#else|#elseif|#endif|"
    r"//|/\*|\*|\}|\)|\])")


def has_statements(code):
    """Whether a snippet has a top-level statement (code that runs), not only declarations."""
    depth, in_string = 0, False
    for line in code.split("\n"):
        stripped = line.strip()
        if stripped.count('"""') % 2 == 1:
            in_string = not in_string
            continue
        if in_string:
            continue
        if depth == 0 and stripped and not DECLARATION.match(stripped):
            return True
        # A global's initializer cannot await: such a `let` is top-level code.
        if depth == 0 and re.match(r"^(let|var)\b[^=]*=\s*(try\??\s+)?await\b", stripped):
            return True
        without_strings = re.sub(r'"(\\.|[^"\\])*"', '""', stripped).split("//")[0]
        depth += sum(without_strings.count(c) for c in "{([") - sum(
            without_strings.count(c) for c in "})]")
    return False


class Module:
    """One generated app module and its test target: where a file's lines come from."""

    def __init__(self, name, main_actor, dependencies=()):
        self.name, self.main_actor = name, main_actor
        self.dependencies = list(dependencies)  # targets of the generated package it also needs
        self.app, self.tests = [], []  # snippets, in order

    def packages(self):
        """The modules of `PACKAGES` that the module's snippets import."""
        return sorted({m.group(1) for s in self.app + self.tests
                       for m in re.finditer(r"^\s*import\s+(\w+)\s*$", s.code, re.MULTILINE)
                       if m.group(1) in PACKAGES})

    def write(self, directory):
        """Writes the module's files; returns {path: [(generated line, snippet)]}.

        Snippets with top-level statements go to `main.swift`, in order; snippets of declarations
        only go to a file of their own. A test imports the module without running its
        `main.swift`, whose globals are made only when it runs: a reducer declared there would be
        uninitialized in the test.
        """
        files = {}
        folder = os.path.join(directory, "Sources", self.name)
        statements = [s for s in self.app if has_statements(s.code)]
        declarations = [s for s in self.app if not has_statements(s.code)]
        # The two files stand for one: each imports what the module's snippets import.
        imports = sorted({m.group(0).strip() for s in self.app if not s.code.startswith(APPLE_ONLY)
                          for m in re.finditer(r"^\s*import \w+\s*$", s.code, re.MULTILINE)})
        files[os.path.join(folder, "main.swift")] = self._write_file(
            os.path.join(folder, "main.swift"), statements, imports)
        files[os.path.join(folder, "Declarations.swift")] = self._write_file(
            os.path.join(folder, "Declarations.swift"), declarations, imports)
        if self.tests:
            path = os.path.join(directory, "Tests", self.name + "Tests", self.name + "Tests.swift")
            has_import = any(TESTABLE_IMPORT.search(s.code) or APP_IMPORT.search(s.code)
                             for s in self.tests)
            prefix = [] if has_import else [f"@testable import {self.name}"]
            files[path] = self._write_file(path, self.tests, prefix)
        return files

    def _write_file(self, path, parts, prefix):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        out, origins, line = list(prefix), [], 1 + len(prefix)
        for snippet in parts:
            code = TESTABLE_IMPORT.sub(lambda m: m.group(1) + self.name, snippet.code)
            code = APP_IMPORT.sub(lambda m: m.group(1) + self.name, code)
            origins.append((line, snippet))
            out.append(code)
            line += code.count("\n") + 1
        with open(path, "w", encoding="utf-8") as file:
            file.write("\n".join(out) + "\n")
        return origins


def modules_of(guides):
    modules = []
    for guide in guides:
        relative = os.path.relpath(guide, ROOT)
        variants = [False, True] if relative in MAIN_ACTOR_TOO else [False]
        for main_actor in variants:
            by_name = {}
            for snippet in snippets(guide):
                name = "Guide" + guide_name(guide) + snippet.module + ("MainActor" if main_actor else "")
                if name not in by_name:
                    by_name[name] = Module(name, main_actor)
                    modules.append(by_name[name])
                (by_name[name].tests if snippet.tests else by_name[name].app).append(snippet)
    return modules


# Doc comments: the ```swift blocks of the `///` comments of Sources/, one module per source file.
DOC_CONTEXT = os.path.join(ROOT, "Scripts", "doc-comment-context")
# Files whose examples use GlobalDeps (withDependencies, its @Dependency) though their module is
# not GlobalDeps.
USES_GLOBAL_DEPS = [
    "DepsCore/Dependencies.swift", "DepsTesting/DependencyTrait.swift",
    "DepsTesting/DependencyTrait+Strict.swift"]
FILE_SCOPE_ONLY = re.compile(
    r"^(extension|protocol|private|fileprivate|import|@Test|@Suite|@main)\b|\bXCTestCase\b",
    re.MULTILINE)


def doc_comment_blocks(path):
    """The ```swift blocks of a file's doc comments: [(line of the first code line, code)]."""
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks, index = [], 0
    while index < len(lines):
        if re.match(r"^\s*/// ?```swift\s*$", lines[index]):
            start, body = index + 2, []
            index += 1
            while index < len(lines) and not re.match(r"^\s*/// ?```", lines[index]):
                body.append(re.sub(r"^\s*/// ?", "", lines[index]))
                index += 1
            blocks.append((start, "\n".join(body)))
        index += 1
    return blocks


def doc_comment_modules():
    """A module per source file whose doc comments have examples.

    A block is pasted in a function of its own (`docExample<line>`), so two blocks of a file may
    use the same names, unless it declares what only a file scope may hold (an extension, a
    private type, a test). The names a file's examples use without declaring them (a reducer, a
    `store`) are declared in `Scripts/doc-comment-context/<Module>/<File>.swift` (app code) and
    `<File>.tests.swift` (test code), which the module pastes first.
    """
    modules = []
    for library in sorted(os.listdir(os.path.join(ROOT, "Sources"))):
        folder = os.path.join(ROOT, "Sources", library)
        for directory, _, names in sorted(os.walk(folder)):
            for name in sorted(names):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                blocks = doc_comment_blocks(path)
                if not blocks:
                    continue
                base = os.path.splitext(name)[0]
                module = Module("Doc" + library + re.sub(r"[^A-Za-z0-9]", "", base), False)
                relative = os.path.relpath(path, os.path.join(ROOT, "Sources"))
                umbrella = "GlobalDeps" if (library == "GlobalDeps"
                                            or relative in USES_GLOBAL_DEPS) else "ComposableDeps"
                module.app.append(Snippet(path, 1, f"import Foundation\nimport {umbrella}", "", False))
                module.tests.append(Snippet(
                    path, 1, f"import DepsTesting\nimport Foundation\nimport {umbrella}\nimport Testing",
                    "", True))
                contexts = [(os.path.join(DOC_CONTEXT, umbrella + ".swift"), module.app),
                            (os.path.join(DOC_CONTEXT, umbrella + ".tests.swift"), module.tests),
                            (os.path.join(DOC_CONTEXT, library, base + ".swift"), module.app),
                            (os.path.join(DOC_CONTEXT, library, base + ".tests.swift"), module.tests)]
                for context, side in contexts:
                    if os.path.exists(context):
                        code = open(context, encoding="utf-8").read().rstrip("\n")
                        side.append(Snippet(context, 1, code, "", side is module.tests))
                for line, code in blocks:
                    tests = library == "DepsTesting" or LOOKS_LIKE_TESTS.search(code) is not None
                    first = next((l.strip() for l in code.split("\n")
                                  if l.strip() and not l.strip().startswith("//")), "")
                    reducer = ("let docExample{0} = Reducer<FeatureState, FeatureAction, "
                               "FeatureEnvironmentForEffects> {{ state, action, environment in")
                    if first.startswith("case "):
                        # A case of a reducer's switch.
                        code = (reducer.format(line) + "\nswitch action {\n" + code
                                + "\ndefault: return .none\n}\n}")
                        line -= 2
                    elif first.startswith("return "):
                        # The end of a reducer.
                        code = reducer.format(line) + "\n" + code + "\n}"
                        line -= 1
                    elif not FILE_SCOPE_ONLY.search(code):
                        code = (f"@MainActor func docExample{line}() async throws {{\n{code}\n}}")
                        line -= 1
                    (module.tests if tests else module.app).append(
                        Snippet(path, line, code, "", tests))
                if len(module.tests) == 1:
                    module.tests = []  # only the imports
                modules.append(module)
    # The example app's features: their examples use the example's own types, so they import
    # the ExampleFeatures target (linked into the generated package) and no shared context.
    folder = os.path.join(ROOT, "Example", "Sources", "ExampleFeatures")
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        blocks = doc_comment_blocks(path) if name.endswith(".swift") else []
        if not blocks:
            continue
        module = Module("DocExample" + re.sub(r"[^A-Za-z0-9]", "", os.path.splitext(name)[0]),
                        False, dependencies=["ExampleFeatures"])
        module.app.append(Snippet(path, 1, "import ComposableDeps\nimport ExampleFeatures", "", False))
        for line, code in blocks:
            module.app.append(Snippet(
                path, line - 1, f"@MainActor func docExample{line}() async throws {{\n{code}\n}}",
                "", False))
        modules.append(module)
    return modules


def write_package(directory, modules):
    """Writes the package; returns {generated file path: [(generated line, snippet)]}."""
    files = {}
    targets = []
    app_products = ", ".join(
        f'.product(name: "{p}", package: "swift-composable-deps")'
        for p in ["ComposableDeps", "GlobalDeps"])
    test_products = app_products + ', .product(name: "DepsTesting", package: "swift-composable-deps")'
    if any("ExampleFeatures" in module.dependencies for module in modules):
        # The example's features, linked from the repository (a target's sources must be inside
        # its package).
        link = os.path.join(directory, "Sources", "ExampleFeatures")
        os.makedirs(os.path.dirname(link), exist_ok=True)
        if not os.path.islink(link):
            os.symlink(os.path.join(ROOT, "Example", "Sources", "ExampleFeatures"), link)
        targets.append(
            '    .target(name: "ExampleFeatures", dependencies: '
            '[.product(name: "ComposableDeps", package: "swift-composable-deps")]),')
    for module in modules:
        files.update(module.write(directory))
        settings = f",\n      swiftSettings: {MAIN_ACTOR_SETTINGS}" if module.main_actor else ""
        extra = "".join(f'"{d}", ' for d in module.dependencies) + "".join(
            f'.product(name: "{name}", package: "{PACKAGES[name][2]}"), ' for name in module.packages())
        targets.append(
            f'    .executableTarget(\n      name: "{module.name}", dependencies: [{extra}{app_products}]'
            f'{settings}\n    ),')
        if module.tests:
            targets.append(
                f'    .testTarget(\n      name: "{module.name}Tests",\n'
                f'      dependencies: ["{module.name}", {extra}{test_products}]{settings}\n    ),')
    # `@DependencyEntry` needs the package trait `Macros`; the other snippets build without it, so
    # a check of guides that show no entry builds no swift-syntax.
    uses_macros = any("@DependencyEntry" in snippet.code
                      for module in modules for snippet in module.app + module.tests)
    traits = ', traits: ["Macros"]' if uses_macros else ""
    packages = "".join(
        f',\n    .package(url: "{PACKAGES[name][0]}", from: "{PACKAGES[name][1]}")'
        for name in sorted({name for module in modules for name in module.packages()}))
    manifest = f"""// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "GuideSnippets",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [
    .package(name: "swift-composable-deps", path: "{ROOT}"{traits}){packages}
  ],
  targets: [
{chr(10).join(targets)}
  ],
  swiftLanguageModes: [.v6]
)
"""
    with open(os.path.join(directory, "Package.swift"), "w", encoding="utf-8") as file:
        file.write(manifest)
    return files


def locate(files, path, generated_line):
    """The guide and line a line of a generated file comes from."""
    for start, snippet in reversed(files.get(path, [])):
        if generated_line >= start:
            return os.path.relpath(snippet.guide, ROOT), snippet.line + generated_line - start
    return os.path.relpath(path, ROOT), generated_line


def report_errors(output, files, seen):
    """Prints each compiler error of a generated file once, at its guide and line."""
    count = 0
    for path in files:
        pattern = re.compile(re.escape(path) + r":(\d+):\d+: (error: .*)")
        for line in output.split("\n"):
            match = pattern.search(line)
            if match:
                guide, guide_line = locate(files, path, int(match.group(1)))
                message = f"  {guide}:{guide_line}: {match.group(2)}"
                count += 1
                if message not in seen:
                    seen.add(message)
                    print(message)
    return count


def report_test_failures(output, files):
    """Prints each failed expectation or test of a generated test file at its guide and line."""
    by_base = {os.path.basename(path): path for path in files}
    count = 0
    for line in output.split("\n"):
        for match in re.finditer(r"(\w+\.swift):(\d+)(?::\d+)?:? (.*)", line):
            path = by_base.get(match.group(1))
            if path is None or "passed" in line:
                continue
            if not re.search(r"✘|error|failed|issue", line):
                continue
            guide, guide_line = locate(files, path, int(match.group(2)))
            print(f"  {guide}:{guide_line}: test failed: {match.group(3).strip()}")
            count += 1
    return count


def swift(*arguments):
    process = subprocess.run(["swift", *arguments], capture_output=True, text=True)
    return process.returncode, process.stdout + process.stderr


def check(guides, scratch=SCRATCH, doc_comments=False):
    directory = os.path.join(scratch, "package")
    if os.path.isdir(os.path.join(directory, "Sources")):
        subprocess.run(["rm", "-rf", os.path.join(directory, "Sources"),
                        os.path.join(directory, "Tests")])
    os.makedirs(directory, exist_ok=True)
    modules = modules_of(guides) + (doc_comment_modules() if doc_comments else [])
    files = write_package(directory, modules)
    build = os.path.join(scratch, "build")
    common = ["--package-path", directory, "--scratch-path", build]

    status, output = swift("build", "--build-tests", *common)
    if status != 0:
        # Build each target alone, so every module's errors are reported, not only the first's.
        seen = set()
        report_errors(output, files, seen)
        for module in modules:
            names = [module.name] + ([module.name + "Tests"] if module.tests else [])
            for name in names:
                target_status, target_output = swift("build", *common, "--target", name)
                if target_status != 0:
                    print(f"FAIL {name}")
                    if report_errors(target_output, files, seen) == 0:
                        print("  " + "\n  ".join(target_output.strip().split("\n")[-15:]))
        if not seen:
            print("  " + "\n  ".join(output.strip().split("\n")[-30:]))
        print("FAIL: the snippets do not build")
        return False
    for module in modules:
        print(f"ok   {module.name} builds" + (" (default MainActor isolation)" if module.main_actor else ""))

    if not any(module.tests for module in modules):
        return True
    status, output = swift("test", "--skip-build", *common)
    if status != 0:
        print("FAIL: the snippets' tests fail")
        if report_test_failures(output, files) == 0:
            print("  " + "\n  ".join(output.strip().split("\n")[-30:]))
        return False
    passed = re.search(r"Test run with (\d+) tests? (in \d+ suites? )?passed", output)
    xctests = max((int(n) for n in re.findall(r"Executed (\d+) tests?, with 0 failures", output)),
                  default=0)
    print("ok   tests pass: "
          + (f"{passed.group(1)} Swift Testing tests" if passed else "0 Swift Testing tests")
          + f", {xctests} XCTest tests")
    return True


def self_test():
    """A broken snippet and a failing test must each fail, naming the guide and the line."""
    cases = [
        ("Broken.md",
         "# A guide\n\n```swift\nimport ComposableDeps\nlet fine = 1\n```\n\n"
         "<!-- snippet: skip (shell) -->\n```swift\nthis is not Swift\n```\n\n"
         "```swift\nlet broken: Int = \"not an Int\"\n```\n",
         "Broken.md:14: error:"),
        ("Failing.md",
         "# A guide\n\n```swift\nimport ComposableDeps\nfunc twice(_ n: Int) -> Int { n + n }\n```\n\n"
         "```swift\nimport Testing\n@testable import MyApp\n\n"
         "@Test func twiceDoubles() {\n  #expect(twice(2) == 5)\n}\n```\n",
         "Failing.md:13: test failed:"),
    ]
    from io import StringIO
    ok = True
    for name, text, expected in cases:
        with tempfile.TemporaryDirectory() as temporary:
            guide = os.path.join(temporary, name)
            with open(guide, "w", encoding="utf-8") as file:
                file.write(text)
            captured, real = StringIO(), sys.stdout
            sys.stdout = captured
            try:
                passed = check([guide], scratch=os.path.join(SCRATCH, "self-test"))
            finally:
                sys.stdout = real
            output = captured.getvalue().replace(os.path.relpath(temporary, ROOT) + "/", "")
            print(output, end="")
            if passed or expected not in output or "not Swift" in output:
                print(f"self-test FAILED: {name} was not reported as {expected}")
                ok = False
    if ok:
        print("self-test ok: a broken snippet and a failing test are reported at their guide and line")
    return ok


def main(arguments):
    if arguments == ["--self-test"]:
        return 0 if self_test() else 1
    if arguments == ["--doc-comments"]:
        return 0 if check([], doc_comments=True) else 1
    guides = [os.path.abspath(path) for path in (arguments or [os.path.join(ROOT, g) for g in GUIDES])]
    return 0 if check(guides, doc_comments=not arguments) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
