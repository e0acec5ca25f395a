#!/usr/bin/env bash
# Builds ohk-benchmarks (Benchmarks/, with OHK_BENCHMARKS=1) in release mode and runs it; arguments are passed
# through (`--help` lists them).
#   scripts/bench/benchmark.sh              full sizes (about a minute, ~4 GiB of memory for the 10M-sample store)
#   scripts/bench/benchmark.sh --quick      CI smoke run (a few seconds)
#   scripts/bench/benchmark.sh --samples 2M --queries 500 --only save,query
# The table goes to standard output, progress to standard error.
set -euo pipefail
cd "$(dirname "$0")/../.."
# The benchmark executables exist only with OHK_BENCHMARKS set (Package.swift); every script that builds into
# .build-release sets it, so that they share one package graph there.
export OHK_BENCHMARKS=1
swift build -c release --scratch-path .build-release --product ohk-benchmarks >&2
exec "$(swift build -c release --scratch-path .build-release --show-bin-path)/ohk-benchmarks" "$@"
