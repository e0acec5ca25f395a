# Sourced (not run) by the scripts that run several `ohk serve` processes on PostgreSQL (check-postgres-servers.sh,
# load-servers-postgres.sh). Needs WORK (a temporary folder) and, before servers start, OHK (the ohk binary). On exit
# it stops the servers, stops the throwaway PostgreSQL if it started one and removes WORK.
SERVER_PIDS=()
OWN_POSTGRES=""
stop_servers() {
    for pid in "${SERVER_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${SERVER_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    if [[ -n "$OWN_POSTGRES" ]]; then scripts/lib/postgres-server.sh stop "$OWN_POSTGRES"; fi
    rm -rf "$WORK"
}
trap stop_servers EXIT

# use_postgres URL PORT: exports OHK_POSTGRES (what `ohk serve` and `ohk users|clients` use) as URL, or when URL is
# empty as a throwaway server started on PORT (or the next free port).
use_postgres() {
    if [[ -z "$1" ]]; then
        OWN_POSTGRES="$(mktemp -d /tmp/ohk-postgres.XXXXXX)"
        OHK_POSTGRES="$(scripts/lib/postgres-server.sh start "$OWN_POSTGRES" "$2")"
    else
        OHK_POSTGRES="$1"
    fi
    export OHK_POSTGRES
}

# start_server NAME VARIABLE [ohk serve options…]: starts `ohk serve` on a free port with WORK/NAME as its directory,
# logging to WORK/NAME.log, and sets VARIABLE to its URL.
start_server() {
    local name="$1" variable="$2" port
    shift 2
    "$OHK" serve --store "$WORK/$name" --port 0 --log-level warning "$@" >"$WORK/$name.log" 2>&1 &
    SERVER_PIDS+=($!)
    port="$(scripts/lib/serve-port.sh "$WORK/$name.log")"
    printf -v "$variable" 'http://127.0.0.1:%s' "$port"
}

# release_ohk_and_wrk: installs wrk (Debian's) when missing and sets OHK to a release build of ohk.
release_ohk_and_wrk() {
    if ! command -v wrk >/dev/null 2>&1; then
        echo "installing wrk (Debian)" >&2
        apt-get update -qq && apt-get install -y -qq wrk >&2
    fi
    OHK_BENCHMARKS=1 swift build -c release --scratch-path .build-release --product ohk >&2
    OHK="$(OHK_BENCHMARKS=1 swift build -c release --scratch-path .build-release --show-bin-path)/ohk"
}
