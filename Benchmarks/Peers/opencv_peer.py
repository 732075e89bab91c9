"""OpenCV on bench's cases, single-threaded, reading the inputs `bench --save-inputs DIR` wrote.

usage: python opencv_peer.py DIR [--iterations K]   (prints bench's JSON schema)
"""
import os

import cv2
import numpy as np

from peer_common import run_peer


def cases(inputs):
    # cv2 reads BGRA; reorder to RGBA so every case sees bench's byte order.
    mixed = cv2.cvtColor(cv2.imread(os.path.join(inputs, "mixed.png"), cv2.IMREAD_UNCHANGED), cv2.COLOR_BGRA2RGBA)
    premultiplied = cv2.cvtColor(mixed, cv2.COLOR_RGBA2mRGBA)
    gray = cv2.cvtColor(cv2.imread(os.path.join(inputs, "photo.png"), cv2.IMREAD_UNCHANGED), cv2.COLOR_BGRA2GRAY)
    h, w = mixed.shape[:2]
    out4 = np.empty_like(mixed)
    yield "premultiply_rgba8", (w, h), w * h * 8, lambda: cv2.cvtColor(mixed, cv2.COLOR_RGBA2mRGBA, dst=out4)
    yield "unpremultiply_rgba8", (w, h), w * h * 8, lambda: cv2.cvtColor(premultiplied, cv2.COLOR_mRGBA2RGBA, dst=out4)
    yield "swizzle_rgba8_bgra8", (w, h), w * h * 8, lambda: cv2.cvtColor(premultiplied, cv2.COLOR_RGBA2BGRA, dst=out4)
    yield "expand_gray8", (w, h), w * h * 5, lambda: cv2.cvtColor(gray, cv2.COLOR_GRAY2RGBA, dst=out4)


def main():
    cv2.setNumThreads(1)
    run_peer("OpenCV", "convert", cases)


if __name__ == "__main__":
    main()
