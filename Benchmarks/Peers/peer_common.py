"""Shared by the Python peers: timing, memcpy yardstick, and bench's JSON schema."""
import argparse
import json
import statistics
import time

import numpy as np


def time_ms(function, iterations):
    """One warm-up call, then `iterations` timed calls; returns (median, min) in ms."""
    function()
    samples = []
    for _ in range(iterations):
        start = time.perf_counter_ns()
        function()
        samples.append((time.perf_counter_ns() - start) / 1e6)
    return statistics.median(samples), min(samples)


def memcpy_ms(byte_count, iterations):
    """Median ms of copying byte_count bytes (numpy copyto: a plain memcpy), as bench does."""
    source = np.full(byte_count, 0x5A, dtype=np.uint8)
    destination = np.zeros(byte_count, dtype=np.uint8)
    return time_ms(lambda: np.copyto(destination, source), iterations)[0]


def result(peer, kernel, case, width, height, iterations, median, minimum, bytes_moved, note=None):
    """One object of bench's JSON schema; `peer` names the library. A `note` (how the peer's
    case differs from bench's) is added as a "note" field, which compare.py ignores."""
    memcpy = memcpy_ms(max(bytes_moved // 2, 1), iterations)
    record = {
        "peer": peer, "kernel": kernel, "case": case, "width": width, "height": height,
        "threads": 1, "iterations": iterations, "median_ms": round(median, 4), "min_ms": round(minimum, 4),
        "mpix_per_s": round(width * height / (median * 1000), 2), "memcpy_ms": round(memcpy, 4),
        "ratio_to_memcpy": round(median / memcpy, 4), "instructions": None,
    }
    if note is not None:
        record["note"] = note
    return record


def emit(results):
    print(json.dumps(results, indent=1))


def run_peer(peer, families, needs_inputs=True):
    """The command line every Python peer shares: `INPUTS [--iterations K] [--kernel FAMILY]
    [--case NAME]`; `families` maps a bench kernel family to a function `cases(inputs)` that
    yields (name, (width, height), bytes_moved, run) or (name, (width, height), bytes_moved,
    run, note); times each and prints bench's JSON. A peer whose cases draw from nothing
    (`needs_inputs=False`) takes INPUTS optionally and ignores it (its `cases` gets None)."""
    parser = argparse.ArgumentParser()
    if needs_inputs:
        parser.add_argument("inputs", help="the folder `bench --save-inputs` wrote")
    else:
        parser.add_argument("inputs", nargs="?", default=None, help="accepted and ignored: these cases read no inputs")
    parser.add_argument("--iterations", type=int, default=15)
    parser.add_argument("--kernel", default="all", help="family: " + ", ".join(families) + " or all")
    parser.add_argument("--case", default=None, help="run only the case with this name")
    args = parser.parse_args()
    if args.kernel != "all" and args.kernel not in families:
        parser.error(f"unknown --kernel {args.kernel}; choose from {', '.join(families)} or all")
    results = []
    for kernel, cases in families.items():
        if args.kernel not in ("all", kernel):
            continue
        for name, (width, height), moved, run, *note in cases(None if not needs_inputs else args.inputs):
            if args.case is not None and name != args.case:
                continue
            median, minimum = time_ms(run, args.iterations)
            results.append(result(peer, kernel, name, width, height, args.iterations, median, minimum, moved, *note))
    emit(results)


SCALE_GEOMETRIES = ("4k_to_1080p", "4k_to_1000x563", "540p_to_4k")


def scale_sizes(geometry, width, height):
    """Source and destination sizes of a `bench --kernel scale` geometry for inputs of
    width x height (as ScaleCases.swift computes them)."""
    if geometry == "4k_to_1080p":
        return (width, height), (max(1, width // 2), max(1, height // 2))
    if geometry == "4k_to_1000x563":
        return (width, height), (max(1, (width * 1000 + 1920) // 3840), max(1, (height * 563 + 1080) // 2160))
    if geometry == "540p_to_4k":
        return (max(1, width // 4), max(1, height // 4)), (width, height)
    raise ValueError(geometry)
