"""Writes the Pillow reference resizes the Scaling tests compare against.

usage: Benchmarks/.build-peers-venv/bin/python Tests/PixelOpsTests/Resources/make_pillow_references.py

Run with Pillow-SIMD 12.1 (the peers' venv; plain Pillow may differ by a level in places). The
source is a deterministic 96x64 premultiplied RGBA image (smooth gradients, fine texture, an
alpha ramp with fully transparent and opaque parts). Each reference is `Image.resize` of it in
mode "RGBa" (premultiplied) with `reducing_gap=None`, optionally with a fractional `box`.
Files are raw RGBA bytes, rows top to bottom, in PillowResize/:
  source_96x64.rgba
  <filter>_<width>x<height>[_box].rgba
and cases.txt lists one case per line: filter width height box-or-"-".
"""
import os

import numpy as np
from PIL import Image

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "PillowResize")
WIDTH, HEIGHT = 96, 64
FILTERS = {
    "nearest": Image.Resampling.NEAREST,
    "box": Image.Resampling.BOX,
    "bilinear": Image.Resampling.BILINEAR,
    "bicubic": Image.Resampling.BICUBIC,
    "lanczos3": Image.Resampling.LANCZOS,
}
# (width, height, box or None): 2x and 2.6x reductions, a non-integer enlargement, and a
# fractional source rectangle.
GEOMETRIES = [
    (48, 32, None),
    (37, 25, None),
    (131, 87, None),
    (60, 44, (3.5, 2.25, 80.75, 58.5)),
]


def source_image():
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float64)
    r = 40 + 180 * x / (WIDTH - 1) + 12 * np.sin(x * 0.9) * np.cos(y * 0.7)
    g = 30 + 200 * y / (HEIGHT - 1) + 10 * np.sin((x + y) * 1.3)
    b = 128 + 100 * np.sin(x * 0.15) * np.cos(y * 0.2) + ((x.astype(int) * 7 + y.astype(int) * 13) % 11 - 5)
    a = np.clip(np.where(x < 20, 255, 255 * (1 - (x - 20) / 60) + 20 * np.sin(y * 0.5)), 0, 255)
    a[(x > 80) & (y < 20)] = 0
    straight = np.stack([r, g, b], axis=-1).clip(0, 255).round().astype(np.uint32)
    alpha = a.round().astype(np.uint32)
    premultiplied = (straight * alpha[..., None] + 127) // 255
    rgba = np.concatenate([premultiplied, alpha[..., None]], axis=-1).astype(np.uint8)
    return rgba


def main():
    os.makedirs(HERE, exist_ok=True)
    pixels = source_image()
    with open(os.path.join(HERE, f"source_{WIDTH}x{HEIGHT}.rgba"), "wb") as f:
        f.write(pixels.tobytes())
    image = Image.frombytes("RGBa", (WIDTH, HEIGHT), pixels.tobytes())
    lines = []
    for name, resample in FILTERS.items():
        for width, height, box in GEOMETRIES:
            result = image.resize((width, height), resample, box=box, reducing_gap=None)
            suffix = "_box" if box else ""
            with open(os.path.join(HERE, f"{name}_{width}x{height}{suffix}.rgba"), "wb") as f:
                f.write(result.tobytes())
            box_text = ",".join(repr(v) for v in box) if box else "-"
            lines.append(f"{name} {width} {height} {box_text}")
    with open(os.path.join(HERE, "cases.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
