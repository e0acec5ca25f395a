#!/usr/bin/env bash
# HealthKit API coverage: type checks every item of Coverage/HealthKitAPI (Apple's public HealthKit API of the iOS 18
# SDK and after it, one snippet per item with HealthKit's own signature, each naming the Apple file it comes from)
# against the built `HealthKit` module in one `swiftc -typecheck` (a few seconds), and prints the iOS 18 figure (and
# how many of its present items are device-only) overall and per area, the after-iOS-18 figure, the checks outside
# the figure, and the failing items.
# Items left out on purpose are listed with the reason in Coverage/HealthKitAPI/left-out.tsv.
# Usage: scripts/ci/check-api-coverage.sh [--no-build] [--enforce] [--verbose] [--list] [--modules DIR]
#                                         [--swift-version 5|6]
#   --no-build  use the modules already in .build/debug (scripts/test.sh builds first)
#   --enforce   exit 1 below 99 % of the iOS 18 figure or 95 % of the after-iOS-18 one, when a failing item of the
#               iOS 18 figure is not in left-out.tsv, or when a check fails
#   --verbose   print each failing item's first error
#   --list      print the item list (id, area, kind, scope, device-only, source) as TSV and stop
# Exit 2 (no figures) when an error falls outside every item: a missing module or a broken prelude would otherwise
# make every item look present.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=1
args=()
for arg in "$@"; do
    case "$arg" in
        --no-build) build=0 ;;
        *) args+=("$arg") ;;
    esac
done
if [[ $build == 1 && " ${args[*]-} " != *" --list "* ]]; then
    swift build --target HealthKit >&2
fi
exec python3 scripts/ci/api_coverage.py "${args[@]+"${args[@]}"}"
