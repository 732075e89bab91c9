#!/usr/bin/env bash
# Measures how much slower the kernels run in a debug build of an app that depends on PixelOps
# (README, "Debug builds are slow"; Benchmarks/RESULTS.md, 2026-11-25). Creates a throwaway
# consumer package depending on this checkout by path, builds it in debug, in release and in
# debug with `-Xswiftc -O`, then for each build prints the best time of a few single-threaded
# calls (full size) and the instructions of one call under callgrind (sizes divided by 4, so the
# debug build finishes in minutes): a Lanczos3 thumbnail 1600x1000 -> 320x200, source-over and
# multiply of 1920x1080, RGBA premultiplied -> straight, RGBA -> BGRA.
#
# Usage: scripts/measure-debug-build.sh [PIXELOPS_DIR]   (default: this checkout)
# Needs: swift, valgrind, objcopy. Takes about 10 minutes on a 2-core machine.
set -euo pipefail

repo="$(cd "${1:-$(dirname "$0")/..}" && pwd -P)"
work="$(mktemp -d "${TMPDIR:-/tmp}/pixelops-debug-speed.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/DebugSpeed"

cat >"$work/Package.swift" <<PACKAGE
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "DebugSpeed",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "PixelOps", path: "$repo")],
  targets: [
    .executableTarget(name: "DebugSpeed", dependencies: [.product(name: "PixelOps", package: "PixelOps")])
  ]
)
PACKAGE

cat >"$work/Sources/DebugSpeed/main.swift" <<'SWIFT'
import Foundation
import PixelOps
#if canImport(Glibc)
import Glibc
#endif

// Times (and, under callgrind --toggle-collect='*measuredRegion*', counts) the kernels a user
// would call first, single-threaded: a Lanczos3 thumbnail, two blends, a conversion.

func now() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func photo(_ width: Int, _ height: Int, alphaPattern: Bool) throws -> PixelBuffer {
  var buffer = try PixelBuffer(width: width, height: height, format: .rgba8Premultiplied)
  buffer.withMutableView { view in
    for y in 0..<height {
      let row = view.rowAddress(y).assumingMemoryBound(to: UInt8.self)
      for x in 0..<width {
        let a: Int = alphaPattern ? ((x / 64 + y / 64) % 3 == 0 ? 255 : ((x / 64 + y / 64) % 3 == 1 ? 0 : (x * 7 + y) % 254 + 1)) : 255
        let r = (x * 255 / max(1, width - 1) + (x * y) % 7) & 255
        let g = (y * 255 / max(1, height - 1) + (x + y) % 5) & 255
        let b = ((x + y) * 3) & 255
        row[x * 4] = UInt8(r * a / 255)
        row[x * 4 + 1] = UInt8(g * a / 255)
        row[x * 4 + 2] = UInt8(b * a / 255)
        row[x * 4 + 3] = UInt8(a)
      }
    }
  }
  return buffer
}

@inline(never)
func measuredRegion(_ body: () throws -> Void) rethrows { try body() }

let args = CommandLine.arguments
let which = args.count > 1 ? args[1] : "all"
let iterations = args.count > 2 ? Int(args[2])! : 3
let scale = args.count > 3 ? Int(args[3])! : 1   // divides every size (for callgrind)

func run(_ name: String, pixels: Int, _ body: () throws -> Void) rethrows {
  guard which == "all" || which == name else { return }
  try body()  // warm-up (weight tables, pool)
  var best = Double.infinity
  for _ in 0..<iterations {
    let t0 = now()
    try measuredRegion(body)
    best = min(best, now() - t0)
  }
  print("\(name)\t\(String(format: "%.3f", best * 1000)) ms\t(\(pixels) output pixels, best of \(iterations))")
}

let big = try photo(1600 / scale, 1000 / scale, alphaPattern: false)
var thumb = try PixelBuffer(width: 320 / scale, height: 200 / scale, format: .rgba8Premultiplied)
try run("lanczos3", pixels: thumb.size.width * thumb.size.height) {
  try big.withView { source in
    try thumb.withMutableView { try Resampler.resample(source, onto: $0, filter: .lanczos3, parallelism: .serial) }
  }
}

let src = try photo(1920 / scale, 1080 / scale, alphaPattern: true)
var dst = try photo(1920 / scale, 1080 / scale, alphaPattern: false)
for (name, mode) in [("over", BlendMode.normal), ("multiply", BlendMode.multiply)] {
  try run(name, pixels: src.size.width * src.size.height) {
    try src.withView { source in
      try dst.withMutableView {
        try Compositor.draw(source, onto: $0, options: CompositeOptions(blendMode: mode, parallelism: .serial))
      }
    }
  }
}

var bgra = try PixelBuffer(width: src.size.width, height: src.size.height, format: .rgba8Straight)
try run("unpremultiply", pixels: src.size.width * src.size.height) {
  try src.withView { source in
    try bgra.withMutableView { try PixelConverter.convert(source, into: $0, parallelism: .serial) }
  }
}
var swizzled = try PixelBuffer(width: src.size.width, height: src.size.height, format: .bgra8Premultiplied)
try run("swizzle", pixels: src.size.width * src.size.height) {
  try src.withView { source in
    try swizzled.withMutableView { try PixelConverter.convert(source, into: $0, parallelism: .serial) }
  }
}
SWIFT

cd "$work"
count() {  # count BINARY: instructions of one call per case, sizes divided by 4
  local stripped="$work/stripped" out="$work/callgrind.out"
  objcopy --strip-debug "$1" "$stripped"  # valgrind 3.19 rejects the DWARF of some Swift binaries
  for kernel in lanczos3 over multiply unpremultiply swizzle; do
    valgrind --tool=callgrind --toggle-collect='*measuredRegion*' --callgrind-out-file="$out" \
      "$stripped" "$kernel" 1 4 >/dev/null 2>&1
    printf '%s\t%s instructions (sizes / 4)\n' "$kernel" "$(grep -E '^(summary|totals):' "$out" | head -1 | awk '{print $2}')"
  done
}

build() {  # build ARGUMENTS...: quiet unless it fails
  swift build "$@" >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }
}

echo "== debug (swift build)"
build
.build/debug/DebugSpeed all 2
count .build/debug/DebugSpeed

echo "== release (swift build -c release)"
build -c release
.build/release/DebugSpeed all 10
count .build/release/DebugSpeed

echo "== debug with -O (swift build -Xswiftc -O)"
build -Xswiftc -O --scratch-path "$work/.build-O"
"$work/.build-O/debug/DebugSpeed" all 5
count "$work/.build-O/debug/DebugSpeed"
