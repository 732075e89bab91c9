#!/usr/bin/env bash
# Shows that a package depending on PixelOps resolves nothing but PixelOps: creates a throwaway
# consumer package that depends on this checkout by path and uses the PixelOps and PixelOpsIO
# products, resolves and builds it, then fails unless the resolved dependency graph holds exactly
# one package (PixelOps itself), nothing was checked out, and no pin was recorded.
#
# Usage: scripts/check-consumer-package.sh [PIXELOPS_DIR]   (default: this checkout)
# Needs: swift, python3 (reads the JSON of `swift package show-dependencies`).
set -euo pipefail

repo="$(cd "${1:-$(dirname "$0")/..}" && pwd -P)"
work="$(mktemp -d "${TMPDIR:-/tmp}/pixelops-consumer.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/Consumer"

cat >"$work/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Consumer",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "PixelOps", path: "$repo")],
  targets: [
    .executableTarget(
      name: "Consumer",
      dependencies: [
        .product(name: "PixelOps", package: "PixelOps"),
        .product(name: "PixelOpsIO", package: "PixelOps"),
      ]
    )
  ]
)
EOF

cat >"$work/Sources/Consumer/main.swift" <<'EOF'
import PixelOps
import PixelOpsIO

// A 2x2 image of one colour through the core types and the PNG codec.
var image = try PixelBuffer(width: 2, height: 2, format: .rgba8Premultiplied)
image.withMutableView { view in
  for y in 0..<view.height {
    for x in 0..<view.width {
      for (channel, value) in [UInt8](arrayLiteral: 10, 20, 30, 255).enumerated() {
        view.rowAddress(y).storeBytes(of: value, toByteOffset: x * 4 + channel, as: UInt8.self)
      }
    }
  }
}
let decoded = try PNG.decode(try image.pngBytes())
print("consumer: decoded \(decoded.size.width)x\(decoded.size.height), equal: \(decoded == image)")
EOF

cd "$work"
echo "== consumer package in $work, depending on $repo"
swift package resolve
swift build
swift run --skip-build Consumer
swift package show-dependencies --format json >dependencies.json

echo "== resolved dependency graph"
python3 - "$repo" dependencies.json <<'EOF'
import json, os, sys

repo, path = sys.argv[1], sys.argv[2]
with open(path) as file:
    text = file.read()
root = json.loads(text[text.index("{"):])  # SwiftPM may print progress lines before the JSON

packages = []
def walk(node, depth):
    for dependency in node.get("dependencies", []):
        packages.append(dependency)
        print("  " * depth + f"- {dependency['identity']} ({dependency['name']}) {dependency['path']} "
              f"version {dependency['version']}")
        walk(dependency, depth + 1)
print(f"{root['identity']} (the consumer)")
walk(root, 1)

problems = []
if len(packages) != 1:
    problems.append(f"expected exactly one dependency (PixelOps), found {len(packages)}")
for package in packages:
    if os.path.realpath(package["path"]) != repo:
        problems.append(f"unexpected package {package['identity']} at {package['path']}")
if problems:
    print("FAIL: " + "; ".join(problems))
    sys.exit(1)
print("OK: the only package resolved is PixelOps itself")
EOF

# Nothing fetched: a remote dependency anywhere in the graph would be cloned and pinned.
if [ -n "$(ls -A .build/checkouts 2>/dev/null)" ]; then
  echo "FAIL: packages were checked out: $(ls .build/checkouts | tr '\n' ' ')"
  exit 1
fi
if [ -f Package.resolved ] && grep -q '"identity"' Package.resolved; then
  echo "FAIL: Package.resolved pins remote packages:"
  cat Package.resolved
  exit 1
fi
echo "OK: no package checked out, no pin recorded"
