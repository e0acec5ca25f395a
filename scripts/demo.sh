#!/usr/bin/env bash
# The main job: builds `ohk`, generates realistic data into an SQLite store (the embedded default backend), queries
# it (a terminal chart, then an HTML report in .demo/report.html), then imports a real Apple Health export
# (../shared/fixtures, when present) into the same store and asks for its daily steps merged across sources.
# Usage: scripts/demo.sh [ohk demo options, e.g. --date 2024-03-10 --tz America/Los_Angeles --days 90]
# It generates 30 days (the trip to another time zone included; --days changes it), and the report covers exactly the
# generated days, so that every chart is full. The store is .demo/health.sqlite (recreated on each run, ignored by git);
# your own store is never touched.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product ohk
ohk=.build/release/ohk
store=.demo/health.sqlite
mkdir -p .demo
rm -f "$store" "$store-wal" "$store-shm"
# The options the demo's days depend on (the last of each, as ohk reads them).
zone=()
days=30
last=""
args=("$@")
for ((i = 0; i + 1 < ${#args[@]}; i++)); do
    case "${args[i]}" in
        --tz | --time-zone) zone=(--tz "${args[i + 1]}") ;;
        --days) days="${args[i + 1]}" ;;
        --date) last="${args[i + 1]}" ;;
    esac
done
"$ohk" --store "$store" demo --days 30 "$@"
# The generated days: from `days - 1` days before the last one (--date, else today in the demo's time zone) to the
# day after it (the report's --to is exclusive). GNU date, else BSD date (macOS).
shift_day() { date -u -d "$1 $2 days" +%F 2>/dev/null || date -u -j -v"$2"d -f %F "$1" +%F; }
if [ -z "$last" ]; then
    if [ ${#zone[@]} -gt 0 ]; then last="$(TZ="${zone[1]}" date +%F)"; else last="$(date +%F)"; fi
fi
first="$(shift_day "$last" "-$((days - 1))")"
after="$(shift_day "$last" +1)"
# The generated days' steps as a chart, in the demo's time zone when one was given.
echo
echo "== ohk stats stepCount --interval 1d --chart bars (every generated day, sources merged)"
"$ohk" --store "$store" stats stepCount --interval 1d --chart bars ${zone[@]+"${zone[@]}"}
echo
echo "== ohk report --from $first --to $after (the generated days as one HTML page: activity, sleep, heart, body, workouts)"
"$ohk" --store "$store" report --name Alex --from "$first" --to "$after" --output .demo/report.html ${zone[@]+"${zone[@]}"}
export_file=../shared/fixtures/comocomo-export.xml
if [ -f "$export_file" ]; then
    echo
    echo "== ohk import $export_file (a real export: iPhone, Garmin, MyFitnessPal, … 2017)"
    "$ohk" --store "$store" import "$export_file"
    echo
    echo "== ohk types"
    "$ohk" --store "$store" types --tz America/New_York --format table
    echo
    echo "== ohk stats stepCount, daily, merged by source priority (first week of June 2017, New York)"
    "$ohk" --store "$store" stats stepCount --from 2017-06-01 --to 2017-06-08 --interval 1d --tz America/New_York --by-source --format table
fi
