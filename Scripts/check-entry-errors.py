#!/usr/bin/env python3
"""Compiles the misused `@DependencyEntry`s of Fixtures/MacroApp/Misuse and checks each error.

    python3 Scripts/check-entry-errors.py [--build PATH]

Each file there declares what it must fail with, in comments at its top:

    // flags: -default-isolation MainActor          extra compiler flags (optional)
    // expect: LINE: MESSAGE                          an error the compiler must give, exactly

and is type-checked alone against the modules and the macro plugin of a build with the package
trait `Macros` (the fixture's, `.build-macroapp`, by default; `.ci/run` builds it just before). A
file fails when the compiler does not give each expected error, word for word, at its line: the
checks the macro runs in the type checker (the main actor, `Sendable`) and the errors its
expansion points at the entry's line can be seen no other way. Python 3 standard library only.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MISUSE = os.path.join(ROOT, "Fixtures", "MacroApp", "Misuse")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default=os.path.join(ROOT, ".build-macroapp"))
    build = os.path.join(parser.parse_args().build, "debug")
    modules = os.path.join(build, "Modules")
    plugin = os.path.join(build, "DepsMacrosPlugin-tool")
    for path in (modules, plugin):
        if not os.path.exists(path):
            sys.exit(f"{path} is missing: build Fixtures/MacroApp first (see .ci/run)")
    failures = 0
    files = sorted(glob.glob(os.path.join(MISUSE, "*.swift")))
    for path in files:
        text = open(path, encoding="utf-8").read()
        flags = sum((m.split() for m in re.findall(r"^// flags: (.*)$", text, re.MULTILINE)), [])
        expected = [(int(line), message)
                    for line, message in re.findall(r"^// expect: (\d+): (.*)$", text, re.MULTILINE)]
        command = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules,
                   "-load-plugin-executable", f"{plugin}#DepsMacrosPlugin", *flags, path]
        result = subprocess.run(command, capture_output=True, text=True)
        output = result.stdout + result.stderr
        # The compiler names the macro an error comes from: "… (from macro 'DependencyEntry')".
        errors = set((int(line), re.sub(r" \(from macro '[^']*'\)$", "", message))
                     for line, message in re.findall(
                         re.escape(path) + r":(\d+):\d+: error: (.*)", output))
        missing = [e for e in expected if e not in errors]
        name = os.path.relpath(path, ROOT)
        if result.returncode == 0 or missing or not expected:
            failures += 1
            print(f"FAIL {name}")
            for line, message in missing:
                print(f"  expected at line {line}: {message}")
            print("  the compiler said:\n    " + "\n    ".join(sorted(
                f"{line}: {message}" for line, message in errors)))
        else:
            print(f"ok   {name}: " + "; ".join(f"line {line}" for line, _ in expected))
    print(f"{len(files) - failures} of {len(files)} misuses fail as they should")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
