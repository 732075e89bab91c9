#!/usr/bin/env python3
"""Writes the two large decoding inputs of the peak-memory measurement (Benchmarks/RESULTS.md).

Both are 13,377 x 13,377 pixels of 16-bit RGBA (the largest square inside
DecodingLimits.maximumPixelCount), all zeros, about 1.4 MB on disk:

  large-deflate-one-strip.tif  one strip (RowsPerStrip = height), Deflate, contiguous samples,
                               unassociated alpha: the whole page decompresses to 1.43 GB
  large-interlaced.png         Adam7 interlaced, colour type 6, bit depth 16

Usage: make-large-decode-inputs.py DIRECTORY [SIDE]   (SIDE defaults to 13377)
Only the Python standard library is used (zlib for deflate and CRC-32).
"""

import os
import struct
import sys
import zlib

CHUNK = 8 << 20


def deflate_zeros(out, total_bytes, level=6):
    """Compresses `total_bytes` zero bytes, handing the compressed pieces to `out`."""
    compressor = zlib.compressobj(level)
    zeros = bytes(CHUNK)
    left = total_bytes
    while left > 0:
        count = min(left, CHUNK)
        piece = compressor.compress(zeros if count == CHUNK else bytes(count))
        if piece:
            out(piece)
        left -= count
    out(compressor.flush())


def write_tiff(path, side):
    samples, bits = 4, 16
    strip_bytes = side * side * samples * bits // 8
    with open(path, "wb") as f:
        f.write(b"II*\x00" + struct.pack("<I", 0))  # IFD offset patched below
        deflate_zeros(f.write, strip_bytes)
        strip_length = f.tell() - 8
        if f.tell() % 2:
            f.write(b"\x00")
        bits_offset = f.tell()
        f.write(struct.pack("<4H", *([bits] * samples)))
        ifd_offset = f.tell()
        entries = [
            (256, 4, 1, side),  # ImageWidth, LONG
            (257, 4, 1, side),  # ImageLength
            (258, 3, samples, bits_offset),  # BitsPerSample (offset to 4 SHORTs)
            (259, 3, 1, 8),  # Compression: Deflate
            (262, 3, 1, 2),  # Photometric: RGB
            (273, 4, 1, 8),  # StripOffsets
            (277, 3, 1, samples),  # SamplesPerPixel
            (278, 4, 1, side),  # RowsPerStrip: one strip
            (279, 4, 1, strip_length),  # StripByteCounts
            (284, 3, 1, 1),  # PlanarConfiguration: contiguous
            (338, 3, 1, 2),  # ExtraSamples: unassociated alpha
        ]
        f.write(struct.pack("<H", len(entries)))
        for tag, kind, count, value in entries:
            if kind == 3 and count == 1:
                f.write(struct.pack("<HHIHH", tag, kind, count, value, 0))
            else:
                f.write(struct.pack("<HHII", tag, kind, count, value))
        f.write(struct.pack("<I", 0))
        f.seek(4)
        f.write(struct.pack("<I", ifd_offset))


def png_chunk(f, kind, data):
    f.write(struct.pack(">I", len(data)) + kind + data)
    f.write(struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def write_interlaced_png(path, side):
    bytes_per_pixel = 8
    # Adam7: (x start, y start, x step, y step) of each pass.
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    raw_bytes = 0
    for x0, y0, dx, dy in passes:
        width = (side - x0 + dx - 1) // dx
        height = (side - y0 + dy - 1) // dy
        if width > 0 and height > 0:
            raw_bytes += height * (1 + width * bytes_per_pixel)  # filter byte 0 + zero samples
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        png_chunk(f, b"IHDR", struct.pack(">IIBBBBB", side, side, 16, 6, 0, 0, 1))
        pending = bytearray()

        def out(piece):
            pending.extend(piece)
            while len(pending) >= (1 << 20):
                png_chunk(f, b"IDAT", bytes(pending[: 1 << 20]))
                del pending[: 1 << 20]

        deflate_zeros(out, raw_bytes)
        if pending:
            png_chunk(f, b"IDAT", bytes(pending))
        png_chunk(f, b"IEND", b"")


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    directory = sys.argv[1]
    side = int(sys.argv[2]) if len(sys.argv) == 3 else 13377
    os.makedirs(directory, exist_ok=True)
    write_tiff(os.path.join(directory, "large-deflate-one-strip.tif"), side)
    write_interlaced_png(os.path.join(directory, "large-interlaced.png"), side)


if __name__ == "__main__":
    main()
