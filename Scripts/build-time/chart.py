#!/usr/bin/env python3
"""Draws the build-time comparison as an SVG bar chart.

Usage: python3 Scripts/build-time/chart.py .build-time/times.json Docs/build-time.svg

Reads the times.json that measure.py writes (seconds per run, by side, build and clock) and
draws, per build (clean, app only, incremental), the median CPU seconds of each side, with the
ratio ours / swift-dependencies. Python 3 standard library only.
"""

import json
import statistics
import sys

BUILDS = ["clean", "app only", "incremental"]
SIDES = [("ours", "swift-composable-deps", "#2f6fb0"), ("peer", "swift-dependencies 1.17.1", "#c0504d")]
WIDTH, LEFT, BAR, GAP, TOP = 720, 170, 18, 22, 56


def main():
    source, target = sys.argv[1], sys.argv[2]
    with open(source) as file:
        times = json.load(file)
    median = {key: statistics.median(values) for key, values in times.items()}
    largest = max(median[f"{side} / {build} / cpu"] for side, _, _ in SIDES for build in BUILDS)
    scale = (WIDTH - LEFT - 150) / largest
    height = TOP + len(BUILDS) * (2 * BAR + GAP) + 30
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
        '<text x="10" y="20" font-size="14" font-weight="bold">Debug build of the same app core '
        '(50 clients, 20 features, 60 tests): CPU seconds, median of 3</text>',
    ]
    for index, (_, name, color) in enumerate(SIDES):
        x = LEFT + index * 220
        parts.append(f'<rect x="{x}" y="30" width="12" height="12" fill="{color}"/>')
        parts.append(f'<text x="{x + 18}" y="40">{name}</text>')
    y = TOP
    for build in BUILDS:
        ours, peer = (median[f"{side} / {build} / cpu"] for side in ("ours", "peer"))
        parts.append(f'<text x="10" y="{y + BAR + 4}">{build}</text>')
        parts.append(f'<text x="10" y="{y + BAR + 18}" fill="#555">ours / theirs {ours / peer:.0%}</text>')
        for offset, (side, _, color) in enumerate(SIDES):
            seconds = median[f"{side} / {build} / cpu"]
            top = y + offset * BAR
            width = max(1, seconds * scale)
            parts.append(f'<rect x="{LEFT}" y="{top}" width="{width:.1f}" height="{BAR - 2}" fill="{color}"/>')
            parts.append(f'<text x="{LEFT + width + 6:.1f}" y="{top + BAR - 5}">{seconds:.1f} s</text>')
        y += 2 * BAR + GAP
    parts.append("</svg>")
    with open(target, "w") as file:
        file.write("\n".join(parts) + "\n")


if __name__ == "__main__":
    main()
