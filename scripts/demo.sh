#!/usr/bin/env bash
# The main job: builds `ohk`, generates realistic data into an SQLite store (the embedded default backend), queries
# it (a terminal chart, then an HTML report in .demo/report.html), then imports a real Apple Health export
# (../shared/fixtures, when present) into the same store and asks for its daily steps merged across sources.
# Usage: scripts/demo.sh [ohk demo options, e.g. --date 2024-03-10 --tz America/Los_Angeles]
# The store is .demo/health.sqlite (recreated on each run, ignored by git); your own store is never touched.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product ohk
ohk=.build/release/ohk
store=.demo/health.sqlite
mkdir -p .demo
rm -f "$store" "$store-wal" "$store-shm"
"$ohk" --store "$store" demo "$@"
# The generated days' steps as a chart, in the demo's time zone when one was given.
zone=()
args=("$@")
for ((i = 0; i + 1 < ${#args[@]}; i++)); do
    case "${args[i]}" in --tz | --time-zone) zone=(--tz "${args[i + 1]}") ;; esac
done
echo
echo "== ohk stats stepCount --interval 1d --chart bars (every generated day, sources merged)"
"$ohk" --store "$store" stats stepCount --interval 1d --chart bars ${zone[@]+"${zone[@]}"}
echo
echo "== ohk report (the generated days as one HTML page: activity, sleep, heart, body, workouts)"
"$ohk" --store "$store" report --name Alex --output .demo/report.html ${zone[@]+"${zone[@]}"}
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
