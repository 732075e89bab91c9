#!/usr/bin/env bash
# Fuzz the PNG and TIFF readers with libFuzzer and AddressSanitizer (the Fuzz package).
#
#   scripts/fuzz.sh                  # both targets, 60 s each (what CI runs)
#   scripts/fuzz.sh png 14400        # one target for four hours
#   JOBS=2 scripts/fuzz.sh tiff 3600 # libFuzzer's -jobs/-workers: parallel runs sharing the corpus
#
# The seed corpus is the test data the I/O tests already carry (valid, broken and hostile
# files), copied into .build-fuzz/corpus/<target>, where libFuzzer adds every input that
# reaches new code; later runs start from it. A crash, an ASan report, a leak or a broken
# invariant of the target (Fuzz/Sources/*/main.swift) stops the run with a non-zero status and
# leaves the input in .build-fuzz/artifacts/. The last lines of each run are libFuzzer's final
# statistics: executions, executions per second, coverage (cov: edges of the instrumented Swift
# code; libpng and libtiff are system libraries and are not instrumented) and peak memory.
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/.."
targets=${1:-all}
seconds=${2:-60}
# libFuzzer's -jobs runs each job as a child process logging to fuzz-N.log; only when asked.
parallel=()
[ "${JOBS:-1}" -gt 1 ] && parallel=(-jobs="$JOBS" -workers="$JOBS")
[ "$targets" = all ] && targets="png tiff"

swift build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 |
  grep -v "Cannot export local symbol '__asan_extra_spill_area'" || true
test -x Fuzz/.build/release/fuzz-png -a -x Fuzz/.build/release/fuzz-tiff

root=$PWD
seeds=Tests/PixelOpsIOTests/Resources/testdata
mkdir -p .build-fuzz/artifacts
for target in $targets; do
  corpus=.build-fuzz/corpus/$target
  mkdir -p "$corpus"
  case $target in
    png) find "$seeds/png" "$seeds/hostile" "$seeds/synthetic" -name '*.png' -exec cp -n {} "$corpus/" \; ;;
    tiff) find "$seeds/tiff" "$seeds/hostile" -name '*.tif*' -exec cp -n {} "$corpus/" \; ;;
    *) echo "unknown target $target (png, tiff or all)"; exit 2 ;;
  esac
  echo "=== fuzz-$target: $seconds s, $(ls "$corpus" | wc -l) inputs in $corpus"
  # -rss_limit_mb: the targets decode under 64 MiB limits (Fuzz/Sources/FuzzSupport), so 2 GB
  # means a leak or an allocation the limits failed to stop. -timeout: one input taking more
  # than 25 s is a hang. libFuzzer runs inside .build-fuzz, where parallel jobs write their
  # fuzz-N.log files.
  log=.build-fuzz/$target.log
  rm -f .build-fuzz/fuzz-*.log
  status=0
  (cd .build-fuzz && SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 "$root/Fuzz/.build/release/fuzz-$target" \
    "corpus/$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=25 -print_final_stats=1 \
    -artifact_prefix="artifacts/$target-" "${parallel[@]}") >"$log" 2>&1 || status=$?
  logs=("$log" .build-fuzz/fuzz-*.log)
  if [ "$status" -ne 0 ]; then
    for file in "${logs[@]}"; do tail -60 "$file"; done
    echo "fuzz-$target failed (status $status); the input is in .build-fuzz/artifacts/, the logs in .build-fuzz"
    exit 1
  fi
  grep -hE "^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::|^Done " "${logs[@]}"
done
