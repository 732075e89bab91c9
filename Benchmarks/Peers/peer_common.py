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


def result(peer, kernel, case, width, height, iterations, median, minimum, bytes_moved):
    """One object of bench's JSON schema; `peer` names the library."""
    memcpy = memcpy_ms(max(bytes_moved // 2, 1), iterations)
    return {
        "peer": peer, "kernel": kernel, "case": case, "width": width, "height": height,
        "threads": 1, "iterations": iterations, "median_ms": round(median, 4), "min_ms": round(minimum, 4),
        "mpix_per_s": round(width * height / (median * 1000), 2), "memcpy_ms": round(memcpy, 4),
        "ratio_to_memcpy": round(median / memcpy, 4), "instructions": None,
    }


def emit(results):
    print(json.dumps(results, indent=1))


def run_peer(peer, kernel, cases):
    """The command line every Python peer shares: `INPUTS [--iterations K]`; times each
    (name, (width, height), bytes_moved, run) from `cases(inputs)` and prints bench's JSON."""
    parser = argparse.ArgumentParser()
    parser.add_argument("inputs", help="the folder `bench --save-inputs` wrote")
    parser.add_argument("--iterations", type=int, default=15)
    args = parser.parse_args()
    results = []
    for name, (width, height), moved, run in cases(args.inputs):
        median, minimum = time_ms(run, args.iterations)
        results.append(result(peer, kernel, name, width, height, args.iterations, median, minimum, moved))
    emit(results)
