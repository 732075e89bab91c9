"""Blend2D on bench's `gradient` cases, single-threaded (the default synchronous BLContext).

usage: python blend2d_peer.py [DIR] [--iterations K] [--kernel gradient|all] [--case NAME]
(prints bench's JSON schema; DIR, the folder `bench --save-inputs` wrote, is accepted and
ignored: gradients read no input pixels)

Each case gets a fresh BLImage (PRGB32: premultiplied 32-bit), filled with opaque white once
before timing; every timed call fills the whole image with the gradient, source-over (the
context's default), onto what the earlier calls left, and flushes the context, so the time
includes the rendering. Stop colours are straight RGBA; Blend2D premultiplies them itself.
This binding (blend2d-python 1.0.0, Blend2D 0.8.0) takes colours as float tuples in 0...1:
8-bit integer tuples are misread, not rejected.

- `linear_4stop`: 4 stops, from (0, 0) to (W, H), pad extend (Blend2D's default).
- `radial_3stop`: stops 0, 0.33 and 1, centre and focal point (W/2, H/2), radius H/2: the
  circles of radius 0 and H/2 about the centre; pad extend.
- `conic_4stop`: the 4 stops around (W/2, H/2), angle 0 (along +x); Blend2D's parameter is
  atan2(dy, dx) / 2π, so the stops run clockwise on screen (y down). The binding's
  `create_conical_gradient` leaves the conic's `repeat` value at 0, which draws stop 0's colour
  everywhere (no per-pixel angle at all); it is set to 1 here (value index 3).
- `linear_4stop_dithered`: drawn plain, as the record's "note" says: the binding exposes no
  context hints, so no gradient-quality (dither) setting.
- `linear_4stop_steep`: the 4 stops from (0, 0) to (W/8, H).
- `radial_3stop_focal`: stops 0, 0.33 and 1, centre (W/2, H/2), radius H/2, focal point
  (W/2 - H/4, H/2 - H/8): bench's two circles, radius 0 at the focal point and H/2 at the centre.
- `conic_4stop_rotated`: `conic_4stop` from angle π/6 (clockwise on screen, as bench's).
- `conic_hard_stops`: 16 stripes alternating the first and the last colour of the 4 stops
  (each edge two stops at one offset), around (W/2, H/2) from angle π/6. The same stripes, not
  the same pixels: Blend2D's colour table places each stop at a table entry, so its edges can
  move by up to half an entry (bench decides each pixel beside an edge from the exact angle).
- `radial_hard_stops`: the same 16 stripes as rings, centre and focal point (W/2, H/2), radius
  H/2, pad extend (as `radial_3stop` draws its stops).
Each at 3840x2160 and as `<name>_tile` at 480x270. `bytes_moved` is the destination read and
written (8 bytes per pixel), as for bench's solid fill.
"""
import math

import blend2d as bl

from peer_common import run_peer

SIZES = (((3840, 2160), ""), ((480, 270), "_tile"))

# (offset, (red, green, blue, alpha)), straight RGBA in 0...1.
STOPS_4 = (
    (0.0, (1.0, 0.5, 0.0, 1.0)),
    (0.33, (0.0, 1.0, 1.0, 1.0)),
    (0.66, (0.5, 0.0, 0.5, 0.5)),
    (1.0, (0.0, 0.0, 1.0, 1.0)),
)
STOPS_3 = (STOPS_4[0], STOPS_4[1], STOPS_4[3])
# 16 stripes: STOPS_4's first colour over 2k/16 ... (2k+1)/16, its last over the others.
STOPS_STRIPES = tuple(
    (offset / 16, (STOPS_4[0] if stripe % 2 == 0 else STOPS_4[3])[1])
    for stripe in range(16) for offset in (stripe, stripe + 1))


DITHER_NOTE = "drawn plain: blend2d-python exposes no gradient-quality (dither) hint"
# Index of BLConicGradientValues' `repeat` (x0, y0, angle, repeat).
CONIC_REPEAT = 3


def with_stops(gradient, stops):
    for offset, color in stops:
        gradient.add_stop(offset, tuple(float(channel) for channel in color))
    return gradient


def conic(x, y, angle):
    gradient = bl.create_conical_gradient(x, y, angle)
    gradient.set_value(CONIC_REPEAT, 1.0)
    return gradient


def gradient_cases(_inputs):
    for (width, height), suffix in SIZES:
        shapes = (
            ("linear_4stop", lambda: with_stops(bl.create_linear_gradient(0, 0, width, height), STOPS_4), False),
            ("radial_3stop", lambda: with_stops(
                bl.create_radial_gradient(width / 2, height / 2, width / 2, height / 2, height / 2), STOPS_3), False),
            ("conic_4stop", lambda: with_stops(conic(width / 2, height / 2, 0.0), STOPS_4), False),
            ("linear_4stop_dithered",
             lambda: with_stops(bl.create_linear_gradient(0, 0, width, height), STOPS_4), True),
            ("linear_4stop_steep",
             lambda: with_stops(bl.create_linear_gradient(0, 0, width / 8, height), STOPS_4), False),
            ("radial_3stop_focal", lambda: with_stops(
                bl.create_radial_gradient(
                    width / 2, height / 2, width / 2 - height / 4, height / 2 - height / 8, height / 2),
                STOPS_3), False),
            ("conic_4stop_rotated", lambda: with_stops(conic(width / 2, height / 2, math.pi / 6), STOPS_4), False),
            ("conic_hard_stops",
             lambda: with_stops(conic(width / 2, height / 2, math.pi / 6), STOPS_STRIPES), False),
            ("radial_hard_stops", lambda: with_stops(
                bl.create_radial_gradient(width / 2, height / 2, width / 2, height / 2, height / 2),
                STOPS_STRIPES), False),
        )
        for name, make, dithered in shapes:
            image = bl.BLImage(width, height, bl.BLFormat.PRGB32)
            context = bl.BLContext(image)
            context.set_fill_style((1.0, 1.0, 1.0, 1.0))
            context.fill_all()
            context.flush()
            note = DITHER_NOTE if dithered else None
            gradient = make()

            def run(context=context, gradient=gradient, image=image):
                context.set_fill_style(gradient)
                context.fill_all()
                context.flush()

            case = (name + suffix, (width, height), width * height * 8, run)
            yield case + ((note,) if note is not None else ())


def main():
    run_peer("Blend2D", {"gradient": gradient_cases}, needs_inputs=False)


if __name__ == "__main__":
    main()
