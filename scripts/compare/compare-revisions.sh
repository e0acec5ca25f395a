#!/usr/bin/env bash
# Compares this working tree with another checkout of the project (an earlier main, a tag) in one run: the import of
# a generated 1 GB export (scripts/compare/compare-import.sh, without healthkit-to-sqlite), daily and hourly statistics
# against DuckDB (compare-duckdb.sh, one year) and `ohk serve` under wrk (load-server.sh), alternating the two trees
# round by round so that both see the same machine. Prints each figure's median per tree and the ratio this/base,
# with the load average at the start and the end. Each tree runs its own scripts, found by name under its scripts/
# (the folder layout changed in issue 18), and builds into its own .build-release.
#
# Usage: scripts/compare/compare-revisions.sh --base DIR [--rounds 3] [--load-rounds 2] [--work DIR]
#   --base DIR        the other checkout, e.g. `git worktree add ../base pre-18` (first build there takes ~15 min)
#   --rounds N        import and DuckDB rounds per tree (default 3)
#   --load-rounds N   server load rounds per tree (default 2; each takes ~45 s)
#   --work DIR        where the export and the raw outputs go (default .build-compare-revisions/, ignored by git)
# Round-to-round spread on the 2-core development machine is about ±15 %: quote medians, and read a ratio inside
# that spread as "no change".
set -euo pipefail
cd "$(dirname "$0")/../.."
here="$PWD"
base=""
rounds=3
load_rounds=2
work=.build-compare-revisions
while [ $# -gt 0 ]; do
    case "$1" in
        --base) base="$(cd "$2" && pwd)"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --load-rounds) load_rounds="$2"; shift 2 ;;
        --work) work="$2"; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "usage: $0 --base DIR [--rounds N] [--load-rounds N] [--work DIR]" >&2; exit 2 ;;
    esac
done
[ -n "$base" ] || { echo "usage: $0 --base DIR [--rounds N] [--load-rounds N] [--work DIR]" >&2; exit 2; }
mkdir -p "$work"
work="$(cd "$work" && pwd)"

# script TREE NAME: the path of a script by its file name in a tree (scripts/ or a subfolder).
script() {
    local found
    found="$(find "$1/scripts" -name "$2" -type f | head -n 1)"
    [ -n "$found" ] || { echo "compare-revisions: no $2 under $1/scripts" >&2; exit 1; }
    echo "$found"
}
# tree SIDE: the checkout of a side (base or this).
tree() { if [ "$1" = base ]; then echo "$base"; else echo "$here"; fi; }
log() { echo "[$(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)] $*" >&2; }

log "start"
# One export for both trees, made by this tree's generator: each tree's compare-import.sh finds it in its --work folder
# (a link) and skips generating.
shared="$work/export-1024mb-seed42"
if [ ! -f "$shared/apple_health_export/export.xml" ]; then
    export OHK_BENCHMARKS=1
    swift build -c release --scratch-path .build-release --product ohk-export-benchmark >&2
    log "generating the 1 GB export"
    "$(swift build -c release --scratch-path .build-release --show-bin-path)/ohk-export-benchmark" generate \
        --output "$shared" --megabytes 1024 --seed 42 > "$work/generate.txt"
fi
for side in this base; do
    mkdir -p "$work/import-$side"
    ln -sfn "$shared" "$work/import-$side/export-1024mb-seed42"
done
for round in $(seq 1 "$rounds"); do
    for side in base this; do
        tree="$(tree "$side")"
        log "import: $side, round $round"
        (cd "$tree" && bash "$(script "$tree" compare-import.sh)" --megabytes 1024 --skip-h2s --work "$work/import-$side") \
            > "$work/import-$side-$round.txt" 2> "$work/import-$side-$round.err"
    done
done
for round in $(seq 1 "$rounds"); do
    for side in base this; do
        tree="$(tree "$side")"
        log "statistics against DuckDB: $side, round $round"
        (cd "$tree" && bash "$(script "$tree" compare-duckdb.sh)" --stats-large-days 0) \
            > "$work/duckdb-$side-$round.txt" 2> "$work/duckdb-$side-$round.err"
    done
done
for round in $(seq 1 "$load_rounds"); do
    for side in base this; do
        tree="$(tree "$side")"
        log "server load: $side, round $round"
        (cd "$tree" && bash "$(script "$tree" load-server.sh)") > "$work/load-$side-$round.txt" 2> "$work/load-$side-$round.err"
    done
done
log "end"

python3 - "$work" "$(git -C "$base" rev-parse --short HEAD)" "$(git rev-parse --short HEAD)" <<'PY'
import glob, re, statistics, sys
work, base_commit, this_commit = sys.argv[1:4]
figures = [
    ("import of 1 GB into SQLite (s)", "import", r"import_seconds=([\d.]+)", "lower"),
    ("re-import, spans passed over (s)", "import", r"reimport_seconds=([\d.]+)", "lower"),
    ("re-import, every record read (s)", "import", r"reimport_every_record_seconds=([\d.]+)", "lower"),
    ("import peak RSS (MB)", "import", r"peak_rss_megabytes=([\d.]+)", "lower"),
    ("daily steps, merged + prorated (ms)", "duckdb", r"daily cumulativeSum, merged \+ prorated\s+([\d.]+) ms", "lower"),
    ("hourly steps, merged + prorated (ms)", "duckdb", r"hourly cumulativeSum, merged \+ prorated\s+([\d.]+) ms", "lower"),
    ("DuckDB naive GROUP BY, same run (ms)", "duckdb", r"naive GROUP BY local day \(computed in SQL\), 2 threads\s+([\d.]+) ms", "lower"),
    ("server ingest (samples/s)", "load", r"samples ingested\s+([\d.]+)", "higher"),
    ("server statistics, one day hourly (req/s)", "load", r"one day, hourly buckets\s+([\d.]+)", "higher"),
    ("server statistics, a week daily (req/s)", "load", r"a week, daily buckets\s+([\d.]+)", "higher"),
    ("server GET /health (req/s)", "load", r"GET /health\s+([\d.]+)", "higher"),
]
def values(kind, side, pattern):
    found = []
    for path in sorted(glob.glob(f"{work}/{kind}-{side}-*.txt")):
        match = re.search(pattern, open(path).read())
        if match:
            found.append(float(match.group(1)))
    return found
print(f"\nbase {base_commit} against this tree {this_commit}: medians (runs), ratio this/base")
print(f"{'':44s} {'base':>12s} {'this':>12s} {'this/base':>10s}")
for label, kind, pattern, better in figures:
    base, this = values(kind, "base", pattern), values(kind, "this", pattern)
    if not base or not this:
        print(f"{label:44s} {'—':>12s} {'—':>12s}   (no figures: see {work}/{kind}-*.err)")
        continue
    b, t = statistics.median(base), statistics.median(this)
    print(f"{label:44s} {b:9.2f} ({len(base)}) {t:9.2f} ({len(this)}) {t / b:10.3f}  ({better} is better)")
PY
