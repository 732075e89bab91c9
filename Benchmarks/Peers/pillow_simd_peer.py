"""Pillow-SIMD on bench's cases, reading the inputs `bench --save-inputs DIR` wrote.

usage: python pillow_simd_peer.py DIR [--iterations K] [--kernel convert|scale|all] [--case NAME]
(prints bench's JSON schema)

Scale cases: `Image.resize` on the premultiplied ("RGBa") photo with the matching filter and
`reducing_gap=None` (plain convolution, no pre-reduction), single-threaded as Pillow always is.
Pillow has no Mitchell filter, so `mitchell_*` has no Pillow-SIMD figure.
"""
import os

from PIL import Image

from peer_common import SCALE_GEOMETRIES, run_peer, scale_sizes

SCALE_FILTERS = {
    "nearest": Image.Resampling.NEAREST,
    "box": Image.Resampling.BOX,
    "bilinear": Image.Resampling.BILINEAR,
    "bicubic": Image.Resampling.BICUBIC,
    "lanczos3": Image.Resampling.LANCZOS,
}


def convert_cases(inputs):
    mixed = Image.open(os.path.join(inputs, "mixed.png")).convert("RGBA")
    mixed.load()
    premultiplied = mixed.convert("RGBa")
    photo_gray = Image.open(os.path.join(inputs, "photo.png")).convert("L")
    w, h = mixed.size
    yield "premultiply_rgba8", (w, h), w * h * 8, lambda: mixed.convert("RGBa")
    yield "unpremultiply_rgba8", (w, h), w * h * 8, lambda: premultiplied.convert("RGBA")
    yield "expand_gray8", photo_gray.size, w * h * 5, lambda: photo_gray.convert("RGBA")


def scale_cases(inputs):
    photo = Image.open(os.path.join(inputs, "photo.png")).convert("RGBA").convert("RGBa")
    photo.load()
    width, height = photo.size
    for geometry in SCALE_GEOMETRIES:
        (sw, sh), (dw, dh) = scale_sizes(geometry, width, height)
        source = photo if (sw, sh) == (width, height) else photo.crop((0, 0, sw, sh))
        source.load()
        for name, resample in SCALE_FILTERS.items():
            run = (lambda s=source, d=(dw, dh), r=resample: s.resize(d, r, reducing_gap=None))
            yield f"{name}_{geometry}", (dw, dh), (sw * sh + dw * dh) * 4, run


def main():
    run_peer("Pillow-SIMD", {"convert": convert_cases, "scale": scale_cases})


if __name__ == "__main__":
    main()
