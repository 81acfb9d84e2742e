#!/usr/bin/env python3
"""Counts instructions per operation of the hot benchmark rows under callgrind and checks them
against the budgets recorded in Benchmarks/instruction-budgets.json.

    python3 Scripts/check-instruction-budgets.py              # build, measure, check
    python3 Scripts/check-instruction-budgets.py --update     # build, measure, record as budgets
    python3 Scripts/check-instruction-budgets.py --rows globaldeps-read,pullbacks-4
    python3 Scripts/check-instruction-budgets.py --binary PATH   # measure a built InstructionCounts

Each row runs in the `InstructionCounts` executable of the Benchmarks package (release build)
twice under `valgrind --tool=callgrind`, with N and 2N iterations; (count(2N) - count(N)) / N is
the row's instructions per operation: start-up, set-up and warm-up cancel out. A row whose count
varies between runs (work on other threads) is measured `repeats` times and its median taken.
A row fails when it is more than `tolerance` (5%; a row may set its own) over its budget. Instruction counts do not
depend on the machine's load, but do on the compiler, the C library and the processor's
instruction set: re-record with --update after a toolchain change, and after a change that is
meant to cost instructions (say why in the row's note).

Python 3 standard library only; needs valgrind and objcopy (binutils).
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUDGETS = os.path.join(ROOT, "Benchmarks", "instruction-budgets.json")
PRODUCT = "InstructionCounts"


def build():
    """Builds InstructionCounts in release and returns its path."""
    command = ["swift", "build", "-c", "release", "--package-path", "Benchmarks", "--product", PRODUCT]
    subprocess.run(command, cwd=ROOT, check=True)
    bin_path = subprocess.run(
        command[:-2] + ["--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    return os.path.join(bin_path, PRODUCT)


def stripped_copy(binary, directory):
    """The binary without debug info: valgrind 3.19 cannot read the toolchain's DWARF 5."""
    copy = os.path.join(directory, PRODUCT)
    subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
    return copy


def count(binary, row, iterations, directory):
    """Instructions callgrind collected for a run of `row` with `iterations` iterations."""
    environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    result = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=" + os.path.join(directory, "callgrind.%p"),
            binary,
            row,
            str(iterations),
        ],
        env=environment,
        capture_output=True,
        text=True,
    )
    match = re.search(r"Collected : (\d+)", result.stderr)
    if result.returncode != 0 or not match:
        sys.exit(
            f"callgrind run of {row} ({iterations} iterations) failed, exit {result.returncode}:\n"
            + result.stdout
            + result.stderr[-3000:]
        )
    return int(match.group(1))


def measure(binary, row, directory, jobs):
    """Instructions per operation of `row`: (C(2N) - C(N)) / N, each count the median of the row's
    repeats; also every repeat's own (C(2N) - C(N)) / N, to show the spread."""
    n = row["iterations"]
    repeats = row.get("repeats", 1)
    runs = [(row["id"], iterations) for _ in range(repeats) for iterations in (n, 2 * n)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        counts = list(pool.map(lambda run: count(binary, run[0], run[1], directory), runs))
    once, twice = counts[0::2], counts[1::2]
    samples = [(b - a) / n for a, b in zip(once, twice)]
    return (statistics.median(twice) - statistics.median(once)) / n, samples


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", action="store_true", help="record the measured counts as budgets")
    parser.add_argument("--rows", help="comma-separated row ids (default: every row)")
    parser.add_argument("--binary", help="an InstructionCounts built already (default: build it)")
    parser.add_argument("--jobs", type=int, default=2, help="callgrind runs at once (default 2)")
    arguments = parser.parse_args()

    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install -y valgrind).")
    with open(BUDGETS) as file:
        budgets = json.load(file)
    tolerance = budgets["tolerance"]
    rows = budgets["rows"]
    if arguments.rows:
        wanted = arguments.rows.split(",")
        unknown = [id for id in wanted if id not in {row["id"] for row in rows}]
        if unknown:
            sys.exit(f"No row {', '.join(unknown)} in {BUDGETS}.")
        rows = [row for row in rows if row["id"] in wanted]

    binary = arguments.binary or build()
    listed = subprocess.run([binary, "--list"], check=True, capture_output=True, text=True).stdout
    known = {line.split("\t")[0] for line in listed.splitlines()}
    missing = [row["id"] for row in rows if row["id"] not in known]
    if missing:
        sys.exit(f"{PRODUCT} has no row {', '.join(missing)}: add it to its `rows` list.")

    failed = []
    print(f"{'row':<28}{'measured':>10}{'budget':>10}{'ratio':>8}  result   (instructions per operation)")
    with tempfile.TemporaryDirectory() as directory:
        executable = stripped_copy(binary, directory)
        for row in rows:
            measured, samples = measure(executable, row, directory, arguments.jobs)
            budget = row["instructions"]
            ratio = measured / budget
            limit = row.get("tolerance", tolerance)
            if arguments.update:
                row["instructions"] = round(measured)
                result = "RECORDED"
            elif ratio > 1 + limit:
                result = "FAIL"
                failed.append(row["id"])
            else:
                result = "PASS"
            spread = ""
            if len(samples) > 1:
                spread = "  (runs: " + ", ".join(str(round(sample)) for sample in samples) + ")"
            print(f"{row['id']:<28}{measured:>10.0f}{budget:>10}{ratio:>7.2f}x  {result}{spread}")

    if arguments.update:
        with open(BUDGETS, "w") as file:
            json.dump(budgets, file, indent=2)
            file.write("\n")
        print(f"Recorded {len(rows)} budgets in {os.path.relpath(BUDGETS, ROOT)}.")
    elif failed:
        print(
            f"{len(failed)} row(s) over budget by more than their tolerance: {', '.join(failed)}. "
            "If the change is meant to cost instructions, re-record with --update and say why in "
            "the row's note."
        )
        sys.exit(1)
    else:
        print(f"All {len(rows)} rows within {tolerance:.0%} of their budgets.")


if __name__ == "__main__":
    main()
