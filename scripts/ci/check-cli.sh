#!/usr/bin/env bash
# Builds the `ohk` command line and checks the outputs and exit codes of its commands.
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

check "--version"                0 "0.1.0" "" -- --version
check "--help"                   0 "*" "" -- --help
check "help names units"         0 "*" "" -- units --help
check "convert help"             0 "*" "" -- units convert --help
check "glucose mmol/L to mg/dL"  0 "97.2841752 mg/dL" "" -- units convert 5.4 'mmol<180.15588000005408>/L' mg/dL
check "glucose mg/dL to mmol/L"  0 "5.4 mmol<180.15588000005408>/L" "" -- units convert 97.2841752 mg/dL 'mmol<180.15588000005408>/L'
check "body temperature"         0 "37 degC" "" -- units convert 98.6 degF degC
check "negative after --"        0 "-40 degF" "" -- units convert -- -40 degC degF
check "negative without --"      0 "-40 degF" "" -- units convert -40 degC degF
check "negative decimal"         0 "-0.5 kg" "" -- units convert -500 g kg
check "miles to km"              0 "42.1648128 km" "" -- units convert 26.2 mi km
check "kcal to kJ"               0 "418.4 kJ" "" -- units convert 100 kcal kJ
check "compound unit"            0 "0.001 L/kg.min" "" -- units convert 1 'mL/(kg*min)' L/kg.min
check "not a number"             nonzero "" 'value "abc" is not a number' -- units convert abc kg g
check "not finite"               nonzero "" 'value "inf" is not a finite number' -- units convert inf kg g
check "invalid FROM unit"        nonzero "" 'FROM unit "kgg": invalid unit "kgg" at character 0' -- units convert 1 kgg g
check "invalid TO unit"          nonzero "" 'TO unit "m/s/s": invalid unit "m/s/s" at character 3' -- units convert 1 m 'm/s/s'
check "incompatible units"       nonzero "" 'cannot convert kg to m:' -- units convert 1 kg m
check "missing argument"         nonzero "" 'Missing expected argument' -- units convert 1 kg
check "units list"               0 "*" "" -- units list
list="$("$OHK" units list 2>/dev/null)"
if [[ "$list" == *"mmHg"* && "$list" == *"degF"* && "$list" == *"mol"* ]]; then
    passed=$((passed + 1)); echo "ok    units list names mmHg, degF, mol"
else
    failed=$((failed + 1)); echo "FAIL  units list names mmHg, degF, mol"
fi

check "demo rejects a bad time zone" 2 "" '--tz "Mars/Olympus" is not a known time zone' -- demo --tz Mars/Olympus
check "demo's old --time-zone still read" 2 "" '--time-zone "Mars/Olympus" is not a known time zone' -- demo --time-zone Mars/Olympus
check "--time-zone is hidden"    0 "*" "" -- demo --help
if "$OHK" demo --help 2>&1 | grep -q -- '--time-zone'; then
    failed=$((failed + 1)); echo "FAIL  demo --help hides --time-zone"
else
    passed=$((passed + 1)); echo "ok    demo --help hides --time-zone"
fi
check "demo rejects a bad date"  nonzero "" '--date "2024-02-30" is not a day' -- demo --date 2024-02-30
demo="$("$OHK" demo --date 2024-03-10 --tz America/Los_Angeles --days 3 2>&1)"
if [[ $? -eq 0 && "$demo" == *"steps: "*"samples"* && "$demo" == *"raw sum double-counts"* && "$demo" == *"sleep the night before"* \
      && "$(printf '%s\n' "$demo" | grep -c '^[0-2][0-9]:00 ')" -eq 23 && "$(printf '%s\n' "$demo" | tail -n 1)" == "so far "*" · projected "*" · goal 500" ]]; then
    passed=$((passed + 1)); echo "ok    demo on a spring-forward day reports steps, double counting and sleep, and ends with the trends chart (23 hours)"
else
    failed=$((failed + 1)); echo "FAIL  demo on a spring-forward day"; echo "$demo"
fi

# The store: --store PATH (before or after the subcommand), OHK_STORE, the XDG default; refusals.
STORE_DIR="$(mktemp -d)"
trap 'rm -rf "$STORE_DIR"' EXIT
check "store info creates a new store" 0 "*" "" -- store info --store "$STORE_DIR/new.sqlite"
info="$("$OHK" --store "$STORE_DIR/new.sqlite" store info 2>&1)"
if [[ $? -eq 0 && "$info" == *"store: $STORE_DIR/new.sqlite"* && "$info" == *"samples: 0"* && "$info" == *"schema: v1 "* ]]; then
    passed=$((passed + 1)); echo "ok    --store before the subcommand opens that store"
else
    failed=$((failed + 1)); echo "FAIL  --store before the subcommand"; echo "$info"
fi
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
printf 'date,steps\n2024-03-10,8042\n' > "$STORE_DIR/steps.csv"
cp "$STORE_DIR/steps.csv" "$STORE_DIR/steps.csv.orig"
check "a file that is not a store is refused" 1 "" "is not an OpenHealthKit store (it is not an SQLite database); it was left untouched" -- store info --store "$STORE_DIR/steps.csv"
check "demo refuses a file that is not a store" 1 "" "is not an OpenHealthKit store" -- demo --store "$STORE_DIR/steps.csv"
if cmp -s "$STORE_DIR/steps.csv" "$STORE_DIR/steps.csv.orig" && [[ ! -e "$STORE_DIR/steps.csv-wal" ]]; then
    passed=$((passed + 1)); echo "ok    the refused file is byte-identical"
else
    failed=$((failed + 1)); echo "FAIL  the refused file changed"
fi
err="$("$OHK" store info --store "$STORE_DIR/steps.csv" 2>&1 >/dev/null)"
if [[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ]]; then
    passed=$((passed + 1)); echo "ok    the refusal is one line"
else
    failed=$((failed + 1)); echo "FAIL  the refusal is one line"; echo "$err"
fi
check "a folder is not a store" 1 "" "cannot open the store at $STORE_DIR: it is a folder" -- store info --store "$STORE_DIR"
first="$("$OHK" demo --store "$STORE_DIR/demo.sqlite" --date 2024-03-10 --time-zone America/Los_Angeles --days 2 2>&1)"
second="$("$OHK" demo --store "$STORE_DIR/demo.sqlite" --date 2024-03-10 --time-zone America/Los_Angeles --days 2 2>&1)"
if [[ "$first" == *"Saved "*"samples into the store at $STORE_DIR/demo.sqlite"* && "$second" == *"already holds"*"samples; reporting on them"* \
      && "$(printf '%s\n' "$first" | grep 'steps:')" == "$(printf '%s\n' "$second" | grep 'steps:')" ]]; then
    passed=$((passed + 1)); echo "ok    demo on a store keeps its data for the next run, with the same report"
else
    failed=$((failed + 1)); echo "FAIL  demo on a store"; echo "$first"; echo "$second"
fi

# Query commands on the demo store: stats, samples, types, sources; formats; exit codes (2 usage, 1 runtime).
Q="$STORE_DIR/demo.sqlite"
for command in stats samples types sources; do
    check "$command --help shows examples" 0 "*" "" -- "$command" --help
    help="$("$OHK" "$command" --help 2>&1)"
    if [[ "$help" == *"Example"* ]]; then passed=$((passed + 1)); echo "ok    $command --help has examples"; else failed=$((failed + 1)); echo "FAIL  $command --help has examples"; fi
done
stats="$("$OHK" stats stepCount --store "$Q" --from 2024-03-08 --to 2024-03-11 --interval 1d --tz America/Los_Angeles --by-source --format json 2>&1)"
if [[ $? -eq 0 && "$stats" == '{"type":"HKQuantityTypeIdentifierStepCount","unit":"count","timeZone":"America/Los_Angeles","statistics":[{"start":"2024-03-08T00:00:00-08:00","end":"2024-03-09T00:00:00-08:00","sum":'* \
      && "$stats" == *'{"start":"2024-03-10T00:00:00-08:00","end":"2024-03-11T00:00:00-07:00","sum":'*'"sources":{'* ]]; then
    passed=$((passed + 1)); echo "ok    stats JSON: type, unit, timeZone, one element per day with offsets, sources"
else
    failed=$((failed + 1)); echo "FAIL  stats JSON shape"; echo "$stats"
fi
utc="$("$OHK" stats stepCount --store "$Q" --from 2024-03-08 --to 2024-03-11 --tz UTC --format json 2>&1)"
if [[ "$utc" == *'"timeZone":"UTC"'* ]]; then passed=$((passed + 1)); echo "ok    stats names the zone as given (UTC, not GMT)"; else failed=$((failed + 1)); echo "FAIL  stats --tz UTC: $utc"; fi
buckets="$("$OHK" stats stepCount --store "$Q" --from 2024-03-01 --to 2024-03-11 --interval 1d --tz America/Los_Angeles --format ndjson | wc -l)"
if [[ "$buckets" -eq 10 ]]; then passed=$((passed + 1)); echo "ok    stats lists empty days too (10 lines for 10 days)"; else failed=$((failed + 1)); echo "FAIL  stats empty days: $buckets lines"; fi
piped="$("$OHK" types --store "$Q" | head -c 1)"
if [[ "$piped" == "[" ]]; then passed=$((passed + 1)); echo "ok    output to a pipe is JSON by default"; else failed=$((failed + 1)); echo "FAIL  pipe default format: $piped"; fi
trends="$("$OHK" trends --store "$Q" --tz America/Los_Angeles --days 7 --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["type"], len(d["hours"]) in (23, 24, 25), d["projectedTotal"] >= d["total"])' 2>&1)"
if [[ "$trends" == "HKQuantityTypeIdentifierActiveEnergyBurned True True" ]]; then
    passed=$((passed + 1)); echo "ok    trends JSON: the day's hours, total and projection"
else
    failed=$((failed + 1)); echo "FAIL  trends JSON: $trends"
fi
check "trends chart"                0 "*" "" -- trends --store "$Q" --format table
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
check "trends --svg to a folder that does not exist" 1 "" "cannot write $STORE_DIR/nowhere/trends.svg" -- trends --store "$Q" --format json --svg "$STORE_DIR/nowhere/trends.svg"
check "trends --cache with --no-cache" 2 "" "--cache and --no-cache exclude each other" -- trends --store "$Q" --cache "$STORE_DIR/c.json" --no-cache
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
"$OHK" trends --store "$STORE_DIR/empty.sqlite" --format json --no-cache >/dev/null 2>&1
if [[ -f "$STORE_DIR/elsewhere.json" && ! -e "$STORE_DIR/empty.sqlite.trends-cache.json" ]]; then
    passed=$((passed + 1)); echo "ok    --cache PATH writes there; --no-cache writes no cache"
else
    failed=$((failed + 1)); echo "FAIL  --cache / --no-cache"
fi
check "trends on a discrete type"   2 "" "is not cumulative" -- trends heartRate --store "$Q"
check "trends with --days 0"        2 "" "--days must be between 1 and 366" -- trends --store "$Q" --days 0
check "types as csv"            0 "*" "" -- types --store "$Q" --format csv
check "samples as csv"          0 "*" "" -- samples heartRate --store "$Q" --limit 2 --format csv
# samples --format json/ndjson writes the API's sample objects (GET /samples): startDate, numeric value, unit, source.
sample_json="$("$OHK" samples stepCount --store "$Q" --limit 2 --tz UTC --format json | python3 -c '
import json, sys
d = json.load(sys.stdin)
s = d[0]
print(len(d), {"uuid", "type", "startDate", "endDate", "value", "unit", "source"} <= set(s), "start" in s,
      isinstance(s["value"], (int, float)), s["unit"], s["startDate"].endswith("+00:00"), sorted(s["source"]))' 2>&1)"
sleep_json="$("$OHK" samples sleepAnalysis --store "$Q" --limit 1 --format ndjson | python3 -c '
import json, sys
s = json.loads(sys.stdin.readline())
print(isinstance(s["value"], int), "valueName" in s, "start" in s)' 2>&1)"
if [[ "$sample_json" == "2 True False True count True ['bundleIdentifier', 'name']" && "$sleep_json" == "True True False" ]]; then
    passed=$((passed + 1)); echo "ok    samples --format json/ndjson: the API's sample objects"
else
    failed=$((failed + 1)); echo "FAIL  samples JSON shape: $sample_json / $sleep_json"
fi
check "samples JSON with a unit that does not fit" 2 "" "--unit: m does not fit" -- samples stepCount --store "$Q" --unit m --format json
check "sources in priority order" 0 "*" "" -- sources stepCount --store "$Q" --format table
check "stats with an unknown type"  2 "" 'TYPE "stepz" is not a HealthKit type' -- stats stepz --store "$Q"
check "stats with a bad date"       2 "" "--from: '2024-13-01' is not a date: month 13" -- stats stepCount --store "$Q" --from 2024-13-01
check "stats with a bad interval"   2 "" "--interval: '1fortnight' is not an interval" -- stats stepCount --store "$Q" --interval 1fortnight
check "stats with a unit that does not fit" 2 "" "--unit: m does not fit HKQuantityTypeIdentifierStepCount" -- stats stepCount --store "$Q" --unit m
check "stats on a category type"    2 "" "not a quantity type" -- stats sleepAnalysis --store "$Q"
check "stats with a bad format"     2 "" "format" -- stats stepCount --store "$Q" --format xml
check "samples with an unknown source" 2 "" '--source "Nobody" has no' -- samples stepCount --store "$Q" --source Nobody
check "a store that is not a store is a runtime error" 1 "" "is not an OpenHealthKit store" -- stats stepCount --store "$STORE_DIR/steps.csv"
exported="$("$OHK" export --store "$Q" --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d), sorted({r["type"] for r in d})[0])' 2>&1)"
ndjson="$("$OHK" export --store "$Q" --format ndjson | wc -l)"
if [[ "$exported" == "$ndjson HKCategoryTypeIdentifierSleepAnalysis" ]]; then
    passed=$((passed + 1)); echo "ok    export: JSON parses and has as many samples as NDJSON lines ($ndjson)"
else
    failed=$((failed + 1)); echo "FAIL  export JSON/NDJSON: $exported vs $ndjson"
fi
check "export refuses --format table" 2 "" "--format for export is csv, json or ndjson" -- export --store "$Q" --format table
# Import a real export (../shared/fixtures, beside the checkout) into a fresh store, twice.
FIXTURE="$(cd .. && pwd)/shared/fixtures/comocomo-export.xml"
if [[ -f "$FIXTURE" ]]; then
    first="$("$OHK" --store "$STORE_DIR/import.sqlite" import "$FIXTURE" --quiet 2>&1)"
    again="$("$OHK" --store "$STORE_DIR/import.sqlite" import "$FIXTURE" --quiet 2>&1)"
    if [[ "$first" == *"stored: 10808 quantity, 125 category, 34 correlations, 61 workouts"* && "$again" == *"stored: 0 quantity, 0 category, 0 correlations, 0 workouts"* && "$again" == *"already stored: 11034"* ]]; then
        passed=$((passed + 1)); echo "ok    import of the comocomo export, then a re-import that adds nothing"
    else
        failed=$((failed + 1)); echo "FAIL  import / re-import"; echo "$first"; echo "$again"
    fi
    steps="$("$OHK" --store "$STORE_DIR/import.sqlite" stats stepCount --from 2017-06-05 --to 2017-06-06 --tz America/New_York --format csv 2>&1)"
    if [[ "$steps" == *"2017-06-05T00:00:00-04:00,2017-06-06T00:00:00-04:00,3762"* ]]; then
        passed=$((passed + 1)); echo "ok    stats on the imported export"
    else
        failed=$((failed + 1)); echo "FAIL  stats on the imported export"; echo "$steps"
    fi
    # As an app that saved nothing, the same store shows nothing (the command line keeps no app's read permission).
    own="$("$OHK" --store "$STORE_DIR/import.sqlite" samples stepCount --client com.example.nothing --format ndjson 2>&1 | wc -l)"
    all="$("$OHK" --store "$STORE_DIR/import.sqlite" samples stepCount --limit 3 --format ndjson 2>&1 | wc -l)"
    if [[ "$own" -eq 0 && "$all" -eq 3 ]]; then
        passed=$((passed + 1)); echo "ok    samples --client: an app sees only what it saved (none), the owner sees all"
    else
        failed=$((failed + 1)); echo "FAIL  samples --client: $own lines as the app, $all as the owner"
    fi
    check "sources --reset as an app is refused" 1 "" "full access" -- --store "$STORE_DIR/import.sqlite" sources stepCount --client com.example.nothing --reset
fi
# The ipyhealth export: what is not a sample (activity summaries, the heartbeat series, characteristics) is kept too,
# and a re-import does not add it twice.
IPY="$(cd .. && pwd)/shared/fixtures/ipyhealth-export.xml"
if [[ -f "$IPY" ]]; then
    "$OHK" --store "$STORE_DIR/ipy.sqlite" import "$IPY" --quiet >/dev/null 2>&1
    "$OHK" --store "$STORE_DIR/ipy.sqlite" import "$IPY" --quiet >/dev/null 2>&1
    info="$("$OHK" --store "$STORE_DIR/ipy.sqlite" store info 2>&1)"
    if [[ "$info" == *"activity summaries: 8"* && "$info" == *"heartbeat series: 1 (46 beats)"* && "$info" == *"characteristics: 4"* && "$info" == *"locale en_ZA"* ]]; then
        passed=$((passed + 1)); echo "ok    store info after importing ipyhealth twice: 8 activity summaries, 1 heartbeat series of 46 beats, characteristics"
    else
        failed=$((failed + 1)); echo "FAIL  store info after importing ipyhealth"; echo "$info"
    fi
fi
# The server: users and clients on a server directory, `ohk serve` on a loopback port, a save and a statistics query
# over HTTP (python3's urllib), a revocation seen at once, and a graceful stop on SIGTERM.
SRV="$STORE_DIR/server"
check "users add" 0 "added alice" "" -- users add alice --store "$SRV"
check "users add refuses a taken name" 2 "" "exists already" -- users add alice --store "$SRV"
check "people is the command's name, users its hidden alias" 0 "alice" "" -- people list --store "$SRV"
help="$("$OHK" --help 2>&1)"
if [[ "$help" == *"people"* && "$help" != *"users"* ]]; then passed=$((passed + 1)); echo "ok    help lists people, not users"; else failed=$((failed + 1)); echo "FAIL  help lists people, not users"; fi
check "people add refuses a taken name" 2 "" "exists already" -- people add alice --store "$SRV"
check "users add refuses a bad name" 2 "" "is not a person's name" -- --store "$SRV" users add ../alice
check "clients add refuses an unknown person" 2 "" "no person named zoe" -- clients add zoe com.example.app --store "$SRV"
check "clients add refuses a correlation type" 2 "" "correlation type" -- clients add alice com.example.app --read bloodPressure --store "$SRV"
TOKEN="$("$OHK" clients add alice com.example.app --share stepCount --read stepCount --store "$SRV" 2>/dev/null)"
if [[ "$TOKEN" =~ ^ohk_[0-9a-f]{16}_[0-9a-f]{64}$ ]]; then passed=$((passed + 1)); echo "ok    clients add prints a token"; else failed=$((failed + 1)); echo "FAIL  clients add printed '$TOKEN'"; fi
check "serve rejects a bad time zone" 2 "" '--tz "Mars/Olympus" is not a known time zone' -- serve --tz Mars/Olympus --store "$SRV"
check "serve's old --time-zone still read" 2 "" '--time-zone "Mars/Olympus" is not a known time zone' -- serve --time-zone Mars/Olympus --store "$SRV"
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
    shown = response.headers["Content-Type"].startswith("text/html") and all(f'id="{chart}"' in page for chart in ("steps", "active-energy", "resting-heart-rate", "sleep"))
print(status, status2, stats["statistics"][0]["sum"], stats["statistics"][0]["end"], "page" if shown else "no page")
PY
)"
if [[ "$http_result" == "201 200 1234 2024-03-11T00:00:00-07:00 page" ]]; then
    passed=$((passed + 1)); echo "ok    serve: a sample saved over HTTP, the day's sum on a spring-forward day, the web page's four charts"
else
    failed=$((failed + 1)); echo "FAIL  serve over HTTP: $http_result"; cat "$STORE_DIR/serve.log"
fi
check "clients revoke" 0 "revoked com.example.app for alice" "" -- clients revoke alice com.example.app --store "$SRV"
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
"$OHK" users add carol --store "$SRV" >/dev/null 2>&1
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
check "users export" 0 "*" "" -- users export carol --store "$SRV" --output "$STORE_DIR/carol.xml"
check "users export refuses an existing file" 2 "" "exists already" -- users export carol --store "$SRV" --output "$STORE_DIR/carol.xml"
check "users export imports back" 0 "*" "" -- --store "$STORE_DIR/carol-copy.sqlite" import "$STORE_DIR/carol.xml" --quiet
check "store backup" 0 "*" "" -- --store "$SRV/people/carol.sqlite" store backup "$STORE_DIR/carol-backup.sqlite"
check "store backup refuses an existing file" 2 "" "exists already" -- --store "$SRV/people/carol.sqlite" store backup "$STORE_DIR/carol-backup.sqlite"
check "users remove wants --yes without a terminal" 2 "" "confirm with --yes" -- users remove carol --store "$SRV" </dev/null
check "users remove" 0 "removed carol: store, clients and tokens, uploads" "" -- users remove carol --store "$SRV" --yes
check "users remove refuses an unknown person" 2 "" "no person named carol" -- users remove carol --store "$SRV" --yes
removed="$(carol_call GET '/samples?type=stepCount' "$CAROL")"
files_left="$(ls "$SRV/people" | grep -c '^carol\.' || true)"
"$OHK" users add carol --store "$SRV" >/dev/null 2>&1
CAROL2="$("$OHK" clients add carol com.example.app --share stepCount --read stepCount --store "$SRV" 2>/dev/null)"
again="$(carol_call GET '/samples?type=stepCount' "$CAROL2")"
backup_samples="$("$OHK" --store "$STORE_DIR/carol-backup.sqlite" store info 2>&1 | grep '^samples:')"
copy_samples="$("$OHK" --store "$STORE_DIR/carol-copy.sqlite" store info 2>&1 | grep '^samples:')"
if [[ "$removed" == "401 0" && "$files_left" == "0" && "$again" == "200 0" && "$backup_samples" == "samples: 1" && "$copy_samples" == "samples: 1" ]]; then
    passed=$((passed + 1)); echo "ok    serve: a removed person's token is refused at once, their files gone; added again, they start empty; export and backup hold the sample"
else
    failed=$((failed + 1)); echo "FAIL  serve after users remove: removed '$removed', files left $files_left, again '$again', backup '$backup_samples', copy '$copy_samples'"
fi
kill -TERM "$SERVE_PID" 2>/dev/null
wait "$SERVE_PID"
serve_code=$?
if [[ $serve_code -eq 0 && "$(cat "$STORE_DIR/serve.log")" == *"stopped; stores closed"* && "$(cat "$STORE_DIR/serve.log")" == *"hb.request.id="* ]]; then
    passed=$((passed + 1)); echo "ok    serve stops gracefully on SIGTERM, stores closed, requests logged with ids"
else
    failed=$((failed + 1)); echo "FAIL  serve stop: exit $serve_code"; cat "$STORE_DIR/serve.log"
fi
# HTTPS: docs/guide/server.md's openssl command for a self-signed certificate, `ohk serve --tls-certificate --tls-key`, curl
# trusting that certificate answered, curl trusting only the system's roots and plain HTTP refused; bad files refused.
TLS_DIR="$STORE_DIR/tls"
mkdir -p "$TLS_DIR"
if openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 365 -subj /CN=localhost \
    -addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout "$TLS_DIR/key.pem" -out "$TLS_DIR/cert.pem" >/dev/null 2>&1; then
    check "serve refuses a missing certificate, naming it" 2 "" "$TLS_DIR/missing.pem does not exist" -- \
        serve --store "$SRV" --port 0 --tls-certificate "$TLS_DIR/missing.pem" --tls-key "$TLS_DIR/key.pem"
    check "serve refuses a key that is not the certificate's" 2 "" "$TLS_DIR/cert.pem is not an unencrypted PEM private key" -- \
        serve --store "$SRV" --port 0 --tls-certificate "$TLS_DIR/cert.pem" --tls-key "$TLS_DIR/cert.pem"
    check "serve refuses --tls-key without --tls-certificate" 2 "" "--tls-key needs --tls-certificate" -- serve --store "$SRV" --tls-key "$TLS_DIR/key.pem"
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
check "import of a path that does not exist" 2 "" "no such file or folder" -- --store "$STORE_DIR/import.sqlite" import "$STORE_DIR/nothing.zip"
check "import of a file that is not an export" 1 "" "steps.csv" -- --store "$STORE_DIR/import2.sqlite" import "$STORE_DIR/steps.csv.orig"
err="$("$OHK" stats stepz --store "$Q" 2>&1 >/dev/null)"
if [[ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ]]; then passed=$((passed + 1)); echo "ok    a usage error is one line on stderr"; else failed=$((failed + 1)); echo "FAIL  usage error lines"; echo "$err"; fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
