#!/usr/bin/env bash
# Builds every benchmark executable (each executable product whose target lives under Benchmarks/) in release mode
# into .build-release, the folder the benchmark and compare scripts run from, so that a benchmark that no longer
# compiles fails CI rather than the next person who times something. Prints the products it built.
#   scripts/bench/build-all.sh
# The product list comes from the manifest (`swift package dump-package`), so a new benchmark is built without
# touching this script.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${1:-}" = --help ] || [ "${1:-}" = -h ]; then
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
fi
# The benchmark executables exist only with OHK_BENCHMARKS set (Package.swift); every script that builds into
# .build-release sets it, so that they share one package graph there.
export OHK_BENCHMARKS=1
products="$(swift package --scratch-path .build-release dump-package | python3 -c '
import json, sys
package = json.load(sys.stdin)
paths = {target["name"]: target.get("path") or "" for target in package["targets"]}
for product in package["products"]:
    if "executable" in product["type"] and all(paths[t].startswith("Benchmarks/") for t in product["targets"]):
        print(product["name"])
')"
[ -n "$products" ] || { echo "build-all: no benchmark products in the manifest" >&2; exit 1; }
for product in $products; do
    echo "build-all: $product" >&2
    swift build -c release --scratch-path .build-release --product "$product" >&2
done
echo "$products"
