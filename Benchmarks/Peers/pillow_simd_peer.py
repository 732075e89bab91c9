"""Pillow-SIMD (or plain Pillow) on bench's cases, reading the inputs `bench --save-inputs DIR` wrote.

usage: python pillow_simd_peer.py DIR [--iterations K] [--kernel convert|scale|sequence|all] [--case NAME]
(prints bench's JSON schema; run it with Benchmarks/.build-peers-venv/bin/python for Pillow-SIMD or
Benchmarks/.build-pillow-venv/bin/python for plain Pillow: the "peer" field says which one loaded)

Scale cases: `Image.resize` on the premultiplied ("RGBa") photo with the matching filter and
`reducing_gap=None` (plain convolution, no pre-reduction), single-threaded as Pillow always is.
Pillow has no Mitchell filter, so `mitchell_*` has no Pillow-SIMD figure.

Sequence cases: one iteration is one whole playback into a 375x667-point view at @2x, a 750x1334
white opaque "RGBA" canvas; each frame is aspect-fit to the 750x750 rect at (0, 292). Per frame:
reset the canvas to white (`paste` of a fill colour, in place), resize the frame to 750x750 with
BILINEAR in premultiplied "RGBa", `convert("RGBA")`, and `alpha_composite` it at (0, 292).
- `tiff_raw`, `tiff_deflate`: open `sequence_raw.tif` / `sequence_deflate.tif` (60 pages of 512x512
  associated-alpha RGBA, uncompressed / Adobe Deflate) inside the timed call, then seek, decode and
  draw every page. Pillow decodes associated alpha to straight "RGBA" (it unpremultiplies on load),
  so each page is converted back to "RGBa" before the resize (a cheap pass next to the resize).
- `sprite_sheet`: `sprite_sheet.png` (1024x1024, a 4x4 grid of 256x256 frames, row by row) is
  decoded and premultiplied once outside timing; a playback crops each of the 16 cells and draws it.
For this family glibc's malloc is told to keep freed memory (`keep_freed_memory`), so the
per-frame images Pillow allocates afresh do not page-fault new memory from the OS every frame.
A sequence case whose input file is missing is skipped (with a line on stderr).
Deflate TIFFs need Pillow built with libtiff (`PIL.features.check("libtiff")`).
"""
import ctypes
import ctypes.util
import os
import sys
from importlib import metadata

import PIL
from PIL import Image

from peer_common import SCALE_GEOMETRIES, run_peer, scale_sizes

SCALE_FILTERS = {
    "nearest": Image.Resampling.NEAREST,
    "box": Image.Resampling.BOX,
    "bilinear": Image.Resampling.BILINEAR,
    "bicubic": Image.Resampling.BICUBIC,
    "lanczos3": Image.Resampling.LANCZOS,
}


def peer_name():
    """"Pillow-SIMD" or "Pillow": whichever distribution installed the `PIL` that was imported
    (Pillow-SIMD's versions also carry a ".post" suffix, the fallback where metadata is missing)."""
    try:
        owners = {name.lower() for name in metadata.packages_distributions().get("PIL", [])}
    except Exception:
        owners = set()
    if owners == {"pillow-simd"} or (not owners and ".post" in PIL.__version__):
        return "Pillow-SIMD"
    if owners == {"pillow"}:
        return "Pillow"
    return "Pillow-SIMD" if ".post" in PIL.__version__ else "Pillow"


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


VIEW_SIZE = (750, 1334)          # 375x667 points at @2x: the view's backing store
FRAME_RECT = (0, 292, 750, 750)  # aspect-fit of a square frame: x, y, width, height
WHITE = (255, 255, 255, 255)
TIFF_PAGES = 60
SHEET_GRID = 4                   # 4x4 cells of 256x256 in the 1024x1024 sheet


class Playback:
    """The view's canvas and the per-frame work both sequence sources share."""

    def __init__(self):
        self.canvas = Image.new("RGBA", VIEW_SIZE, WHITE)
        self.everything = (0, 0) + VIEW_SIZE
        self.size = FRAME_RECT[2:]
        self.dest = FRAME_RECT[:2]

    def draw(self, premultiplied):
        """Resets the canvas to white and composites one "RGBa" frame, resized, onto it."""
        self.canvas.paste(WHITE, self.everything)
        frame = premultiplied.resize(self.size, Image.Resampling.BILINEAR).convert("RGBA")
        self.canvas.alpha_composite(frame, self.dest)


def keep_freed_memory():
    """Tells glibc's malloc to keep freed memory instead of handing it back to the OS (mallopt:
    no trimming, no mmap below 32 MiB), as a long-running player's allocator settles into. Pillow
    allocates every intermediate image afresh, and by default each frame's few MiB went back to the
    OS and faulted in again (in a VM that tripled Pillow-SIMD's TIFF playback); Pillow's own block
    cache (PILLOW_BLOCKS_MAX) helped the TIFF cases less and slowed the sprite sheet. Returns
    whether it took effect (False off glibc)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        m_trim_threshold, m_mmap_threshold = -1, -3
        return bool(libc.mallopt(m_trim_threshold, 1 << 30)) and bool(libc.mallopt(m_mmap_threshold, 32 << 20))
    except (OSError, AttributeError):
        return False


def sequence_cases(inputs):
    width, height = VIEW_SIZE
    # Runs when the family's first case is drawn, so families timed before it are unaffected.
    # PEER_DEFAULT_MALLOC=1 leaves glibc's defaults (what a Pillow user gets unless they tune it).
    tuned = os.environ.get("PEER_DEFAULT_MALLOC", "0") == "0" and keep_freed_memory()
    allocator = "glibc malloc keeps freed memory (mallopt)" if tuned else "default allocator"

    playback = Playback()

    def tiff_playback(path):
        with Image.open(path) as tiff:
            for index in range(TIFF_PAGES):
                tiff.seek(index)
                tiff.load()
                playback.draw(tiff if tiff.mode == "RGBa" else tiff.convert("RGBa"))

    for name, file in (("tiff_raw", "sequence_raw.tif"), ("tiff_deflate", "sequence_deflate.tif")):
        path = os.path.join(inputs, file)
        if not os.path.exists(path):
            print(f"pillow_simd_peer: no {path}, skipping {name}", file=sys.stderr)
            continue
        note = (f"opens {file} per playback; each of {TIFF_PAGES} pages: seek+decode (Pillow unpremultiplies "
                "associated alpha on load, so convert back to RGBa), resize 750x750 BILINEAR in RGBa, "
                "convert RGBA, alpha_composite at (0,292) onto a 750x1334 canvas reset to white by an in-place paste; "
                f"{allocator}")
        yield (name, VIEW_SIZE, width * height * 4 * 2 * TIFF_PAGES, lambda p=path: tiff_playback(p), note)

    sheet_path = os.path.join(inputs, "sprite_sheet.png")
    if not os.path.exists(sheet_path):
        print(f"pillow_simd_peer: no {sheet_path}, skipping sprite_sheet", file=sys.stderr)
        return
    with Image.open(sheet_path) as png:
        sheet = png.convert("RGBA").convert("RGBa")
    cell_w, cell_h = sheet.width // SHEET_GRID, sheet.height // SHEET_GRID
    cells = [(col * cell_w, row * cell_h, (col + 1) * cell_w, (row + 1) * cell_h)
             for row in range(SHEET_GRID) for col in range(SHEET_GRID)]

    def sheet_playback():
        for box in cells:
            playback.draw(sheet.crop(box))

    note = (f"sheet decoded and premultiplied (RGBa) once outside timing; each of {len(cells)} frames: crop the "
            "256x256 cell, resize 750x750 BILINEAR in RGBa, convert RGBA, alpha_composite at (0,292) onto a "
            f"750x1334 canvas reset to white by an in-place paste; {allocator}")
    yield ("sprite_sheet", VIEW_SIZE, width * height * 4 * 2 * len(cells), sheet_playback, note)


def main():
    run_peer(peer_name(), {"convert": convert_cases, "scale": scale_cases, "sequence": sequence_cases})


if __name__ == "__main__":
    main()
