#!/usr/bin/env python3
"""Checks the migration guide against real code.

`Fixtures/MigrationSample/Before` is a small app as it was written with swift-composable-environment
and TCA 0.x (it is not built: those packages are not dependencies of this one).
`Fixtures/MigrationSample/After` is the same app migrated. The script checks that:

1. every change from Before to After is one the migration guide lists: each changed, added or
   removed block of lines carries a `// migration: TEXT` comment (at the end of a changed line, or
   on a line of its own just before or after the block), and TEXT appears word for word in
   `Docs/MigratingFromComposableEnvironment.md`;
2. After builds and its tests pass (`swift test`, against this package by path).

Usage:
  Scripts/check-migration-sample.py              check the sample
  Scripts/check-migration-sample.py --self-test  show that an unlisted change is refused
"""
import difflib
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE = os.path.join(ROOT, "Fixtures", "MigrationSample")
GUIDE = os.path.join(ROOT, "Docs", "MigratingFromComposableEnvironment.md")
SCRATCH = os.path.join(ROOT, ".build-migration-sample")

ANNOTATION = re.compile(r"\s*// migration: (.*)$")


def strip_annotations(lines):
    """The lines without their annotations, and {index in those lines: [annotation texts]}.

    A line that is only an annotation attaches to the position of the next line (where removed
    lines were); a trailing annotation attaches to its own line.
    """
    stripped, notes = [], {}
    for line in lines:
        match = ANNOTATION.search(line)
        if match and line.strip().startswith("// migration:"):
            notes.setdefault(len(stripped), []).append(match.group(1).strip())
            continue
        if match:
            notes.setdefault(len(stripped), []).append(match.group(1).strip())
            line = line[:match.start()]
        stripped.append(line.rstrip())
    return stripped, notes


def unlisted_changes(before_text, after_text, guide_text, name):
    """The problems of one file pair: unannotated changes and annotations the guide lacks."""
    problems = []
    guide = " ".join(guide_text.split())
    before = [line.rstrip() for line in before_text.split("\n")]
    after, notes = strip_annotations(after_text.split("\n"))
    for position, texts in notes.items():
        for text in texts:
            if " ".join(text.split()) not in guide:
                problems.append(f"{name}:{position + 1}: the guide does not say \"{text}\"")
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        # An annotation on the block's lines, or on a line of its own just before or after it.
        positions = range(j1, j2 + 1)
        if not any(p in notes for p in positions):
            what = (after[j1] if j1 < j2 else before[i1]).strip()
            problems.append(
                f"{name}:{j1 + 1}: a change the guide does not list ({tag}: \"{what}\"); "
                "list it in the guide and mark it `// migration: <the guide's words>`")
    return problems


def check_diff():
    guide_text = open(GUIDE, encoding="utf-8").read()
    problems, count = [], 0
    before_root = os.path.join(SAMPLE, "Before")
    for folder, _, names in os.walk(before_root):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            before_path = os.path.join(folder, name)
            relative = os.path.relpath(before_path, before_root)
            after_path = os.path.join(SAMPLE, "After", relative)
            if not os.path.exists(after_path):
                problems.append(f"After/{relative}: missing")
                continue
            count += 1
            problems += unlisted_changes(
                open(before_path, encoding="utf-8").read(),
                open(after_path, encoding="utf-8").read(), guide_text, "After/" + relative)
    for problem in problems:
        print("  " + problem)
    if problems:
        print("FAIL: the sample changes in ways the guide does not list")
        return False
    print(f"ok   every change of the {count} files is one the guide lists")
    return True


def check_build():
    process = subprocess.run(
        ["swift", "test", "--package-path", os.path.join(SAMPLE, "After"),
         "--scratch-path", SCRATCH],
        capture_output=True, text=True)
    output = process.stdout + process.stderr
    if process.returncode != 0:
        print("FAIL: the migrated sample does not build or its tests fail")
        print("  " + "\n  ".join(output.strip().split("\n")[-30:]))
        return False
    executed = re.findall(r"Executed (\d+) tests?, with 0 failures", output)
    print(f"ok   the migrated sample builds and its {executed[-1] if executed else 0} tests pass")
    return True


def self_test():
    guide = "Write `.send(x)` instead of `Effect(value: x)`."
    before = "let a = 1\nlet b = 2\nlet effect = Effect(value: x)\n"
    listed = "let a = 1\nlet b = 2\nlet effect = .send(x)  // migration: `.send(x)`\n"
    unlisted = "let a = 9\nlet b = 2\nlet effect = .send(x)  // migration: `.send(x)`\n"
    wrong_words = "let a = 1\nlet b = 2\nlet effect = .send(x)  // migration: `.emit(x)`\n"
    ok = (unlisted_changes(before, listed, guide, "listed") == []
          and len(unlisted_changes(before, unlisted, guide, "unlisted")) == 1
          and len(unlisted_changes(before, wrong_words, guide, "wrong")) == 1)
    print("self-test ok: an unmarked change and words the guide lacks are refused" if ok
          else "self-test FAILED")
    return ok


def main(arguments):
    if arguments == ["--self-test"]:
        return 0 if self_test() else 1
    return 0 if check_diff() and check_build() else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
