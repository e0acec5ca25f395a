#!/usr/bin/env bash
# A real MCP client against the MCP server: PyPI's `mcp` SDK (scripts/ci/check_mcp.py) imports nothing itself; this
# script imports ../shared/fixtures/comocomo-export.xml (24 sources, nights of sleep, workouts) into a temporary store
# with the built `ohk`, then the client starts `ohk mcp` over stdio, lists the tools and checks `statistics`, `sleep`
# and `workouts` against `ohk stats`, `ohk sleep` and `ohk workouts --format json` for the same period (June and July
# 2017, in the export's zone: every date in it is +0200, Africa/Johannesburg); then the same over streamable HTTP
# against `/mcp` of `ohk serve` with two apps of one person, one with full access and one granted nothing, which sees
# no data. Skips, saying so, when the fixture is absent. About 15 s once the venv exists.
#
# The SDK from PyPI at the version of scripts/ci/mcp-requirements.txt, installed on first use into .venv-mcp/ (ignored
# by git), as check-contract.sh installs schemathesis.
#
# Usage: scripts/ci/check-mcp.sh [--no-build]
#        OHK_SCRATCH picks the build folder (default .build); OHK_SHARED_FIXTURES the fixtures folder.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [[ $# -gt 1 || ( $# -eq 1 && "$1" != --no-build ) ]]; then echo "usage: $0 [--no-build]" >&2; exit 2; fi

FIXTURES="${OHK_SHARED_FIXTURES:-../shared/fixtures}"
EXPORT="$FIXTURES/comocomo-export.xml"
if [[ ! -f "$EXPORT" ]]; then
    echo "check-mcp: SKIPPED: $EXPORT is absent (see ../shared/fixtures/README.md; OHK_SHARED_FIXTURES points elsewhere)"
    exit 0
fi

OHK="$(scripts/lib/ohk-binary.sh "$@")"
VENV=".venv-mcp"
scripts/lib/python-venv.sh "$VENV" scripts/ci/mcp-requirements.txt check-mcp

WORK="$(mktemp -d /tmp/ohk-mcp.XXXXXX)"
# Stops the server and removes WORK on exit.
source scripts/lib/server-processes.sh
STORE="$WORK/health.sqlite"
"$OHK" import "$EXPORT" --store "$STORE" >/dev/null

# The server: one person, the export imported through the API by an app with full access; an app granted nothing.
SRV="$WORK/server"
"$OHK" people add alice --store "$SRV" >/dev/null 2>&1
FULL="$("$OHK" clients add alice com.example.assistant --full-access --store "$SRV" 2>/dev/null)"
NONE="$("$OHK" clients add alice com.example.nothing --store "$SRV" 2>/dev/null)"
"$OHK" serve --store "$SRV" --port 0 >"$WORK/serve.log" 2>&1 &
SERVER_PIDS+=($!)
PORT="$(scripts/lib/serve-port.sh "$WORK/serve.log")"
code="$(curl -s -o "$WORK/import.out" -w '%{http_code}' -X POST -H "Authorization: Bearer $FULL" \
    -H "Content-Type: application/xml" --data-binary "@$EXPORT" "http://127.0.0.1:$PORT/import")"
if [[ "$code" != 200 ]] || ! grep -q '"report"' "$WORK/import.out"; then
    echo "check-mcp: FAILED: POST /import answered $code: $(tail -c 500 "$WORK/import.out")" >&2
    exit 1
fi

started=$SECONDS
if "$VENV/bin/python" scripts/ci/check_mcp.py "$OHK" "$STORE" Africa/Johannesburg 2017-06-01 2017-07-31 2017-08-01 \
    "$PORT" "$FULL" "$NONE"; then
    echo "check-mcp: passed in $((SECONDS - started)) s"
else
    echo "check-mcp: FAILED (server log: last lines below)" >&2
    tail -n 20 "$WORK/serve.log" >&2
    exit 1
fi
