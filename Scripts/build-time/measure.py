#!/usr/bin/env python3
"""Times debug builds of the two generated app cores (Docs/Performance.md, "Build time").

    python3 Scripts/build-time/measure.py [--runs 3] [--out .build-time]
        [--sides ours,peer,ours-macros,peer-plain] [--kinds clean,incremental]

Generates both packages (Scripts/build-time/generate.py), resolves their dependencies (not timed),
then, RUNS times, for each side in turn (ours, then swift-dependencies, so load from elsewhere
hits both alike), times `swift build --build-tests --disable-experimental-prebuilts`:

    clean        the package's build products deleted (its dependency checkouts kept): the
                 dependencies build too, our library on one side, swift-syntax and the rest of
                 swift-dependencies' graph on the other
    app only     only the app's own modules deleted (AppClients, AppFeatures, AppFeaturesTests and
                 the test runner): the dependencies are prebuilt
    incremental  after editing one key's file (a string literal in Client00's live value)

It prints the machine, `swift --version`, each run with the 1-minute load average before and after
it, and two tables of medians with min and max and the ratio ours / swift-dependencies: wall-clock
seconds, what a developer waits for, and CPU seconds (user + system of the build and every compiler
it ran), which depend much less on what else the machine runs. Builds' output goes to
OUT/logs/, the times so far to OUT/times.json. Python 3 standard library only.
"""

import argparse
import glob
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402

SIDES = [("ours", "swift-composable-deps"), ("peer", "swift-dependencies 1.17.1 + macros"),
         ("ours-macros", "swift-composable-deps + Macros trait"),
         ("peer-plain", "swift-dependencies 1.17.1, no macros")]
KINDS = ["clean", "app only", "incremental"]
CLOCKS = {"wall": "wall s, median (min-max)", "cpu": "CPU s, median (min-max)"}
BUILD = ["swift", "build", "--build-tests", "--disable-experimental-prebuilts"]
# What a clean build deletes; the checkouts, repositories and workspace state stay.
BUILD_PRODUCTS = ["x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu", "debug", "build.db",
                  "debug.yaml", "plugin-tools.yaml"]


def load():
    return os.getloadavg()[0]


def remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.remove(path)


def delete_build_products(package):
    for name in BUILD_PRODUCTS:
        remove(os.path.join(package, ".build", name))


def delete_app_products(package):
    debug = os.path.join(package, ".build", "debug")
    for path in glob.glob(os.path.join(debug, "App*")) + glob.glob(os.path.join(debug, "Modules", "App*")):
        remove(path)


def cpu_seconds():
    """User and system time of this script's finished children and their descendants."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def build(package, log):
    """Runs the build; returns its wall-clock seconds and the CPU seconds of all its processes."""
    start, cpu = time.monotonic(), cpu_seconds()
    with open(log, "w") as out:
        result = subprocess.run(BUILD, cwd=package, stdout=out, stderr=subprocess.STDOUT)
    elapsed = time.monotonic() - start
    if result.returncode != 0:
        sys.exit(f"build failed ({result.returncode}): see {log}")
    return elapsed, cpu_seconds() - cpu


def machine():
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                  if line.startswith("model name")), platform.processor())
    memory = next(line.split(":", 1)[1].strip() for line in open("/proc/meminfo")
                  if line.startswith("MemTotal"))
    version = subprocess.run(["swift", "--version"], capture_output=True, text=True)
    return [f"machine: {platform.system()} {platform.machine()}, {len(os.sched_getaffinity(0))} cores "
            f"(nproc), {model}, {memory} memory",
            f"kernel: {platform.release()}"] + (version.stdout + version.stderr).strip().splitlines()


def summary(times):
    return f"{statistics.median(times):7.1f} ({min(times):.1f}-{max(times):.1f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sides", default="ours,peer",
                        help="comma-separated: ours, peer, ours-macros, peer-plain (default: ours,peer)")
    parser.add_argument("--kinds", default=",".join(KINDS),
                        help="comma-separated: " + ", ".join(KINDS))
    parser.add_argument("--out", default=os.path.join(generate.REPO_ROOT, ".build-time"))
    args = parser.parse_args()
    sides = [(side, name) for side, name in SIDES if side in args.sides.split(",")]
    kinds = [kind for kind in KINDS if kind in args.kinds.split(",")]

    for line in machine():
        print(line)
    print("command: " + " ".join(BUILD), flush=True)

    generate.generate(args.out)
    logs = os.path.join(args.out, "logs")
    os.makedirs(logs, exist_ok=True)
    for side, _ in sides:
        subprocess.run(["swift", "package", "resolve"], cwd=os.path.join(args.out, side), check=True,
                       stdout=subprocess.DEVNULL)

    times = {(side, kind, clock): [] for side, _ in sides for kind in kinds for clock in CLOCKS}
    for run in range(1, args.runs + 1):
        for side, name in sides:
            package = os.path.join(args.out, side)
            steps = [("clean", lambda: delete_build_products(package)),
                     ("app only", lambda: delete_app_products(package)),
                     ("incremental", lambda: generate.touch_client(args.out, side, edit=run))]
            for kind, prepare in steps:
                if kind not in kinds:
                    continue
                prepare()
                before = load()
                log = os.path.join(logs, f"{side}-{kind.replace(' ', '-')}-{run}.log")
                wall, cpu = build(package, log)
                times[(side, kind, "wall")].append(wall)
                times[(side, kind, "cpu")].append(cpu)
                with open(os.path.join(args.out, "times.json"), "w") as file:
                    json.dump({" / ".join(key): t for key, t in times.items()}, file, indent=1)
                print(f"run {run}  {name:36} {kind:12} {wall:7.1f} s wall {cpu:7.1f} s CPU   "
                      f"load before {before:.2f}, after {load():.2f}", flush=True)

    for clock, title in CLOCKS.items():
        print()
        print(f"{title:30} " + " ".join(f"{name:>38}" for _, name in sides))
        for kind in kinds:
            print(f"{kind:30} " + " ".join(f"{summary(times[(side, kind, clock)]):>38}"
                                           for side, _ in sides))
        if ("ours", kinds[0], clock) in times and ("peer", kinds[0], clock) in times:
            for kind in kinds:
                ratio = (statistics.median(times[("ours", kind, clock)])
                         / statistics.median(times[("peer", kind, clock)]))
                print(f"{kind:30} ours / swift-dependencies + macros: {ratio:.0%}")

if __name__ == "__main__":
    main()
