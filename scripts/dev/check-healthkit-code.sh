#!/usr/bin/env bash
# Type checks a code base's HealthKit code against the built `HealthKit` module: the .swift files of a folder (someone's
# checkout, kept outside this repository) that use HealthKit, each with the rest of its target, in one
# `swiftc -typecheck` per target (healthkit_code.py says how targets, other frameworks and own modules are handled).
# Prints per file ok / skipped (why) / failed with the errors that concern HealthKit, and a summary line.
# Usage: scripts/dev/check-healthkit-code.sh <folder> [--no-build] [--swift-version 5|6] [--modules DIR] [--verbose]
#                                            [--json FILE] [--reuse]
#   --no-build       use the modules already in .build/debug (else `swift build --target HealthKit` first)
#   --swift-version  the code's language mode: 5 (the default, most app code) or 6
#   --modules DIR    the folder holding HealthKit.swiftmodule (default .build/debug/Modules)
#   --verbose        also print each HealthKit-using file's errors that are not ours (Apple-only frameworks, the
#                    code base's missing dependencies)
#   --json FILE      also write the results as JSON
#   --reuse          classify again from the compiler output the last run saved, without compiling (same files, same
#                    module); scratch copies and outputs stay under $TMPDIR/ohk-healthkit-code
# Exit 0 when no error concerns HealthKit, 1 when one does ("check" errors, to be read by hand, do not fail).
set -euo pipefail
folder="${1:-}"
if [[ -z "$folder" || "$folder" == -* ]]; then
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
folder="$(cd "$folder" && pwd)"
shift
cd "$(dirname "$0")/../.."
build=1
args=()
for arg in "$@"; do
    case "$arg" in
        --no-build) build=0 ;;
        *) args+=("$arg") ;;
    esac
done
if [[ $build == 1 ]]; then
    swift build --target HealthKit >&2
fi
exec python3 scripts/dev/healthkit_code.py "$folder" "${args[@]+"${args[@]}"}"
