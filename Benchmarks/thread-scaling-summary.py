#!/usr/bin/env python3
"""Summarises Benchmarks/device-thread-scaling.sh results: for every case and build, the median
over rounds of each round's 1-thread median time over its 2-thread (pinned: t2, and t2b for the
second pair where one was timed) and all-core median times, and of each round's in-process
speed-up on the pair (`bench --scaling`: s2), with the middle half of the rounds in brackets. A
round whose file is missing or unreadable (a run that failed) is left out.

usage: thread-scaling-summary.py RESULTS_DIR BUILD[,BUILD...]
"""
import glob
import json
import statistics
import sys


def load(path):
    return {(r["case"], r["width"]): r for r in json.load(open(path))}


def rounds(directory, build, setting):
    """Each round's results by round number, for the rounds whose file parses."""
    found = {}
    for path in glob.glob(f"{directory}/{build}-{setting}-r*.json"):
        try:
            found[int(path.rsplit("-r", 1)[1].split(".")[0])] = load(path)
        except (ValueError, KeyError, json.JSONDecodeError):
            continue
    return found


def main():
    directory, builds = sys.argv[1], sys.argv[2].split(",")
    data = {b: {s: rounds(directory, b, s) for s in ("t1", "t2", "t2b", "t16", "s2")} for b in builds}
    cases = list(next(iter(data[builds[0]]["t1"].values())).keys())
    for setting, label in (("t2", "two pinned cores"), ("t2b", "the second pair (PAIR2)"), ("t16", "all cores")):
        if not data[builds[0]][setting]:
            continue
        print(f"1 thread / {label}: median [p25-p75] over rounds")
        for case in cases:
            line = f"  {case[0]:28s} {case[1]:4d}"
            for build in builds:
                one, many = data[build]["t1"], data[build][setting]
                if not many:
                    continue
                ratios = sorted(one[r][case]["median_ms"] / many[r][case]["median_ms"] for r in one if r in many)
                n = len(ratios)
                line += f" | {build}: {statistics.median(ratios):.2f} [{ratios[n // 4]:.2f}-{ratios[3 * n // 4]:.2f}]"
            print(line)
    if data[builds[0]]["s2"]:
        print("in-process speed-up on two pinned cores (bench --scaling): median [p25-p75] over rounds")
        for case in cases:
            line = f"  {case[0]:28s} {case[1]:4d}"
            for build in builds:
                speedups = sorted(r[case]["speed_up"] for r in data[build]["s2"].values() if case in r)
                if not speedups:
                    continue
                n = len(speedups)
                line += f" | {build}: {statistics.median(speedups):.2f} [{speedups[n // 4]:.2f}-{speedups[3 * n // 4]:.2f}]"
            print(line)
    for build in builds:
        one = data[build]["t1"]
        dithered = sorted(
            r[("linear_4stop_dithered_tile", 480)]["median_ms"] / r[("linear_4stop_tile", 480)]["median_ms"]
            for r in one.values()
            if ("linear_4stop_dithered_tile", 480) in r and ("linear_4stop_tile", 480) in r
        )
        if not dithered:
            continue
        print(f"{build}: dithered / plain tile, 1 thread, median over {len(dithered)} rounds: {statistics.median(dithered):.3f}")


main()
