#!/usr/bin/env bash
# Screenshots the web page (`GET /`) in headless Chromium (Debian's `chromium`), so that it can be looked at: a fresh
# server directory with one person, 31 days of generated data up to today (`ohk demo`: its resting heart rate has
# gaps on the days the Watch charged and the day without data, its sleep three overlapping sources and a week in
# another time zone), a client that reads the four types, `ohk serve` on a free loopback port, and Chromium opening
# `/?token=…` (the server sets the cookie and redirects to `/`).
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
token="$("$ohk" clients add alice com.example.dashboard --read stepCount --read activeEnergyBurned --read restingHeartRate \
    --read sleepAnalysis --store "$server" 2>/dev/null)"
"$ohk" --store "$server/people/alice.sqlite" demo --tz "$zone" --days 31 >/dev/null

"$ohk" serve --store "$server" --port 0 --tz "$zone" >"$work/serve.log" 2>&1 &
serve_pid=$!
port="$(scripts/lib/serve-port.sh "$work/serve.log")"

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
