#!/usr/bin/env bash
# `ohk serve` under wrk on SQLite and on PostgreSQL in one run (release build, loopback only, each run bounded by wrk's
# --duration): one SQLite server, one `ohk serve --postgres` and two `ohk serve --postgres` processes on the same
# database (wrk split between them, half the connections each; requests/s summed, the larger p99). The loads are those
# of scripts/bench/load-server.sh: daily statistics over a year of 15-minute steps (35,136 samples; one day in hourly buckets,
# a week in daily buckets) and ingest (POST /samples, 1,000 step samples a request, all into one person). Prints the
# load average before each run: the machine's cores are shared with wrk itself and whatever else runs.
# Usage: scripts/bench/load-servers-postgres.sh [--duration 10s] [--connections 16] [--threads 2] [POSTGRES-URL]
#        (without a URL a throwaway PostgreSQL is started with scripts/lib/postgres-server.sh and removed afterwards)
set -euo pipefail
cd "$(dirname "$0")/../.."
# The benchmark executables exist only with OHK_BENCHMARKS set (Package.swift); every script that builds into
# .build-release sets it, so that they share one package graph there.
export OHK_BENCHMARKS=1

DURATION=10s CONNECTIONS=16 THREADS=2 DATABASE=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --duration) DURATION="$2"; shift 2 ;;
        --connections) CONNECTIONS="$2"; shift 2 ;;
        --threads) THREADS="$2"; shift 2 ;;
        postgres*) DATABASE="$1"; shift ;;
        *) echo "usage: scripts/bench/load-servers-postgres.sh [--duration 10s] [--connections 16] [--threads 2] [POSTGRES-URL]" >&2; exit 2 ;;
    esac
done
WORK="$(mktemp -d)"
source scripts/lib/server-processes.sh
release_ohk_and_wrk
RUN="$(date +%s)"

# register STORE-OPTIONS…: adds the reader and ingest people and their apps; sets READER and INGEST (tokens).
register() {
    "$OHK" users add "reader-$RUN" "$@" >/dev/null
    "$OHK" users add "ingest-$RUN" "$@" >/dev/null
    READER="$("$OHK" clients add "reader-$RUN" com.example.load --share stepCount --read stepCount "$@" 2>/dev/null)"
    INGEST="$("$OHK" clients add "ingest-$RUN" com.example.load --share stepCount --read stepCount "$@" 2>/dev/null)"
}

python3 scripts/bench/load_samples.py batch "$WORK/batch.json"
# scripts TAG: the wrk scripts of one setup's tokens.
scripts() {
    python3 scripts/bench/load_samples.py wrk "$WORK/get-$1.lua" - "$READER"
    python3 scripts/bench/load_samples.py wrk "$WORK/post-$1.lua" "$WORK/batch.json" "$INGEST"
}

DAY="/statistics/collection?type=stepCount&startDate=2024-03-10&endDate=2024-03-11&interval=1h&timeZone=America/Los_Angeles"
WEEK="/statistics/collection?type=stepCount&startDate=2024-03-04&endDate=2024-03-11&interval=1d&timeZone=America/Los_Angeles"

# load LABEL SCRIPT PATH URL…: wrk on every URL at once, the connections split between them.
load() {
    local label="$1" script="$2" path="$3"; shift 3
    local connections=$((CONNECTIONS / $#)) threads=$(( THREADS / $# > 0 ? THREADS / $# : 1 )) index=0
    local average runs=()
    average="$(cut -d' ' -f1-3 /proc/loadavg)"
    for url in "$@"; do
        wrk --threads "$threads" --connections "$connections" --duration "$DURATION" --latency --script "$script" "$url$path" >"$WORK/wrk-$index.txt" &
        runs+=($!)
        index=$((index + 1))
    done
    wait "${runs[@]}"
    cat "$WORK"/wrk-*.txt | awk -v label="$label" -v average="$average" '
        function ms(text) { if (text ~ /us$/) return text * 0.001; if (text ~ /ms$/) return text + 0; if (text ~ /s$/) return text * 1000; return text }
        /Requests\/sec/ { rate += $2 }
        $1 == "99%" { if (ms($2) > p99) p99 = ms($2) }
        /Non-2xx/ { errors += $NF }
        END { printf "%-58s %10.0f req/s  p99 %8.1f ms  non-2xx %d  load %s\n", label, rate, p99, errors, average }'
    rm -f "$WORK"/wrk-*.txt
}

echo "ohk serve load, $(nproc) cores, wrk $THREADS threads, $CONNECTIONS connections in all, $DURATION each" >&2
unset OHK_POSTGRES
start_server sqlite SQLITE --max-body-bytes 4194304 --rate 1000000 --burst 1000000
register --store "$WORK/sqlite"
scripts sqlite
python3 scripts/bench/load_samples.py seed "$SQLITE" "$READER"
use_postgres "$DATABASE" "${OHK_LOAD_POSTGRES_PORT:-55452}"
register --store "$WORK/postgres-a"
scripts postgres
start_server postgres-a FIRST --max-body-bytes 4194304 --rate 1000000 --burst 1000000
start_server postgres-b SECOND --max-body-bytes 4194304 --rate 1000000 --burst 1000000
python3 scripts/bench/load_samples.py seed "$FIRST" "$READER"

for setup in "SQLite, one server|sqlite|$SQLITE" "PostgreSQL, one server|postgres|$FIRST" "PostgreSQL, two servers|postgres|$FIRST $SECOND"; do
    IFS='|' read -r name tag urls <<<"$setup"
    # shellcheck disable=SC2086
    load "$name: one day, hourly buckets" "$WORK/get-$tag.lua" "$DAY" $urls
    # shellcheck disable=SC2086
    load "$name: a week, daily buckets" "$WORK/get-$tag.lua" "$WEEK" $urls
done
for setup in "SQLite, one server|sqlite|$SQLITE" "PostgreSQL, one server|postgres|$FIRST" "PostgreSQL, two servers|postgres|$FIRST $SECOND"; do
    IFS='|' read -r name tag urls <<<"$setup"
    # shellcheck disable=SC2086
    load "$name: ingest, requests of 1,000 samples" "$WORK/post-$tag.lua" "/samples" $urls
done
