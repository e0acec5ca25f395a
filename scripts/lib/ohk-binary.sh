#!/usr/bin/env bash
# Prints the path of the built `ohk` in the build folder (OHK_SCRATCH, default .build), building it first unless the
# first argument is --no-build: for the checks that run the binary.
# Usage: OHK="$(scripts/lib/ohk-binary.sh [--no-build])"
set -euo pipefail
scratch="${OHK_SCRATCH:-.build}"
if [[ "${1:-}" != --no-build ]]; then swift build --scratch-path "$scratch" --product ohk >/dev/null; fi
echo "$(swift build --scratch-path "$scratch" --show-bin-path)/ohk"
