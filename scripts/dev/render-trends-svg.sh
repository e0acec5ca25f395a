#!/usr/bin/env bash
# Renders `ohk trends --svg` charts to PNG with rsvg-convert (Debian's librsvg2-bin), so that they can be looked at:
# generated demo data (America/Los_Angeles) charted on the spring-forward day 2024-03-10 and the fall-back day
# 2024-11-03 (past days: the whole day and its total), and today (the curve so far and the projection).
# Usage: scripts/dev/render-trends-svg.sh [--no-build] [OUT_DIR]      (default OUT_DIR: .demo/trends, ignored by git)
# Prints the PNG files written. OHK_SCRATCH picks the build folder (default .build). Needs rsvg-convert:
#   apt-get install -y librsvg2-bin
set -euo pipefail
cd "$(dirname "$0")/../.."
build=1
if [[ "${1:-}" == "--no-build" ]]; then build=0; shift; fi
out="${1:-.demo/trends}"
SCRATCH="${OHK_SCRATCH:-.build}"
if ! command -v rsvg-convert >/dev/null 2>&1; then
    echo "render-trends-svg: rsvg-convert is missing; install it with: apt-get install -y librsvg2-bin" >&2
    exit 2
fi
if [[ $build -eq 1 ]]; then swift build --scratch-path "$SCRATCH" --product ohk >/dev/null; fi
ohk="$(swift build --scratch-path "$SCRATCH" --show-bin-path)/ohk"
zone=America/Los_Angeles
mkdir -p "$out"

# NAME DATE(yyyy-MM-dd or "today"): a fresh store with 10 days of demo data up to DATE, then its chart.
render() {
    local name="$1" date="$2" store="$out/$1.sqlite"
    rm -f "$store" "$store-wal" "$store-shm" "$store.trends-cache.json"
    local date_options=()
    [[ "$date" != today ]] && date_options=(--date "$date")
    "$ohk" --store "$store" demo --tz "$zone" --days 10 "${date_options[@]}" >/dev/null
    "$ohk" --store "$store" trends --tz "$zone" --days 9 "${date_options[@]}" --format json --svg "$out/$name.svg" >/dev/null
    rsvg-convert --format png --output "$out/$name.png" "$out/$name.svg"
    echo "$out/$name.png"
}
render spring-forward 2024-03-10
render fall-back 2024-11-03
render today today
