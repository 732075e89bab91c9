#!/bin/sh
# Peak resident memory of decoding the two 13,377 x 13,377 16-bit RGBA files of
# scripts/make-large-decode-inputs.py (a one-strip Deflate TIFF, an interlaced PNG) to
# premultiplied RGBA8 and RGBA16, one decode per test process (PeakMemoryProbe), as recorded
# in Benchmarks/RESULTS.md. Needs a test build (`swift build --build-tests`) and about 3 GB
# of free memory. Usage: scripts/measure-decode-peak.sh [DIRECTORY] [SIDE]
set -eu
directory=${1:-/tmp/pixelops-large-decode}
side=${2:-13377}
cd "$(dirname "$0")/.."
python3 scripts/make-large-decode-inputs.py "$directory" "$side"
for input in "tiff:$directory/large-deflate-one-strip.tif" "png:$directory/large-interlaced.png"; do
  for format in rgba8 rgba16; do
    PIXELOPS_PEAK_PROBE=$input PIXELOPS_PEAK_FORMAT=$format \
      swift test --skip-build --filter PeakMemoryProbe 2>&1 | grep -E 'peak-probe|error|failed' || true
  done
done
