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
# --emit-extension-block-symbols: PixelOpsIO's methods on PixelOps' `PixelBuffer` (writePNG,
# writeTIFF, ...) get pages under "Extended Modules" instead of none.
# It also tries the test modules, which have no graph to give ("Failed to emit symbol graph for
# 'PixelOpsPackageTests'"): harmless, so its output is shown only when no graphs come out.
swift package dump-symbol-graph --minimum-access-level public --emit-extension-block-symbols >"$dump_log" 2>&1 || true
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
# docc can resolve a symbol link to the wrong page without a warning (an overloaded method's
# link, left ambiguous, became a link to its type): every ``Path/to/symbol`` written in the
# catalogs' articles must arrive as a reference to that path.
python3 - "$output" Sources/PixelOps/PixelOps.docc Sources/PixelOpsIO/PixelOpsIO.docc <<'PYTHON' || status=1
import glob, json, os, re, sys

output, catalogs = sys.argv[1], sys.argv[2:]
problems = []
for catalog in catalogs:
    module = os.path.basename(catalog)[: -len(".docc")]
    for article in sorted(glob.glob(os.path.join(catalog, "*.md"))):
        name = os.path.basename(article)[:-3]
        text = open(article).read()
        page = name.lower() if not text.startswith("# ``") else None
        path = os.path.join(output, module + ".doccarchive", "data", "documentation", module.lower(),
                            page + ".json") if page else \
            os.path.join(output, module + ".doccarchive", "data", "documentation", module.lower() + ".json")
        references = json.dumps(json.load(open(path)).get("references", {}))
        prose = re.sub(r"```.*?```", "", text.split("\n", 1)[1], flags=re.S)  # not code blocks
        for link in re.findall(r"``([^`\n]+)``", prose):
            wanted = re.sub(r"-[^/]*$", "", link) if "(" in link else link
            if "/" + wanted + '"' not in references and "/" + wanted + "-" not in references:
                problems.append(f"{article}: ``{link}`` does not arrive as a link to {wanted}")
for problem in problems:
    print("error: " + problem)
print(f"links checked: {'ok' if not problems else str(len(problems)) + ' problems'}")
sys.exit(1 if problems else 0)
PYTHON

[ "$status" -eq 0 ] && echo "OK: $output/PixelOps.doccarchive, $output/PixelOpsIO.doccarchive"
exit "$status"
