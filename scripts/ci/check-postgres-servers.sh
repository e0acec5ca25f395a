#!/usr/bin/env bash
# Two `ohk serve --postgres` processes on one PostgreSQL database, several writer processes and several anchored reader
# processes (scripts/ci/postgres_feed_check.py), every store transaction pausing a random time up to 15 ms inside
# (--transaction-pause-ms): each writer saves batches alternately through both servers and deletes some of its samples
# through the other one; each reader follows /changes from anchor 0 with random page sizes and long-polls, alternating
# servers page by page. Fails unless every reader saw every change exactly once. Also checks that a revocation made
# through one server's database holds on the other at the next request.
# Usage: scripts/ci/check-postgres-servers.sh [--no-build]   (OHK_TEST_POSTGRES_URL, else a throwaway server is started)
set -euo pipefail
cd "$(dirname "$0")/../.."
WRITERS="${WRITERS:-4}" READERS="${READERS:-4}" BATCHES="${BATCHES:-24}" SIZE="${SIZE:-20}"

[[ "${1:-}" == "--no-build" ]] || swift build --product ohk >&2
OHK="$(swift build --show-bin-path)/ohk"
WORK="$(mktemp -d)"
source scripts/lib/server-processes.sh
use_postgres "${OHK_TEST_POSTGRES_URL:-}" 56532

PERSON="feed-$(date +%s)-$$"
"$OHK" users add "$PERSON" --store "$WORK/a" >/dev/null
TOKEN="$("$OHK" clients add "$PERSON" com.example.feed --share stepCount --read stepCount --store "$WORK/a" 2>/dev/null)"
start_server a FIRST --transaction-pause-ms 15 --rate 100000 --burst 100000
start_server b SECOND --transaction-pause-ms 15 --rate 100000 --burst 100000
URLS=("$FIRST" "$SECOND")
echo "servers: ${URLS[*]} on $(sed -E 's#(://[^:/@]*):[^@]*@#\1:***@#' <<<"$OHK_POSTGRES")"

READER_PIDS=() WRITER_PIDS=()
for i in $(seq 1 "$READERS"); do
    python3 scripts/ci/postgres_feed_check.py reader "$WORK/reader-$i.json" "$i" "$WORK/done" "$TOKEN" "${URLS[@]}" &
    READER_PIDS+=($!)
done
for i in $(seq 1 "$WRITERS"); do
    python3 scripts/ci/postgres_feed_check.py writer "$WORK/writer-$i.json" "$i" "$BATCHES" "$SIZE" "$TOKEN" "${URLS[@]}" &
    WRITER_PIDS+=($!)
done
for pid in "${WRITER_PIDS[@]}"; do wait "$pid"; done
touch "$WORK/done"
for pid in "${READER_PIDS[@]}"; do wait "$pid"; done
python3 scripts/ci/postgres_feed_check.py verify "$WORK"

# A revocation through the shared registry holds on both servers at the next request.
"$OHK" clients revoke "$PERSON" com.example.feed --store "$WORK/b" >/dev/null
python3 scripts/ci/postgres_feed_check.py refused "$TOKEN" "${URLS[@]}"
