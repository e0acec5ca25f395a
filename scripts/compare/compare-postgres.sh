#!/usr/bin/env bash
# PostgreSQL next to SQLite and memory in one run: bulk ingest samples/s, daily statistics latency over one person's
# minute data, anchored paging objects/s (release build of ohk-postgres-benchmark).
#   scripts/compare/compare-postgres.sh                 starts a throwaway server (scripts/lib/postgres-server.sh), 1,000,000 samples
#   scripts/compare/compare-postgres.sh URL [SAMPLES] [BATCH]   against your own database
# The table goes to standard output, progress to standard error.
set -euo pipefail
cd "$(dirname "$0")/../.."
# The benchmark executables exist only with OHK_BENCHMARKS set (Package.swift); every script that builds into
# .build-release sets it, so that they share one package graph there.
export OHK_BENCHMARKS=1
swift build -c release --scratch-path .build-release --product ohk-postgres-benchmark >&2
binary="$(swift build -c release --scratch-path .build-release --show-bin-path)/ohk-postgres-benchmark"
if [ $# -ge 1 ] && [[ "$1" == postgres* ]]; then
    exec "$binary" "$@"
fi
folder="$(mktemp -d /tmp/ohk-postgres-compare.XXXXXX)"
trap 'scripts/lib/postgres-server.sh stop "$folder"' EXIT
url="$(scripts/lib/postgres-server.sh start "$folder" "${OHK_COMPARE_POSTGRES_PORT:-55442}")"
"$binary" "$url" "$@"
