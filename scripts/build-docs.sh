#!/usr/bin/env bash
# Builds the DocC documentation of the two library products, PixelOps and PixelOpsIO, with the
# toolchain's own `docc` (no swift-docc-plugin: the package keeps zero package dependencies,
# which scripts/check-consumer-package.sh enforces).
#
#   1. `swift package dump-symbol-graph` builds the package (debug) and extracts each module's
#      public symbol graph;
#   2. `docc convert` turns each catalog (Sources/<Module>/<Module>.docc) plus its module's
#      graphs into an archive, <output>/<Module>.doccarchive.
#
# Fails if docc reports any warning (an unresolved or ambiguous symbol link, a missing page).
# Links from PixelOpsIO's documentation to PixelOps symbols are written as code (`PixelBuffer`),
# not as symbol links: each archive is built on its own, as the docc plugin builds them.
#
# Usage: scripts/build-docs.sh [OUTPUT_DIR]        (default: .build/documentation)
# View:  docc preview Sources/PixelOps/PixelOps.docc --additional-symbol-graph-dir <graphs>,
#        or serve an archive's folder with any static web server.
set -euo pipefail
cd "$(dirname "$0")/.."
output="$(mkdir -p "${1:-.build/documentation}" && cd "${1:-.build/documentation}" && pwd -P)"

docc="$(command -v docc || true)"
if [ -z "$docc" ]; then
  docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
[ -x "$docc" ] || { echo "error: docc not found (it ships with the Swift toolchain)"; exit 1; }

echo "== symbol graphs"
dump_log="$(mktemp)"
trap 'rm -f "$dump_log"' EXIT
# It also tries the test modules, which have no graph to give ("Failed to emit symbol graph for
# 'PixelOpsPackageTests'"): harmless, so its output is shown only when no graphs come out.
swift package dump-symbol-graph --minimum-access-level public >"$dump_log" 2>&1 || true
graphs="$(sed -n 's/^Files written to //p' "$dump_log" | tail -1)"
[ -n "$graphs" ] && [ -d "$graphs" ] || { echo "error: no symbol graphs were written"; cat "$dump_log"; exit 1; }

status=0
for module in PixelOps PixelOpsIO; do
  echo "== $module"
  # Only this module's graphs (its own and its extensions of other modules: Module@Other).
  module_graphs="$output/.symbol-graphs/$module"
  rm -rf "$module_graphs" "$output/$module.doccarchive"
  mkdir -p "$module_graphs"
  cp "$graphs/$module.symbols.json" "$module_graphs/"
  cp "$graphs/$module"@*.symbols.json "$module_graphs/" 2>/dev/null || true
  log="$output/$module.log"
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$module_graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.pixelops.$module" \
    --output-path "$output/$module.doccarchive" 2>&1 | tee "$log"
  if grep -qE "^(warning|error):" "$log"; then
    echo "error: docc reported problems for $module (above)"
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "OK: $output/PixelOps.doccarchive, $output/PixelOpsIO.doccarchive"
exit "$status"
