#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL server for the tests (Debian's PostgreSQL 15 binaries; never as root).
# Usage: scripts/lib/postgres-server.sh start DIR [PORT]   prints the URL to export as OHK_TEST_POSTGRES_URL
#        scripts/lib/postgres-server.sh stop DIR           stops the server and removes DIR
# The data folder and the unix socket live in DIR; the server listens on 127.0.0.1:PORT (default 55432; the next free
# one when that is taken) only. It is for tests: fsync is off, so a crash of the machine may lose it (it is thrown
# away anyway).
# Run as root, the server runs as the `postgres` user (runuser); otherwise as the calling user.
set -euo pipefail
command="${1:-}"
folder="${2:-}"
port="${3:-55432}"
if [ -z "$command" ] || [ -z "$folder" ]; then
    echo "usage: $0 start|stop DIR [PORT]" >&2
    exit 2
fi
bin="${POSTGRES_BIN:-/usr/lib/postgresql/15/bin}"
as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "$command" in
start)
    if [ ! -x "$bin/initdb" ]; then
        echo "postgres-server: $bin/initdb is missing (install Debian's postgresql-15)" >&2
        exit 1
    fi
    mkdir -p "$folder"
    if [ "$(id -u)" = 0 ]; then chown postgres "$folder"; fi
    as_owner "$bin/initdb" -D "$folder/data" -U postgres --auth=trust --no-sync -E UTF8 --locale=C.UTF-8 >"$folder/initdb.log" 2>&1 || {
        cat "$folder/initdb.log" >&2
        exit 1
    }
    # A port in use (another run's server) moves the server to the next one, up to ten times.
    started=""
    for attempt in 0 1 2 3 4 5 6 7 8 9; do
        if as_owner "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 60 \
            -o "-c listen_addresses=127.0.0.1 -p $port -k $folder -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
            start >/dev/null 2>&1; then
            started=yes
            break
        fi
        port=$((port + 1))
    done
    if [ -z "$started" ]; then
        cat "$folder/server.log" >&2
        exit 1
    fi
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres ohk_test
    echo "postgres://postgres@127.0.0.1:$port/ohk_test"
    ;;
stop)
    if [ -d "$folder/data" ]; then
        as_owner "$bin/pg_ctl" -D "$folder/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$folder"
    ;;
*)
    echo "usage: $0 start|stop DIR [PORT]" >&2
    exit 2
    ;;
esac
