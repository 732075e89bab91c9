"""Merges bench's JSON with the peers' into one table: ours, each peer, and the ratio.

usage: python compare.py ours.json peer1.json [peer2.json ...] [--markdown]
A ratio below 1 means PixelOps took less time than the peer on the same pixels in the same run.
"""
import argparse
import json


def load(path):
    with open(path) as f:
        return json.load(f)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("ours")
    parser.add_argument("peers", nargs="+")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    ours = {(r["kernel"], r["case"]): r for r in load(args.ours)}
    rows = []
    for path in args.peers:
        for peer in load(path):
            key = (peer["kernel"], peer["case"])
            if key not in ours:
                continue
            mine = ours[key]
            if (mine["width"], mine["height"]) != (peer["width"], peer["height"]):
                continue
            rows.append((f'{key[0]}/{key[1]}', f'{mine["width"]}x{mine["height"]}', mine["threads"],
                         mine["median_ms"], peer.get("peer", path), peer["threads"], peer["median_ms"],
                         mine["median_ms"] / peer["median_ms"]))
    header = ("case", "size", "thr", "PixelOps ms", "peer", "thr", "peer ms", "ours / peer")
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for r in rows:
            print(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]:.3f} | {r[4]} | {r[5]} | {r[6]:.3f} | {r[7]:.2f} |")
    else:
        print(f"{header[0]:<36} {header[1]:<10} {header[2]:>3} {header[3]:>11}  {header[4]:<12} {header[5]:>3} {header[6]:>8} {header[7]:>11}")
        for r in rows:
            print(f"{r[0]:<36} {r[1]:<10} {r[2]:>3} {r[3]:>11.3f}  {r[4]:<12} {r[5]:>3} {r[6]:>8.3f} {r[7]:>11.2f}")


if __name__ == "__main__":
    main()
