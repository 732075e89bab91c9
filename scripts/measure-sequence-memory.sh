#!/bin/sh
# Peak resident memory (getrusage ru_maxrss) of playing a 10-frame and a 1000-frame 512 x 512
# Deflate TIFF in an AnimatedImageView with the Examples package's sequence-playback (pages
# decoded two ahead, at most three in memory): the second should stay within 5 % of the first,
# whatever the length. Builds the example in release; needs about 1 GB of free disk space in
# DIRECTORY for the generated files. Usage: scripts/measure-sequence-memory.sh [DIRECTORY]
set -eu
directory=${1:-/tmp/pixelops-sequence-memory}
cd "$(dirname "$0")/.."
swift build -c release --package-path Examples --product sequence-playback
program=Examples/.build/release/sequence-playback
mkdir -p "$directory"
for frames in 10 1000; do
  "$program" --generate "$frames" 512 "$directory/frames-$frames.tif"
done
peak() {
  output=$("$program" "$directory/frames-$1.tif")
  echo "$output" >&2
  echo "$output" | sed -n 's/.*peak resident memory \([0-9]*\) KiB.*/\1/p'
}
short=$(peak 10)
long=$(peak 1000)
awk -v short="$short" -v long="$long" 'BEGIN {
  printf "peak RSS: 10 frames %d KiB, 1000 frames %d KiB, 1000-frame peak %+.1f %% over 10-frame\n", short, long, (long / short - 1) * 100
}'
