"""Merges bench's JSON with the peers' into one table: ours, each peer, and the ratio.

usage: python compare.py --ours ours*.json --peers pixman*.json opencv.json [--markdown]

Several files per side are rounds of the same measurement (run them alternately, ours then the
peer's, so both see the same machine state): each case takes its fastest median over the rounds,
as noise on a shared machine only ever adds time. A ratio below 1 means PixelOps took less time
than the peer on the same pixels.
"""
import argparse
import json


def best_medians(paths):
    """(kernel, case, peer name) -> the fastest record of that case over all files."""
    best = {}
    for path in paths:
        with open(path) as f:
            for record in json.load(f):
                key = (record["kernel"], record["case"], record.get("peer", "PixelOps"))
                if key not in best or record["median_ms"] < best[key]["median_ms"]:
                    best[key] = record
    return best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ours", nargs="+", required=True)
    parser.add_argument("--peers", nargs="+", required=True)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    ours = {(k, c): r for (k, c, _), r in best_medians(args.ours).items()}
    rows = []
    for (kernel, case, peer), theirs in best_medians(args.peers).items():
        mine = ours.get((kernel, case))
        if mine is None or (mine["width"], mine["height"]) != (theirs["width"], theirs["height"]):
            continue
        rows.append((f"{kernel}/{case}", f'{mine["width"]}x{mine["height"]}', mine["threads"], mine["median_ms"],
                     peer, theirs["threads"], theirs["median_ms"], mine["median_ms"] / theirs["median_ms"]))
    header = ("case", "size", "thr", "PixelOps ms", "peer", "thr", "peer ms", "ours / peer")
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for r in rows:
            print(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]:.3f} | {r[4]} | {r[5]} | {r[6]:.3f} | {r[7]:.2f} |")
    else:
        print(f"{header[0]:<36} {header[1]:<10} {header[2]:>3} {header[3]:>11}  {header[4]:<12} {header[5]:>3} "
              f"{header[6]:>8} {header[7]:>11}")
        for r in rows:
            print(f"{r[0]:<36} {r[1]:<10} {r[2]:>3} {r[3]:>11.3f}  {r[4]:<12} {r[5]:>3} {r[6]:>8.3f} {r[7]:>11.2f}")


if __name__ == "__main__":
    main()
