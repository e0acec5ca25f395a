#!/usr/bin/env bash
# Formats the Swift sources with `swift format` (in the Swift 6 toolchain) and the repository's .swift-format
# (4 spaces, 120 columns, as NIO), or with --check only lints them: prints each finding and fails if there is one.
# Usage: scripts/ci/format.sh [--check] [PATH…]   (default PATH: Package.swift Sources Plugins Tests Benchmarks Examples Fuzz)
# scripts/test.sh runs --check first (a few seconds), so CI fails on a finding (see CONTRIBUTING.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
mode=format
if [[ "${1:-}" == "--check" ]]; then mode=lint; shift; fi
if [[ $# -eq 0 ]]; then set -- Package.swift Sources Plugins Tests Benchmarks Examples Fuzz/Package.swift Fuzz/Sources/ParserFuzzer/ParserFuzzer.swift; fi
if ! swift format --version >/dev/null 2>&1; then
    echo "format: \`swift format\` is missing; it comes with the Swift 6 toolchain" >&2
    exit 2
fi
if [[ "$mode" == lint ]]; then
    # --strict: findings are errors (exit code 1), so that the check can gate a build.
    exec swift format lint --strict --parallel --recursive "$@"
fi
exec swift format format --in-place --parallel --recursive "$@"
