#!/usr/bin/env bash
# Builds ohk-benchmarks in release mode and runs it; arguments are passed through.
#   scripts/benchmark.sh              full sizes (about a minute, ~4 GiB of memory for the 10M-sample store)
#   scripts/benchmark.sh --quick      CI smoke run (a few seconds)
#   scripts/benchmark.sh --samples 2M --queries 500 --only save,query
# The table goes to standard output, progress to standard error.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --scratch-path .build-release --product ohk-benchmarks >&2
exec "$(swift build -c release --scratch-path .build-release --show-bin-path)/ohk-benchmarks" "$@"
