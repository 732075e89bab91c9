"""Blend2D on bench's `gradient` cases, single-threaded (the default synchronous BLContext).

usage: python blend2d_peer.py [DIR] [--iterations K] [--kernel gradient|all] [--case NAME]
(prints bench's JSON schema; DIR, the folder `bench --save-inputs` wrote, is accepted and
ignored: gradients read no input pixels)

Each case gets a fresh BLImage (PRGB32: premultiplied 32-bit), filled with opaque white once
before timing; every timed call fills the whole image with the gradient, source-over (the
context's default), onto what the earlier calls left, and flushes the context, so the time
includes the rendering. Stop colours are straight RGBA; Blend2D premultiplies them itself.

- `linear_4stop`: 4 stops, from (0, 0) to (W, H), pad extend (Blend2D's default).
- `radial_3stop`: stops 0, 0.33 and 1, centre and focal point (W/2, H/2), radius H/2: the
  circles of radius 0 and H/2 about the centre; pad extend.
- `conic_4stop`: the 4 stops around (W/2, H/2), angle 0 (along +x).
- `linear_4stop_dithered`: `linear_4stop` with the context's gradient quality set to dither
  where the binding offers it; otherwise drawn plain, as the record's "note" says.
Each at 3840x2160 and as `<name>_tile` at 480x270. `bytes_moved` is the destination read and
written (8 bytes per pixel), as for bench's solid fill.
"""
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


def rgba8(color):
    """Straight 0...1 channels as the binding's 8-bit (r, g, b, a) tuple, rounded."""
    return tuple(int(channel * 255 + 0.5) for channel in color)


def with_stops(gradient, stops):
    for offset, color in stops:
        gradient.add_stop(offset, rgba8(color))
    return gradient


def dither_hint(context):
    """Sets the context's gradient quality to dither if the binding exposes it; returns a note
    saying what was done."""
    quality = getattr(getattr(bl, "BLGradientQuality", None), "DITHER", None)
    setter = getattr(context, "set_gradient_quality", None)
    if quality is not None and setter is not None:
        setter(quality)
        return "Blend2D gradient quality DITHER"
    return "drawn plain: this Blend2D binding exposes no gradient dithering"


def gradient_cases(_inputs):
    for (width, height), suffix in SIZES:
        shapes = (
            ("linear_4stop", lambda: with_stops(bl.create_linear_gradient(0, 0, width, height), STOPS_4), False),
            ("radial_3stop", lambda: with_stops(
                bl.create_radial_gradient(width / 2, height / 2, width / 2, height / 2, height / 2), STOPS_3), False),
            ("conic_4stop", lambda: with_stops(bl.create_conical_gradient(width / 2, height / 2, 0.0), STOPS_4), False),
            ("linear_4stop_dithered",
             lambda: with_stops(bl.create_linear_gradient(0, 0, width, height), STOPS_4), True),
        )
        for name, make, dithered in shapes:
            image = bl.BLImage(width, height, bl.BLFormat.PRGB32)
            context = bl.BLContext(image)
            context.set_fill_style((255, 255, 255, 255))
            context.fill_all()
            context.flush()
            note = dither_hint(context) if dithered else None
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
