#!/usr/bin/env bash
# Generates a large realistic Apple Health export and times, side by side in one run:
#   1. our import (HealthExport into a new SQLite store file, as `ohk import` does), then a re-import of the same
#      file into that store (passing over the spans read whole before, as `ohk import` does), then the same re-import
#      reading every record (the record-level path a newer export's changed parts take);
#   2. Foundation's XMLParser merely parsing the same export.xml, storing nothing;
#   3. healthkit-to-sqlite (PyPI, installed into .venv-export) importing the same export.xml into SQLite.
# Peak memory of each comes from /usr/bin/time -v. Prints the figures and the ratios.
#
# Usage: scripts/compare/compare-import.sh [--megabytes 1024] [--seed 42] [--quick] [--memory-store] [--identifiers]
#                                          [--skip-h2s] [--work DIR]
#   --megabytes N     size of export.xml to generate (default 1024; --quick is 50)
#   --memory-store    also import into the in-memory store (keeps every sample: memory grows with the file)
#   --identifiers     also import into the stand-in store that keeps identifiers only (the importer without SQLite)
#   --skip-h2s        do not run healthkit-to-sqlite (it takes minutes per gigabyte)
# Generated files go to .build-export-compare/ (ignored by git) unless --work is given.
set -euo pipefail
cd "$(dirname "$0")/../.."
# The benchmark executables exist only with OHK_BENCHMARKS set (Package.swift); every script that builds into
# .build-release sets it, so that they share one package graph there.
export OHK_BENCHMARKS=1
megabytes=1024
seed=42
memory_store=0
identifiers=0
skip_h2s=0
work=.build-export-compare
while [ $# -gt 0 ]; do
    case "$1" in
        --megabytes) megabytes="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --quick) megabytes=50; shift ;;
        --memory-store) memory_store=1; shift ;;
        --identifiers) identifiers=1; shift ;;
        --skip-h2s) skip_h2s=1; shift ;;
        --work) work="$2"; shift 2 ;;
        -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time; }

swift build -c release --scratch-path .build-release --product ohk-export-benchmark >&2
bench="$(swift build -c release --scratch-path .build-release --show-bin-path)/ohk-export-benchmark"

mkdir -p "$work"
export_dir="$work/export-${megabytes}mb-seed${seed}"
xml="$export_dir/apple_health_export/export.xml"
if [ ! -f "$xml" ]; then
    rm -rf "$export_dir"
    echo "== generating ${megabytes} MB (seed $seed)" >&2
    "$bench" generate --output "$export_dir" --megabytes "$megabytes" --seed "$seed" | tee "$work/generate.txt"
fi
bytes=$(stat -c %s "$xml")
echo "== export.xml: $bytes bytes" >&2

# time_run NAME COMMAND…: runs the command under /usr/bin/time -v; keeps its output and the wall time and peak RSS.
time_run() {
    local name="$1"; shift
    /usr/bin/time -v -o "$work/$name.time" "$@" > "$work/$name.out" 2> "$work/$name.err" || { cat "$work/$name.err" >&2; return 1; }
    cat "$work/$name.out"
    local wall rss
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/$name.time")
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/$name.time")
    echo "$name: wall $wall, peak RSS $((rss / 1024)) MB"
}

echo "== our import into a new SQLite store, then a re-import of the same file" >&2
rm -f "$work/store.sqlite" "$work/store.sqlite-wal" "$work/store.sqlite-shm"
time_run ours "$bench" import "$export_dir" --reimport --store sqlite --store-path "$work/store.sqlite"
rm -f "$work/store.sqlite" "$work/store.sqlite-wal" "$work/store.sqlite-shm"
if [ "$identifiers" = 1 ]; then
    echo "== our import into the identifiers-only stand-in store" >&2
    time_run ours-identifiers "$bench" import "$export_dir" --reimport --store identifiers
fi
if [ "$memory_store" = 1 ]; then
    echo "== our import into the in-memory store" >&2
    time_run ours-memory "$bench" import "$export_dir" --reimport --store memory
fi
echo "== Foundation XMLParser, parse only" >&2
time_run xmlparser "$bench" xmlparser "$xml"

if [ "$skip_h2s" = 0 ]; then
    if [ ! -x .venv-export/bin/healthkit-to-sqlite ]; then
        python3 -m venv .venv-export
        .venv-export/bin/pip install -q healthkit-to-sqlite
    fi
    echo "== healthkit-to-sqlite (this takes minutes per gigabyte)" >&2
    rm -f "$work/h2s.db"
    time_run h2s .venv-export/bin/healthkit-to-sqlite --xml -s "$xml" "$work/h2s.db"
fi

python3 - "$work" "$bytes" "$skip_h2s" "$identifiers" "$memory_store" <<'PY'
import re, sys
work, size, skip_h2s, identifiers, memory = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4] == "1", sys.argv[5] == "1"
def figures(name):
    text = open(f"{work}/{name}.out").read()
    return {k: v for k, v in re.findall(r"(\w+)=([^\s]+)", text)}
def wall(name):
    text = open(f"{work}/{name}.time").read()
    value = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1).split(":")
    return sum(float(part) * 60 ** index for index, part in enumerate(reversed(value)))
def rss(name):
    return int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", open(f"{work}/{name}.time").read()).group(1)) / 1024
ours = figures("ours")
first, again = float(ours["import_seconds"]), float(ours["reimport_seconds"])
every = float(ours["reimport_every_record_seconds"])
def line_figures(name, key):
    for line in open(f"{work}/{name}.out"):
        if line.startswith(key + "="):
            return {k: v for k, v in re.findall(r"(\w+)=([^\s]+)", line)}
    return {}
again_line = line_figures("ours", "reimport_seconds")
parser = float(figures("xmlparser")["xmlparser_seconds"])
print()
print(f"export.xml                 {size / 2**20:10.0f} MB")
print(f"our import into SQLite     {first:10.2f} s   {int(ours['read']):,} records, {int(ours['read']) / first:,.0f} records/s, {size / 2**20 / first:.0f} MB/s")
print(f"our re-import              {again:10.2f} s   new rows {again_line['new_rows']}, {first / again:.2f}x faster than the first import; {int(again_line['bytes_passed_over']) / size:.0%} of the file passed over (read whole before)")
print(f"  reading every record      {every:10.2f} s   new rows {ours['new_rows']}, {first / every:.2f}x faster than the first import (spans not passed over)")
print(f"our peak RSS (both runs)   {rss('ours'):10.0f} MB")
print(f"SQLite store               {int(ours['store_bytes']) / 2**20:10.0f} MB   {int(ours['store_samples']):,} samples, {ours['store_activity_summaries']} activity summaries, {ours['store_routes']} routes ({int(ours['store_route_points']):,} points), {ours['store_heartbeat_series']} heartbeat series")
for extra, label in ((identifiers, "identifiers"), (memory, "memory")):
    if extra:
        other = figures(f"ours-{label}")
        print(f"[{label} store] import     {float(other['import_seconds']):10.2f} s   re-import {float(other['reimport_seconds']):.2f} s, peak RSS {rss('ours-' + label):.0f} MB")
print(f"XMLParser parse only       {parser:10.2f} s   our import is {parser / first:.2f}x its speed; its peak RSS {rss('xmlparser'):.0f} MB")
if not skip_h2s:
    h2s = wall("h2s")
    print(f"healthkit-to-sqlite        {h2s:10.2f} s   our import is {h2s / first:.1f}x faster; its peak RSS {rss('h2s'):.0f} MB")
PY
