#!/usr/bin/env python3
"""Draws Docs/performance.svg from the output of the Benchmarks package.

    swift run -c release --package-path Benchmarks Benchmarks > /tmp/bench.txt
    python3 Scripts/benchmark-chart.py /tmp/bench.txt Docs/performance.svg

The chart compares this library with swift-dependencies and Swinject on rows that do the same
work on both sides (Docs/Performance.md, "Rows set against the peers"): a read through a model
made outside any scope, a read through a model made in a `withDependencies` scope, a scope with
one override and a model made and read in it, and a shared service object. Bars are median
nanoseconds per operation on a logarithmic scale (the values span three orders of magnitude).
Python 3 standard library only.
"""

import math
import re
import sys
from xml.sax.saxutils import escape

# (section, label, benchmark group, benchmark row, whose)
BARS = [
    ("Read, model made outside any scope", "GlobalDeps @Dependency", "GlobalDeps",
     "read, default value, model made outside any scope", "ours"),
    ("Read, model made outside any scope", "swift-dependencies @Dependency", "swift-dependencies",
     "read, default value, model made outside any scope", "peer"),
    ("Read, model made in withDependencies { set }", "GlobalDeps @Dependency", "GlobalDeps",
     "read, model made in withDependencies { set }", "ours"),
    ("Read, model made in withDependencies { set }", "swift-dependencies @Dependency",
     "swift-dependencies", "read, model made in withDependencies { set }", "peer"),
    ("withDependencies { set } operation: { Model().x }", "GlobalDeps withDependencies", "GlobalDeps",
     "withDependencies { set } + one read", "ours"),
    ("withDependencies { set } operation: { Model().x }", "swift-dependencies withDependencies",
     "swift-dependencies", "withDependencies { set } + one read", "peer"),
    ("A shared service object, then .value", "GlobalDeps @Dependency", "GlobalDeps",
     "read of a shared service object (default built once)", "ours"),
    ("A shared service object, then .value", "Swinject resolve", "Swinject", "resolve (container scope)",
     "peer"),
]
COLORS = {"ours": "#2f6fb0", "peer": "#b0b0b0"}


def parse(text):
    """Maps (group, row) to median ns/op, from the benchmark's table."""
    rows, group = {}, None
    for line in text.splitlines():
        if line.startswith("-- "):
            group = line[3:].strip()
            continue
        # ns/op has two decimals; a wide value runs into the ratio columns after it.
        match = re.match(r"^(.*?)\s{2,}([0-9]+\.[0-9]{2})[0-9. ]*$", line)
        if group and match:
            rows[(group, match.group(1).strip())] = float(match.group(2))
    return rows


def svg(rows):
    width, left, right, bar, gap, top = 760, 250, 90, 20, 6, 50
    plot = width - left - right
    values = [rows[(group, row)] for _, _, group, row, _ in BARS]
    low = 10 ** math.floor(math.log10(min(values)))
    high = 10 ** math.ceil(math.log10(max(values)))

    def x(value):
        return left + plot * (math.log10(value) - math.log10(low)) / (
            math.log10(high) - math.log10(low))

    parts, y, section = [], top, None
    for title, label, group, row, whose in BARS:
        if title != section:
            section = title
            y += 14
            parts.append(f'<text x="10" y="{y}" font-weight="bold">{escape(title)}</text>')
            y += 10
        value = rows[(group, row)]
        parts.append(f'<text x="{left - 8}" y="{y + bar - 6}" text-anchor="end">{escape(label)}</text>')
        parts.append(f'<rect x="{left}" y="{y}" width="{x(value) - left:.1f}" height="{bar}" '
                     f'fill="{COLORS[whose]}"/>')
        parts.append(f'<text x="{x(value) + 6:.1f}" y="{y + bar - 6}">{value:,.1f} ns</text>')
        y += bar + gap
    axis_y = y + 8
    decade = low
    while decade <= high:
        parts.append(f'<line x1="{x(decade):.1f}" y1="{top}" x2="{x(decade):.1f}" y2="{axis_y}" '
                     'stroke="#ddd"/>')
        parts.append(f'<text x="{x(decade):.1f}" y="{axis_y + 14}" text-anchor="middle">'
                     f'{decade:g} ns</text>')
        decade *= 10
    height = axis_y + 40
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'font-family="sans-serif" font-size="12">'
            f'<rect width="{width}" height="{height}" fill="white"/>'
            f'<text x="10" y="22" font-size="15" font-weight="bold">Median ns per operation '
            f'(log scale; shorter is faster)</text>'
            f'<rect x="{width - 250}" y="30" width="12" height="12" fill="{COLORS["ours"]}"/>'
            f'<text x="{width - 233}" y="40">swift-composable-deps</text>'
            f'<rect x="{width - 110}" y="30" width="12" height="12" fill="{COLORS["peer"]}"/>'
            f'<text x="{width - 93}" y="40">peers</text>')
    # Grid lines first, so bars draw over them.
    grid = [p for p in parts if p.startswith("<line") or "text-anchor=\"middle\"" in p]
    rest = [p for p in parts if p not in grid]
    return head + "".join(grid + rest) + "</svg>\n"


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: benchmark-chart.py BENCHMARK_OUTPUT.txt OUTPUT.svg")
    with open(sys.argv[1]) as file:
        rows = parse(file.read())
    missing = [f"{group}: {row}" for _, _, group, row, _ in BARS if (group, row) not in rows]
    if missing:
        sys.exit("benchmark output lacks rows:\n  " + "\n  ".join(missing))
    with open(sys.argv[2], "w") as file:
        file.write(svg(rows))


if __name__ == "__main__":
    main()
