#!/usr/bin/env bash
# Checks of the `ohk` command line where a shell is the point: the environment picking the store (OHK_STORE,
# XDG_DATA_HOME, HOME), files looked at from outside (the trends SVG rendered by rsvg-convert, the typical-day cache
# reused or rewritten) and a running `ohk serve` (HTTP, a revocation and a removal seen at once, SIGTERM, HTTPS with
# openssl and curl). Help texts, exit codes, the --store/--tz rules, output formats, --client privacy and refusals
# are tested from `swift test` by Tests/ohkTests, which runs the built binary.
# Usage: scripts/ci/check-cli.sh [--no-build]    (run from anywhere; OHK_SCRATCH picks the build folder, default .build)
set -u
cd "$(dirname "$0")/../.."

SCRATCH="${OHK_SCRATCH:-.build}"
if [[ "${1:-}" != "--no-build" ]]; then
    log="$(mktemp)"
    swift build --scratch-path "$SCRATCH" --product ohk >"$log" 2>&1 || { echo "build failed:"; cat "$log"; rm -f "$log"; exit 2; }
    rm -f "$log"
fi
OHK="$(swift build --scratch-path "$SCRATCH" --show-bin-path)/ohk"

passed=0
failed=0

# check NAME EXPECTED_EXIT EXPECTED_STDOUT EXPECTED_STDERR_SUBSTRING -- ARGS...
# EXPECTED_STDOUT is compared exactly ("*" skips it); the stderr check is a substring match ("" skips it).
check() {
    local name="$1" want_code="$2" want_out="$3" want_err="$4"
    shift 5
    local out err code
    out="$("$OHK" "$@" 2>/tmp/ohk-check-stderr.$$)"
    code=$?
    err="$(cat /tmp/ohk-check-stderr.$$)"
    rm -f /tmp/ohk-check-stderr.$$
    local ok=1
    if [[ "$want_code" == "nonzero" ]]; then
        [[ $code -ne 0 ]] || ok=0
    else
        [[ $code -eq $want_code ]] || ok=0
    fi
    [[ "$want_out" == "*" || "$out" == "$want_out" ]] || ok=0
    [[ -z "$want_err" || "$err" == *"$want_err"* ]] || ok=0
    if [[ $ok -eq 1 ]]; then
        passed=$((passed + 1))
        echo "ok    $name"
    else
        failed=$((failed + 1))
        echo "FAIL  $name"
        echo "      ohk $*"
        echo "      exit $code (wanted $want_code)"
        echo "      stdout: $out"
        echo "      stdout wanted: $want_out"
        echo "      stderr: $err"
        [[ -n "$want_err" ]] && echo "      stderr wanted to contain: $want_err"
    fi
}

# The store picked by the environment when --store is not given: OHK_STORE, then the XDG default, then ~/.local/share.
STORE_DIR="$(mktemp -d)"
trap 'rm -rf "$STORE_DIR"' EXIT
info="$(env -u XDG_DATA_HOME OHK_STORE="$STORE_DIR/env.sqlite" "$OHK" store info 2>&1)"
if [[ $? -eq 0 && "$info" == "store: $STORE_DIR/env.sqlite"* ]]; then
    passed=$((passed + 1)); echo "ok    OHK_STORE picks the store"
else
    failed=$((failed + 1)); echo "FAIL  OHK_STORE picks the store"; echo "$info"
fi
info="$(env -u OHK_STORE XDG_DATA_HOME="$STORE_DIR/xdg" "$OHK" store info 2>&1)"
if [[ $? -eq 0 && "$info" == "store: $STORE_DIR/xdg/openhealthkit/health.sqlite"* && -f "$STORE_DIR/xdg/openhealthkit/health.sqlite" ]]; then
    passed=$((passed + 1)); echo "ok    the default store is created under XDG_DATA_HOME"
else
    failed=$((failed + 1)); echo "FAIL  the default store under XDG_DATA_HOME"; echo "$info"
fi
info="$(env -u OHK_STORE -u XDG_DATA_HOME HOME="$STORE_DIR/home" "$OHK" store info 2>&1)"
if [[ $? -eq 0 && "$info" == "store: $STORE_DIR/home/.local/share/openhealthkit/health.sqlite"* ]]; then
    passed=$((passed + 1)); echo "ok    without XDG_DATA_HOME the default store is under ~/.local/share"
else
    failed=$((failed + 1)); echo "FAIL  the default store under ~/.local/share"; echo "$info"
fi

# The trends chart and the typical-day cache on a demo store.
Q="$STORE_DIR/demo.sqlite"
"$OHK" demo --store "$Q" --date 2024-03-10 --tz America/Los_Angeles --days 2 >/dev/null 2>&1
# trends --svg: a well-formed SVG with both axes (24 hour marks on the 23-hour spring-forward day), both series, the
# projection, the goal and the legend; rendered to PNG when rsvg-convert is installed (.ci/run installs it).
svg="$STORE_DIR/trends.svg"
"$OHK" trends --store "$Q" --tz America/Los_Angeles --date 2024-03-10 --days 1 --format json --svg "$svg" >/dev/null 2>&1
shape="$(python3 - "$svg" <<'PY' 2>&1
import sys, xml.etree.ElementTree as tree
n = "{http://www.w3.org/2000/svg}"
root = tree.parse(sys.argv[1]).getroot()
groups = {g.get("id"): g for g in root.iter(n + "g") if g.get("id")}
hours = [t.text for t in groups["hour-axis"].iter(n + "text") if t.get("class") == "tick"]
values = [t.text for t in groups["value-axis"].iter(n + "text")]
series = all(groups[name].find(n + "polyline") is not None for name in ("today", "typical-day"))
legend = [t.text for t in groups["legend"].iter(n + "text")]
print(root.tag == n + "svg", len(hours), "02" not in hours, values[0], series, "goal" in groups and "projection" in groups, legend[:2])
PY
)"
if [[ "$shape" == "True 24 True 0 kcal True True ['today', 'typical day (average of the last 1 day)']" ]]; then
    passed=$((passed + 1)); echo "ok    trends --svg writes an SVG with hour and value axes, both series, goal, projection and legend"
else
    failed=$((failed + 1)); echo "FAIL  trends --svg: $shape"
fi
if command -v rsvg-convert >/dev/null 2>&1; then
    if rsvg-convert --format png --output "$STORE_DIR/trends.png" "$svg" && [[ "$(head -c 8 "$STORE_DIR/trends.png" | od -An -tx1 | tr -d ' \n')" == "89504e470d0a1a0a" ]]; then
        passed=$((passed + 1)); echo "ok    the SVG renders to a PNG (rsvg-convert)"
    else
        failed=$((failed + 1)); echo "FAIL  rsvg-convert could not render $svg"
    fi
else
    echo "skip  rendering the SVG (rsvg-convert is not installed: apt-get install -y librsvg2-bin)"
fi
# The typical-day cache: beside the store by default, reused on the next run, a corrupt one rewritten; --cache, --no-cache.
cache_file="$Q.trends-cache.json"
computed_at() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["formatVersion"], d["computedAt"])' "$1" 2>&1; }
# A rewrite replaces the file (a new inode and modification time), a reuse leaves it alone.
"$OHK" trends --store "$Q" --tz America/Los_Angeles --date 2024-03-10 --days 1 --format json >/dev/null 2>&1
first="$(computed_at "$cache_file") $(stat -c '%i %y' "$cache_file")"
"$OHK" trends --store "$Q" --tz America/Los_Angeles --date 2024-03-10 --days 1 --format json >/dev/null 2>&1
if [[ "$first" == "1 "* && "$(computed_at "$cache_file") $(stat -c '%i %y' "$cache_file")" == "$first" ]]; then
    passed=$((passed + 1)); echo "ok    trends keeps the typical day beside the store and reuses it"
else
    failed=$((failed + 1)); echo "FAIL  trends cache beside the store: $first / $(computed_at "$cache_file") $(stat -c '%i %y' "$cache_file")"
fi
echo 'not json' > "$cache_file"
kept="$("$OHK" trends --store "$Q" --tz America/Los_Angeles --date 2024-03-10 --days 1 --format json 2>&1)"
fresh="$("$OHK" trends --store "$Q" --tz America/Los_Angeles --date 2024-03-10 --days 1 --format json --no-cache 2>&1)"
if [[ "$kept" == "$fresh" && "$kept" == '{"type":'* && "$(computed_at "$cache_file")" == "1 "* ]]; then
    passed=$((passed + 1)); echo "ok    a corrupt cache is ignored and rewritten; the figures match --no-cache"
else
    failed=$((failed + 1)); echo "FAIL  corrupt cache: $kept / $fresh / $(computed_at "$cache_file")"
fi
"$OHK" trends --store "$Q" --format json --cache "$STORE_DIR/elsewhere.json" >/dev/null 2>&1
"$OHK" store info --store "$STORE_DIR/empty.sqlite" >/dev/null 2>&1
"$OHK" trends --store "$STORE_DIR/empty.sqlite" --format json --no-cache >/dev/null 2>&1
if [[ -f "$STORE_DIR/elsewhere.json" && ! -e "$STORE_DIR/empty.sqlite.trends-cache.json" ]]; then
    passed=$((passed + 1)); echo "ok    --cache PATH writes there; --no-cache writes no cache"
else
    failed=$((failed + 1)); echo "FAIL  --cache / --no-cache"
fi

# The server: `ohk serve` on a loopback port over a server folder, a save and a statistics query over HTTP
# (python3's urllib), a revocation and a person's removal seen at once, and a graceful stop on SIGTERM.
SRV="$STORE_DIR/server"
"$OHK" people add alice --store "$SRV" >/dev/null 2>&1
TOKEN="$("$OHK" clients add alice com.example.app --share stepCount --read stepCount --store "$SRV" 2>/dev/null)"
"$OHK" serve --store "$SRV" --port 0 >"$STORE_DIR/serve.log" 2>&1 &
SERVE_PID=$!
PORT="$(scripts/lib/serve-port.sh "$STORE_DIR/serve.log" || true)"
http_result="$(python3 - "$PORT" "$TOKEN" <<'PY' 2>&1
import json, sys, urllib.request, urllib.error
port, token = sys.argv[1], sys.argv[2]
def call(method, path, body=None, token=token):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, data=json.dumps(body).encode() if body else None)
    request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
sample = {"type": "stepCount", "startDate": "2024-03-10T08:00:00-07:00", "endDate": "2024-03-10T09:00:00-07:00", "value": 1234, "unit": "count"}
status, saved = call("POST", "/samples", {"samples": [sample]})
status2, stats = call("GET", "/statistics/collection?type=stepCount&startDate=2024-03-10&endDate=2024-03-11&interval=1d&timeZone=America/Los_Angeles")
page_request = urllib.request.Request(f"http://127.0.0.1:{port}/?timeZone=America/Los_Angeles", headers={"Authorization": f"Bearer {token}"})
with urllib.request.urlopen(page_request, timeout=10) as response:
    page = response.read().decode()
    shown = response.headers["Content-Type"].startswith("text/html") and all(f'<section id="{part}">' in page for part in ("overview", "activity", "sleep", "heart", "body", "workouts"))
print(status, status2, stats["statistics"][0]["sum"], stats["statistics"][0]["end"], "page" if shown else "no page")
PY
)"
if [[ "$http_result" == "201 200 1234 2024-03-11T00:00:00-07:00 page" ]]; then
    passed=$((passed + 1)); echo "ok    serve: a sample saved over HTTP, the day's sum on a spring-forward day, the web page's report sections"
else
    failed=$((failed + 1)); echo "FAIL  serve over HTTP: $http_result"; cat "$STORE_DIR/serve.log"
fi
"$OHK" clients revoke alice com.example.app --store "$SRV" >/dev/null 2>&1
revoked="$(python3 -c "
import sys, urllib.request, urllib.error
request = urllib.request.Request('http://127.0.0.1:$PORT/samples?type=stepCount', headers={'Authorization': 'Bearer $TOKEN'})
try:
    urllib.request.urlopen(request, timeout=10); print('200')
except urllib.error.HTTPError as error:
    print(error.code)
" 2>&1)"
if [[ "$revoked" == "401" ]]; then passed=$((passed + 1)); echo "ok    serve: a revoked token is refused at once"; else failed=$((failed + 1)); echo "FAIL  serve after revoke: $revoked"; fi
# A person's data over its life, on the running server: export (imports back), backup, removal (the token refused at
# once, the file gone), the same name added again starts empty.
"$OHK" people add carol --store "$SRV" >/dev/null 2>&1
CAROL="$("$OHK" clients add carol com.example.app --share stepCount --read stepCount --store "$SRV" 2>/dev/null)"
carol_call() {  # carol_call METHOD PATH TOKEN [BODY]: prints the status and the number of samples answered
    python3 - "$PORT" "$@" <<'PY' 2>&1
import json, sys, urllib.request, urllib.error
port, method, path, token = sys.argv[1:5]
body = sys.argv[5].encode() if len(sys.argv) > 5 else None
request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method, data=body, headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
try:
    with urllib.request.urlopen(request, timeout=10) as response:
        print(response.status, len(json.loads(response.read()).get("samples", [])))
except urllib.error.HTTPError as error:
    print(error.code, 0)
PY
}
carol_call POST /samples "$CAROL" '{"samples": [{"type": "stepCount", "startDate": "2024-03-10T08:00:00-07:00", "endDate": "2024-03-10T09:00:00-07:00", "value": 321, "unit": "count"}]}' >/dev/null
"$OHK" people export carol --store "$SRV" --output "$STORE_DIR/carol.xml" >/dev/null 2>&1
"$OHK" --store "$STORE_DIR/carol-copy.sqlite" import "$STORE_DIR/carol.xml" --quiet >/dev/null 2>&1
"$OHK" --store "$SRV/people/carol.sqlite" store backup "$STORE_DIR/carol-backup.sqlite" >/dev/null 2>&1
"$OHK" people remove carol --store "$SRV" --yes >/dev/null 2>&1
removed="$(carol_call GET '/samples?type=stepCount' "$CAROL")"
files_left="$(ls "$SRV/people" | grep -c '^carol\.' || true)"
"$OHK" people add carol --store "$SRV" >/dev/null 2>&1
CAROL2="$("$OHK" clients add carol com.example.app --share stepCount --read stepCount --store "$SRV" 2>/dev/null)"
again="$(carol_call GET '/samples?type=stepCount' "$CAROL2")"
backup_samples="$("$OHK" --store "$STORE_DIR/carol-backup.sqlite" store info 2>&1 | grep '^samples:')"
copy_samples="$("$OHK" --store "$STORE_DIR/carol-copy.sqlite" store info 2>&1 | grep '^samples:')"
if [[ "$removed" == "401 0" && "$files_left" == "0" && "$again" == "200 0" && "$backup_samples" == "samples: 1" && "$copy_samples" == "samples: 1" ]]; then
    passed=$((passed + 1)); echo "ok    serve: a removed person's token is refused at once, their files gone; added again, they start empty; export and backup hold the sample"
else
    failed=$((failed + 1)); echo "FAIL  serve after people remove: removed '$removed', files left $files_left, again '$again', backup '$backup_samples', copy '$copy_samples'"
fi
kill -TERM "$SERVE_PID" 2>/dev/null
wait "$SERVE_PID"
serve_code=$?
if [[ $serve_code -eq 0 && "$(cat "$STORE_DIR/serve.log")" == *"stopped; stores closed"* && "$(cat "$STORE_DIR/serve.log")" == *"hb.request.id="* ]]; then
    passed=$((passed + 1)); echo "ok    serve stops gracefully on SIGTERM, stores closed, requests logged with ids"
else
    failed=$((failed + 1)); echo "FAIL  serve stop: exit $serve_code"; cat "$STORE_DIR/serve.log"
fi
# HTTPS: the README's openssl command for a self-signed certificate, `ohk serve --tls-certificate --tls-key`, curl
# trusting that certificate answered, curl trusting only the system's roots and plain HTTP refused; bad files refused.
TLS_DIR="$STORE_DIR/tls"
mkdir -p "$TLS_DIR"
if openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 365 -subj /CN=localhost \
    -addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout "$TLS_DIR/key.pem" -out "$TLS_DIR/cert.pem" >/dev/null 2>&1; then
    check "serve refuses a key that is not the certificate's" 2 "" "$TLS_DIR/cert.pem is not an unencrypted PEM private key" -- \
        serve --store "$SRV" --port 0 --tls-certificate "$TLS_DIR/cert.pem" --tls-key "$TLS_DIR/cert.pem"
    "$OHK" serve --store "$SRV" --port 0 --tls-certificate "$TLS_DIR/cert.pem" --tls-key "$TLS_DIR/key.pem" >"$STORE_DIR/serve-tls.log" 2>&1 &
    TLS_PID=$!
    TLS_PORT="$(scripts/lib/serve-port.sh "$STORE_DIR/serve-tls.log" || true)"
    trusted="$(curl -sS --max-time 10 --cacert "$TLS_DIR/cert.pem" --resolve "localhost:$TLS_PORT:127.0.0.1" "https://localhost:$TLS_PORT/health" 2>&1)"
    curl -sS --max-time 10 "https://127.0.0.1:$TLS_PORT/health" >/dev/null 2>&1
    untrusted=$?
    curl -sS --max-time 10 "http://127.0.0.1:$TLS_PORT/health" >/dev/null 2>&1
    plain=$?
    kill -TERM "$TLS_PID" 2>/dev/null
    wait "$TLS_PID"
    if [[ "$trusted" == '{"status":"ok"}' && $untrusted -eq 60 && $plain -ne 0 && "$(cat "$STORE_DIR/serve-tls.log")" == *"(HTTPS)"* ]]; then
        passed=$((passed + 1)); echo "ok    serve over HTTPS: answered with the certificate trusted, refused without it, no plain HTTP"
    else
        failed=$((failed + 1)); echo "FAIL  serve over HTTPS: trusted '$trusted', untrusted exit $untrusted, plain exit $plain"; cat "$STORE_DIR/serve-tls.log"
    fi
else
    failed=$((failed + 1)); echo "FAIL  openssl could not make a self-signed certificate"
fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
