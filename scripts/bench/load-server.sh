#!/usr/bin/env bash
# Load figures for `ohk serve` on this machine: wrk (Debian's) against a release build on a loopback port, for ingest
# (POST /samples, batches of 1,000 step samples) and for daily statistics (GET /statistics/collection, one day in
# hourly buckets, and a week in days). Prints requests/s, samples/s and p99 latency. Only 127.0.0.1 is ever a target;
# every run is bounded by wrk's --duration.
# Usage: scripts/bench/load-server.sh [--duration 10s] [--connections 16] [--threads 2]
# OHK_BINARY=/path/to/ohk runs that build instead of building this tree (figures of another revision in the same run).
set -euo pipefail
cd "$(dirname "$0")/../.."
# The benchmark executables exist only with OHK_BENCHMARKS set (Package.swift); every script that builds into
# .build-release sets it, so that they share one package graph there.
export OHK_BENCHMARKS=1

DURATION=10s
CONNECTIONS=16
THREADS=2
while [[ $# -gt 0 ]]; do
    case "$1" in
        --duration) DURATION="$2"; shift 2 ;;
        --connections) CONNECTIONS="$2"; shift 2 ;;
        --threads) THREADS="$2"; shift 2 ;;
        *) echo "usage: scripts/bench/load-server.sh [--duration 10s] [--connections 16] [--threads 2]" >&2; exit 2 ;;
    esac
done

if ! command -v wrk >/dev/null 2>&1; then
    echo "installing wrk (Debian)" >&2
    apt-get update -qq && apt-get install -y -qq wrk >&2
fi
if [[ -n "${OHK_BINARY:-}" ]]; then
    OHK="$OHK_BINARY"
else
    swift build -c release --scratch-path .build-release --product ohk >&2
    OHK="$(swift build -c release --scratch-path .build-release --show-bin-path)/ohk"
fi

WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
    [[ -n "$SERVER_PID" ]] && kill -TERM "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT

# Two people: one receives the ingest load, the other holds a year of steps (96 samples a day) for the statistics.
"$OHK" users add ingest --store "$WORK/server" >/dev/null
"$OHK" users add reader --store "$WORK/server" >/dev/null
TOKEN="$("$OHK" clients add ingest com.example.load --share stepCount --read stepCount --store "$WORK/server" 2>/dev/null)"
READER="$("$OHK" clients add reader com.example.load --share stepCount --read stepCount --store "$WORK/server" 2>/dev/null)"
"$OHK" serve --store "$WORK/server" --port 0 --log-level warning --max-body-bytes 4194304 --rate 1000000 --burst 1000000 >"$WORK/serve.log" 2>&1 &
SERVER_PID=$!
PORT="$(scripts/lib/serve-port.sh "$WORK/serve.log" || true)"
[[ -n "$PORT" ]] || exit 1
URL="http://127.0.0.1:$PORT"

# One batch of 1,000 one-minute step samples over 2024-03-10 (no uuids: each request saves 1,000 new samples).
python3 scripts/bench/load_samples.py batch "$WORK/batch.json"
cat >"$WORK/post.lua" <<LUA
wrk.method = "POST"
wrk.headers["Authorization"] = "Bearer $TOKEN"
wrk.headers["Content-Type"] = "application/json"
local file = io.open("$WORK/batch.json", "r")
wrk.body = file:read("*a")
file:close()
LUA
cat >"$WORK/get.lua" <<LUA
wrk.headers["Authorization"] = "Bearer $READER"
LUA

# The reader's year: 2023-03-11 to 2024-03-10, a sample every 15 minutes, posted in batches of 1,000.
python3 scripts/bench/load_samples.py seed "$URL" "$READER"

# wrk's summary: requests/s, p99 latency, non-2xx count.
run() {
    local name="$1" script="$2" path="$3"
    local out
    out="$(wrk --threads "$THREADS" --connections "$CONNECTIONS" --duration "$DURATION" --latency --script "$script" "$URL$path")"
    local rate p99 errors
    rate="$(printf '%s\n' "$out" | awk '/Requests\/sec/ {print $2}')"
    p99="$(printf '%s\n' "$out" | awk '$1 == "99%" {print $2}')"
    errors="$(printf '%s\n' "$out" | awk '/Non-2xx/ {print $NF}')"
    printf '%-44s %12s req/s  p99 %8s  non-2xx %s\n' "$name" "$rate" "$p99" "${errors:-0}"
    LAST_RATE="$rate"
}

echo "ohk serve load, $(nproc) cores, wrk $THREADS threads, $CONNECTIONS connections, $DURATION each, 127.0.0.1:$PORT"
run "ingest: POST /samples (1,000 samples each)" "$WORK/post.lua" "/samples"
awk -v rate="$LAST_RATE" 'BEGIN { printf "%-44s %12.0f samples/s\n", "  = samples ingested", rate * 1000 }'
run "daily statistics: one day, hourly buckets" "$WORK/get.lua" \
    "/statistics/collection?type=stepCount&startDate=2024-03-10&endDate=2024-03-11&interval=1h&timeZone=America/Los_Angeles"
run "daily statistics: a week, daily buckets" "$WORK/get.lua" \
    "/statistics/collection?type=stepCount&startDate=2024-03-04&endDate=2024-03-11&interval=1d&timeZone=America/Los_Angeles"
run "health check: GET /health" "$WORK/get.lua" "/health"
