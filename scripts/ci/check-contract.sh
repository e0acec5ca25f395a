#!/usr/bin/env bash
# Contract test: schemathesis against a real `ohk serve` with the document the server serves (/openapi.yaml).
#
# A fresh server directory with two people (alice and bob), each with samples of every kind saved over HTTP, and for
# alice a full-access client and a restricted one (steps and heart rate). Schemathesis then sends, for every operation
# of the document, the document's examples, its coverage cases (boundaries, missing and wrong-typed parameters and
# bodies) and generated cases, valid and invalid, first as the full-access client, then (reading routes) as the
# restricted one. It fails on any 5xx, any status code, content type, header or body the document does not list for
# the operation, an invalid request answered 2xx, and an operation that answers without the token it requires.
#
# Schemathesis $SCHEMATHESIS_VERSION (below) from PyPI, with the dependency versions of scripts/ci/contract-requirements.txt,
# installed on first use into .venv-contract/ (ignored by git).
# Options: --phases examples,coverage,fuzzing (no stateful phase: the document has no links), --max-examples per
# operation and a fixed --seed (the same cases on every run; pass --seed to try others), --checks all but
# positive_data_acceptance (a schema-valid body can still name a type or unit that does not exist: 400 is right),
# --workers 1 (with two, hypothesis once failed inside Python 3.11's ast module, and two were no faster),
# --generation-database none, --request-timeout 30; scripts/ci/contract_hooks.py bounds the waits of /observe and
# /changes to one second. A wall-clock cap (--max-seconds, default 240 per pass) ends a pass that hangs, as a failure.
# Takes about 90 s on two cores with the default 30 examples per operation (plus about 30 s to install schemathesis on
# the first run, and building `ohk` without --no-build).
#
# Usage: scripts/ci/check-contract.sh [--no-build] [--examples N] [--seed S] [--max-seconds T]
#        OHK_SCRATCH picks the build folder (default .build); OHK_CONTRACT_OPTIONS adds schemathesis options (e.g.
#        --continue-on-failure); OHK_CONTRACT_DOCUMENT tests a document file instead of the served one (while editing it).
set -euo pipefail
cd "$(dirname "$0")/../.."

SCHEMATHESIS_VERSION="4.32.5"
EXAMPLES=30
SEED=17
MAX_SECONDS=240
BUILD=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-build) BUILD=0 ;;
        --examples) EXAMPLES="$2"; shift ;;
        --seed) SEED="$2"; shift ;;
        --max-seconds) MAX_SECONDS="$2"; shift ;;
        *) echo "usage: $0 [--no-build] [--examples N] [--seed S] [--max-seconds T]" >&2; exit 2 ;;
    esac
    shift
done

OHK="$(scripts/lib/ohk-binary.sh "$([[ $BUILD -eq 1 ]] || echo --no-build)")"

# schemathesis and its dependencies at the versions of scripts/ci/contract-requirements.txt, reinstalled when that changes.
VENV=".venv-contract"
scripts/lib/python-venv.sh "$VENV" scripts/ci/contract-requirements.txt check-contract
"$VENV/bin/st" --version | grep -q "version $SCHEMATHESIS_VERSION\$" || { echo "check-contract: $VENV does not hold schemathesis $SCHEMATHESIS_VERSION" >&2; exit 1; }

WORK="$(mktemp -d /tmp/ohk-contract.XXXXXX)"
SERVER_PID=""
cleanup() {
    if [[ -n "$SERVER_PID" ]]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

SRV="$WORK/server"
"$OHK" users add alice --store "$SRV" >/dev/null
"$OHK" users add bob --store "$SRV" >/dev/null
FULL="$("$OHK" clients add alice com.apple.Health --full-access --store "$SRV" 2>/dev/null)"
RESTRICTED="$("$OHK" clients add alice com.example.steps --share stepCount heartRate --read stepCount --store "$SRV" 2>/dev/null)"
BOB="$("$OHK" clients add bob com.apple.Health --full-access --store "$SRV" 2>/dev/null)"

# The rate limits, where this `ohk serve` has them, are raised far above what schemathesis sends: this run checks the
# answers, not the limits (a 429 is still checked against the document if one comes).
limits=()
serve_help="$("$OHK" serve --help 2>&1)"
for flag in --rate --anonymous-rate --sign-in-rate; do
    if [[ "$serve_help" == *"$flag "* ]]; then limits+=("$flag" 1000000); fi
done
"$OHK" serve --store "$SRV" --port 0 --log-level warning "${limits[@]}" >"$WORK/serve.log" 2>&1 &
SERVER_PID=$!
PORT="$(scripts/lib/serve-port.sh "$WORK/serve.log")"
BASE="http://127.0.0.1:$PORT"

# post TOKEN PATH BODY: a seeding request that must succeed.
post() {
    local code
    code="$(curl -sS -o "$WORK/seed.out" -w '%{http_code}' -X "${4:-POST}" -H "Authorization: Bearer $1" -H 'Content-Type: application/json' \
        --data-binary "$3" "$BASE$2")"
    if [[ "$code" != 2* ]]; then echo "check-contract: seeding $2 answered $code: $(cat "$WORK/seed.out")" >&2; exit 1; fi
}
SAMPLES='{"samples": [
  {"type": "stepCount", "startDate": "2024-03-10T08:00:00-08:00", "endDate": "2024-03-10T09:00:00-08:00", "value": 1200, "unit": "count"},
  {"type": "stepCount", "startDate": "2024-03-11T08:00:00-07:00", "endDate": "2024-03-11T08:30:00-07:00", "value": 640, "unit": "count", "metadata": {"HKMetadataKeySyncIdentifier": "walk-1", "HKMetadataKeySyncVersion": 1}},
  {"type": "heartRate", "startDate": "2024-03-10T08:10:00-08:00", "value": 72, "unit": "count/min"},
  {"type": "activeEnergyBurned", "startDate": "2024-03-10T10:00:00+01:00", "endDate": "2024-03-10T10:45:00+01:00", "value": 410, "unit": "kcal"},
  {"type": "sleepAnalysis", "startDate": "2024-03-10T01:00:00-08:00", "endDate": "2024-03-10T06:30:00-07:00", "value": "asleepCore"},
  {"type": "bloodPressure", "startDate": "2024-03-10T07:00:00Z", "objects": [{"type": "bloodPressureSystolic", "startDate": "2024-03-10T07:00:00Z", "value": 120, "unit": "mmHg"}, {"type": "bloodPressureDiastolic", "startDate": "2024-03-10T07:00:00Z", "value": 80, "unit": "mmHg"}]},
  {"type": "workout", "startDate": "2024-03-10T10:00:00+01:00", "endDate": "2024-03-10T10:45:00+01:00", "activityType": "running", "statistics": [{"type": "activeEnergyBurned", "sum": {"value": 410, "unit": "kcal"}}], "metadata": {"HKMetadataKeySyncIdentifier": "run-1", "HKMetadataKeySyncVersion": 1}}
]}'
post "$FULL" /samples "$SAMPLES"
post "$RESTRICTED" /samples '{"samples": [{"type": "stepCount", "startDate": "2024-03-10T12:00:00Z", "endDate": "2024-03-10T12:10:00Z", "value": 300, "unit": "count"}]}'
post "$BOB" /samples "$SAMPLES"
post "$FULL" '/sources/priority?type=stepCount' '{"order": ["com.example.steps", "com.apple.Health"]}' PUT
post "$FULL" '/samples?type=stepCount&startDate=2024-03-11T00:00:00Z&endDate=2024-03-12T00:00:00Z' '' DELETE

export SCHEMATHESIS_HOOKS=contract_hooks
export PYTHONPATH="$PWD/scripts/ci${PYTHONPATH:+:$PYTHONPATH}"
# run NAME TOKEN EXAMPLES [schemathesis options…]
# POST /mcp is left out: its bodies and its refusals (JSON-RPC error objects, not the API's ErrorBody) are the MCP
# SDK's, and a JSON-RPC body generated from `{type: object}` tests nothing of ours; scripts/ci/check-mcp.sh drives it
# with a real MCP client instead, and the OpenAPI tests check that it is in the document (docs/decisions/mcp.md).
run() {
    local name="$1" token="$2" examples="$3"
    shift 3
    echo "check-contract: $name"
    timeout --kill-after=10 "$MAX_SECONDS" "$VENV/bin/st" run "${OHK_CONTRACT_DOCUMENT:-$BASE/openapi.yaml}" --url "$BASE" \
        -H "Authorization: Bearer $token" \
        --phases examples,coverage,fuzzing --max-examples "$examples" --seed "$SEED" \
        --checks all --exclude-checks positive_data_acceptance --exclude-path /mcp \
        --workers 1 --generation-database none --request-timeout 30 --no-color --output-truncate true ${OHK_CONTRACT_OPTIONS:-} "$@"
}
started=$SECONDS
status=0
run "every operation as a full-access client ($EXAMPLES examples each, seed $SEED)" "$FULL" "$EXAMPLES" || status=$?
if [[ $status -eq 0 ]]; then
    run "the reading operations as a client reading only steps" "$RESTRICTED" "$((EXAMPLES / 3 + 1))" --include-method GET || status=$?
fi
if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "check-contract: ohk serve is no longer running; its log:" >&2
    cat "$WORK/serve.log" >&2
    status=1
fi
if [[ $status -eq 124 || $status -eq 137 ]]; then echo "check-contract: schemathesis ran over ${MAX_SECONDS}s and was stopped" >&2; fi
if [[ $status -ne 0 ]]; then
    echo "check-contract: FAILED after $((SECONDS - started)) s (server log: last lines below)" >&2
    tail -n 40 "$WORK/serve.log" >&2
    exit 1
fi
echo "check-contract: passed in $((SECONDS - started)) s (schemathesis $SCHEMATHESIS_VERSION, seed $SEED)"
