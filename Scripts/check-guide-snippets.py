#!/usr/bin/env python3
"""Builds the Swift snippets of the guides as a user would paste them.

For each guide (a Markdown file), the ```swift blocks are taken in order and pasted, one after the
other, into the `main.swift` of an executable target of a generated package that depends on this
one by path; the script then builds each target. A guide may mark:

  <!-- snippet: skip (why) -->      before a block: the block is not compiled (shell, Apple-only).
  <!-- snippet: hidden             a comment whose lines (up to `-->`) are compiled at that point
  ...swift...                       but not shown by a Markdown renderer.
  -->

Usage:
  Scripts/check-guide-snippets.py [GUIDE.md ...]   check the given guides (default: CHECKED below)
  Scripts/check-guide-snippets.py --self-test      show that a broken snippet fails, naming it

Errors name the guide and the line of the snippet they come from.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(ROOT, ".build-docs-snippets")

# The guides CI checks. Guides not listed quote fragments of the example or the tests (which
# compile them there) and are not yet written to be pasted whole.
CHECKED = [
    "Docs/Effects.md",
    "Docs/ObservingAStore.md",
    "Docs/Swift62AppTargets.md",
    "Sources/DepsCore/DepsCore.docc/DeclaringADependency.md",
    "Sources/DepsReducer/DepsReducer.docc/ComposingReducers.md",
]


class Snippet:
    def __init__(self, guide, line, code):
        self.guide, self.line, self.code = guide, line, code


def snippets(path):
    """The compiled snippets of one guide, in order: (first line number, code)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    result, skip_next, index = [], False, 0
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        if stripped.startswith("<!-- snippet: skip"):
            skip_next = True
        elif stripped == "<!-- snippet: hidden":
            start, body = index + 2, []
            index += 1
            while index < len(lines) and lines[index].strip() != "-->":
                body.append(lines[index])
                index += 1
            result.append(Snippet(path, start, "\n".join(body)))
        elif stripped.startswith("```swift"):
            start, body = index + 2, []
            index += 1
            while index < len(lines) and not lines[index].strip().startswith("```"):
                body.append(lines[index])
                index += 1
            if not skip_next:
                result.append(Snippet(path, start, "\n".join(body)))
            skip_next = False
        index += 1
    return result


def target_name(guide):
    base = os.path.splitext(os.path.basename(guide))[0]
    return "Guide" + re.sub(r"[^A-Za-z0-9]", "", base)


def write_package(directory, guides):
    """Writes the package; returns {target: (main.swift path, [(generated line, snippet)])}."""
    targets = {}
    for guide in guides:
        name = target_name(guide)
        folder = os.path.join(directory, "Sources", name)
        os.makedirs(folder, exist_ok=True)
        out, origins, line = [], [], 1
        for snippet in snippets(guide):
            origins.append((line, snippet))
            out.append(snippet.code)
            line += snippet.code.count("\n") + 1
        main = os.path.join(folder, "main.swift")
        with open(main, "w", encoding="utf-8") as file:
            file.write("\n".join(out) + "\n")
        targets[name] = (main, origins)
    products = ", ".join(
        f'.product(name: "{p}", package: "swift-composable-deps")'
        for p in ["ComposableDeps", "GlobalDeps", "DepsTesting"])
    target_lines = "\n".join(
        f'    .executableTarget(name: "{name}", dependencies: [{products}]),' for name in targets)
    manifest = f"""// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "GuideSnippets",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(name: "swift-composable-deps", path: "{ROOT}")],
  targets: [
{target_lines}
  ],
  swiftLanguageModes: [.v6]
)
"""
    with open(os.path.join(directory, "Package.swift"), "w", encoding="utf-8") as file:
        file.write(manifest)
    return targets


def locate(origins, generated_line):
    """The guide and line a line of a generated main.swift comes from."""
    for start, snippet in reversed(origins):
        if generated_line >= start:
            return snippet.guide, snippet.line + generated_line - start
    return None, None


def check(guides, scratch=SCRATCH):
    directory = os.path.join(scratch, "package")
    os.makedirs(directory, exist_ok=True)
    targets = write_package(directory, guides)
    failed = False
    for name, (main, origins) in targets.items():
        process = subprocess.run(
            ["swift", "build", "--package-path", directory, "--scratch-path",
             os.path.join(scratch, "build"), "--target", name],
            capture_output=True, text=True)
        if process.returncode == 0:
            print(f"ok   {name}")
            continue
        failed = True
        print(f"FAIL {name}")
        pattern = re.compile(re.escape(main) + r":(\d+):\d+: (error: .*)")
        for line in (process.stdout + process.stderr).split("\n"):
            match = pattern.search(line)
            if match:
                guide, guide_line = locate(origins, int(match.group(1)))
                print(f"  {os.path.relpath(guide, ROOT)}:{guide_line}: {match.group(2)}")
    return not failed


def self_test():
    """A guide with a broken snippet must fail, naming the guide and the snippet's line."""
    with tempfile.TemporaryDirectory() as temporary:
        guide = os.path.join(temporary, "Broken.md")
        with open(guide, "w", encoding="utf-8") as file:
            file.write("# A guide\n\n```swift\nimport ComposableDeps\nlet fine = 1\n```\n\n"
                       "<!-- snippet: skip (shell) -->\n```swift\nthis is not Swift\n```\n\n"
                       "```swift\nlet broken: Int = \"not an Int\"\n```\n")
        from io import StringIO
        captured, real = StringIO(), sys.stdout
        sys.stdout = captured
        try:
            passed = check([guide], scratch=os.path.join(SCRATCH, "self-test"))
        finally:
            sys.stdout = real
        output = captured.getvalue()
        print(output, end="")
        if passed or "Broken.md:14: error:" not in output or "not Swift" in output:
            print("self-test FAILED: the broken snippet was not reported at Broken.md:14")
            return False
        print("self-test ok: the broken snippet is reported at its guide and line")
        return True


def main(arguments):
    if arguments == ["--self-test"]:
        return 0 if self_test() else 1
    guides = [os.path.abspath(path) for path in (arguments or [os.path.join(ROOT, g) for g in CHECKED])]
    return 0 if check(guides) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
