#!/usr/bin/env bash
# Builds ohk-wire-benchmark (Benchmarks/WireBenchmark, with OHK_BENCHMARKS=1) in release mode and runs it: HealthWire's
# Codable reader and writer against the hand walkers they replaced, on 10,000 quantity samples (docs/decisions/wire-module.md).
#   scripts/bench/wire.sh                          10,000 samples, median of 9 runs
#   scripts/bench/wire.sh --samples 1000 --runs 5
set -euo pipefail
cd "$(dirname "$0")/../.."
# The benchmark executables exist only with OHK_BENCHMARKS set (Package.swift); every script that builds into
# .build-release sets it, so that they share one package graph there.
export OHK_BENCHMARKS=1
swift build -c release --scratch-path .build-release --product ohk-wire-benchmark >&2
exec "$(swift build -c release --scratch-path .build-release --show-bin-path)/ohk-wire-benchmark" "$@"
