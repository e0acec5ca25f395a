#!/usr/bin/env bash
# Issue 3's performance requirement: OpenHealthKit's daily step totals (sources merged, samples prorated across
# midnight, America/Los_Angeles) against DuckDB's naive GROUP BY on the local day (neither merges nor prorates) over
# the same rows, warm, median of several runs; prints the ratio (target <= 1.0), plus hourly buckets and a
# 10-million-sample run.
#
#   scripts/compare/compare-duckdb.sh                        1 year (~1 M samples) and 10 years (~10 M; needs ~8 GiB of RAM)
#   scripts/compare/compare-duckdb.sh --stats-large-days 0   1 year only
#   scripts/compare/compare-duckdb.sh --stats-runs 11        more runs (any ohk-benchmarks option is passed through)
#
# Creates a virtual environment in .venv-bench/ (ignored by git) and installs duckdb from PyPI into it.
# OHK_SCRATCH_PATH overrides the Swift build directory (default .build-release).
set -euo pipefail
cd "$(dirname "$0")/../.."
# The benchmark executables exist only with OHK_BENCHMARKS set (Package.swift); every script that builds into
# .build-release sets it, so that they share one package graph there.
export OHK_BENCHMARKS=1

venv=.venv-bench
if [ ! -x "$venv/bin/python" ]; then
    if ! python3 -m venv "$venv" >&2; then
        rm -rf "$venv"
        echo "python3 -m venv failed; installing python3-venv" >&2
        apt-get install -y python3-venv >&2
        python3 -m venv "$venv" >&2
    fi
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'duckdb>=1.1' >&2

scratch=${OHK_SCRATCH_PATH:-.build-release}
swift build -c release --scratch-path "$scratch" --product ohk-benchmarks >&2
bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/ohk-benchmarks"

work=$(mktemp -d "${TMPDIR:-/tmp}/ohk-duckdb.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "== OpenHealthKit (ohk-benchmarks --only statistics) ==" >&2
"$bin" --only statistics --export-csv "$work" "$@" | tee "$work/ohk-table.txt" >&2

runs=$(sed -n 's/^main_runs=//p' "$work/ohk-figures.txt")
day=$(sed -n 's/^main_day=//p' "$work/ohk-figures.txt")
large_csv=$(sed -n 's/^large_csv=//p' "$work/ohk-figures.txt")
echo "== DuckDB (naive GROUP BY) ==" >&2
"$venv/bin/python" scripts/compare/duckdb_daily_steps.py \
    --csv "$(sed -n 's/^main_csv=//p' "$work/ohk-figures.txt")" \
    ${large_csv:+--large-csv "$large_csv"} --runs "${runs:-7}" ${day:+--day "$day"} \
    --ohk-figures "$work/ohk-figures.txt" > "$work/duckdb.txt"
grep '^[a-z_0-9]*=' "$work/duckdb.txt" >&2

echo
echo "OpenHealthKit vs DuckDB — $(nproc) cores, $(sed -n 's/^duckdb_version=/duckdb /p' "$work/duckdb.txt")"
echo
sed '1,/^$/d' "$work/duckdb.txt"
