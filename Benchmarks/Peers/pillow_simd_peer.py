"""Pillow-SIMD on bench's cases, reading the inputs `bench --save-inputs DIR` wrote.

usage: python pillow_simd_peer.py DIR [--iterations K]   (prints bench's JSON schema)
"""
import os

from PIL import Image

from peer_common import run_peer


def cases(inputs):
    mixed = Image.open(os.path.join(inputs, "mixed.png")).convert("RGBA")
    mixed.load()
    premultiplied = mixed.convert("RGBa")
    photo_gray = Image.open(os.path.join(inputs, "photo.png")).convert("L")
    w, h = mixed.size
    yield "premultiply_rgba8", (w, h), w * h * 8, lambda: mixed.convert("RGBa")
    yield "unpremultiply_rgba8", (w, h), w * h * 8, lambda: premultiplied.convert("RGBA")
    yield "expand_gray8", photo_gray.size, w * h * 5, lambda: photo_gray.convert("RGBA")


def main():
    run_peer("Pillow-SIMD", "convert", cases)


if __name__ == "__main__":
    main()
