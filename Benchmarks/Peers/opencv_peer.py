"""OpenCV on bench's cases, single-threaded, reading the inputs `bench --save-inputs DIR` wrote.

usage: python opencv_peer.py DIR [--iterations K] [--kernel convert|scale|all] [--case NAME]
(prints bench's JSON schema)

Scale cases, on the photo as RGBA (read as RGB, alpha 255 added; opaque, so premultiplied is the same bytes):
INTER_NEAREST for `nearest_*`, INTER_AREA (area averaging, antialiased) for the box reductions,
INTER_LINEAR and INTER_CUBIC (plain interpolation) for the bilinear and bicubic enlargement.
OpenCV's linear and cubic reductions do not antialias, so they are not compared with ours.
"""
import os

import cv2
import numpy as np

from peer_common import SCALE_GEOMETRIES, run_peer, scale_sizes


def convert_cases(inputs):
    # cv2 reads BGRA; reorder to RGBA so every case sees bench's byte order.
    mixed = cv2.cvtColor(cv2.imread(os.path.join(inputs, "mixed.png"), cv2.IMREAD_UNCHANGED), cv2.COLOR_BGRA2RGBA)
    premultiplied = cv2.cvtColor(mixed, cv2.COLOR_RGBA2mRGBA)
    # photo.png is opaque, so bench writes it as RGB: read it as 3-channel BGR.
    gray = cv2.cvtColor(cv2.imread(os.path.join(inputs, "photo.png"), cv2.IMREAD_COLOR), cv2.COLOR_BGR2GRAY)
    h, w = mixed.shape[:2]
    out4 = np.empty_like(mixed)
    yield "premultiply_rgba8", (w, h), w * h * 8, lambda: cv2.cvtColor(mixed, cv2.COLOR_RGBA2mRGBA, dst=out4)
    yield "unpremultiply_rgba8", (w, h), w * h * 8, lambda: cv2.cvtColor(premultiplied, cv2.COLOR_mRGBA2RGBA, dst=out4)
    yield "swizzle_rgba8_bgra8", (w, h), w * h * 8, lambda: cv2.cvtColor(premultiplied, cv2.COLOR_RGBA2BGRA, dst=out4)
    yield "expand_gray8", (w, h), w * h * 5, lambda: cv2.cvtColor(gray, cv2.COLOR_GRAY2RGBA, dst=out4)


def scale_cases(inputs):
    # An RGB file (bench writes opaque inputs as RGB); alpha 255 added, as bench's photo has.
    photo = cv2.cvtColor(cv2.imread(os.path.join(inputs, "photo.png"), cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGBA)
    height, width = photo.shape[:2]
    for geometry in SCALE_GEOMETRIES:
        (sw, sh), (dw, dh) = scale_sizes(geometry, width, height)
        source = np.ascontiguousarray(photo[:sh, :sw])
        output = np.empty((dh, dw, 4), dtype=np.uint8)
        enlarging = dw > sw
        methods = {"nearest": cv2.INTER_NEAREST}
        if enlarging:
            methods.update({"bilinear": cv2.INTER_LINEAR, "bicubic": cv2.INTER_CUBIC})
        else:
            methods["box"] = cv2.INTER_AREA
        for name, method in methods.items():
            run = (lambda s=source, o=output, d=(dw, dh), m=method: cv2.resize(s, d, dst=o, interpolation=m))
            yield f"{name}_{geometry}", (dw, dh), (sw * sh + dw * dh) * 4, run


def main():
    cv2.setNumThreads(1)
    run_peer("OpenCV", {"convert": convert_cases, "scale": scale_cases})


if __name__ == "__main__":
    main()
