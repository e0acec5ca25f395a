#!/usr/bin/env bash
# Screenshots the web page (`GET /`) in headless Chromium (Debian's `chromium`), so that it can be looked at: a fresh
# server directory with one person, 31 days of generated data up to today (`ohk demo`) plus a daily resting heart
# rate with a few days missing (the generator makes none), a client that reads the four types, `ohk serve` on a free
# loopback port, and Chromium opening `/?token=…` (the server sets the cookie and redirects to `/`).
# Usage: scripts/dev/screenshot-dashboard.sh [--no-build] [PNG]   (default PNG: /tmp/dashboard.png)
# Skips (exit 0, with a message) when chromium is missing: apt-get install -y chromium. Not part of CI.
# OHK_SCRATCH picks the build folder (default .build); ZONE the time zone (default America/Los_Angeles).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=1
if [[ "${1:-}" == "--no-build" ]]; then build=0; shift; fi
png="${1:-/tmp/dashboard.png}"
zone="${ZONE:-America/Los_Angeles}"
browser="$(command -v chromium || command -v chromium-browser || true)"
if [[ -z "$browser" ]]; then
    echo "screenshot-dashboard: chromium is missing (apt-get install -y chromium); skipped" >&2
    exit 0
fi
SCRATCH="${OHK_SCRATCH:-.build}"
if [[ $build -eq 1 ]]; then swift build --scratch-path "$SCRATCH" --product ohk >/dev/null; fi
ohk="$(swift build --scratch-path "$SCRATCH" --show-bin-path)/ohk"
work="$(mktemp -d)"
serve_pid=""
cleanup() {
    if [[ -n "$serve_pid" ]]; then kill -TERM "$serve_pid" 2>/dev/null || true; wait "$serve_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

server="$work/server"
"$ohk" users add alice --store "$server" >/dev/null 2>&1
health="$("$ohk" clients add alice com.apple.Health --full-access --store "$server" 2>/dev/null)"
token="$("$ohk" clients add alice com.example.dashboard --read stepCount --read activeEnergyBurned --read restingHeartRate \
    --read sleepAnalysis --store "$server" 2>/dev/null)"
"$ohk" --store "$server/people/alice.sqlite" demo --tz "$zone" --days 31 >/dev/null

"$ohk" serve --store "$server" --port 0 --tz "$zone" >"$work/serve.log" 2>&1 &
serve_pid=$!
port="$(scripts/lib/serve-port.sh "$work/serve.log")"

# Resting heart rate, one a morning, days 5, 6 and 12 back left out (gaps in the line), as the Health app saves it.
python3 - "$port" "$health" "$zone" <<'PY'
import datetime, json, sys, urllib.request, zoneinfo
port, token, zone = sys.argv[1], sys.argv[2], zoneinfo.ZoneInfo(sys.argv[3])
today = datetime.datetime.now(zone).date()
samples = []
for back in range(30):
    if back in (5, 6, 12):
        continue
    day = today - datetime.timedelta(days=back)
    moment = datetime.datetime.combine(day, datetime.time(7, 0), zone)
    samples.append({"type": "restingHeartRate", "startDate": moment.isoformat(), "value": 56 + (back * 7) % 9, "unit": "count/min"})
request = urllib.request.Request(f"http://127.0.0.1:{port}/samples", method="POST", data=json.dumps({"samples": samples}).encode(),
                                 headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
urllib.request.urlopen(request, timeout=10).read()
PY

rm -f "$png"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/chromium" --screenshot="$png" \
    --window-size=1280,2000 "http://127.0.0.1:$port/?token=$token" >"$work/chromium.log" 2>&1 || true
if [[ ! -s "$png" ]]; then
    echo "screenshot-dashboard: chromium wrote no screenshot; its log:" >&2
    cat "$work/chromium.log" >&2
    exit 1
fi
# What the browser was shown: the page after the redirect, read with the cookie as the browser sent it.
page="$(curl -s -H "Cookie: ohk_token=$token" "http://127.0.0.1:$port/")"
for id in 'id="heading"' 'id="steps-chart"' 'id="active-energy-chart"' 'id="resting-heart-rate-chart"' 'id="sleep-chart"'; do
    if [[ "$page" != *"$id"* ]]; then echo "screenshot-dashboard: the page lacks $id" >&2; exit 1; fi
done
echo "$png"
