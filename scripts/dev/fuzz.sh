#!/usr/bin/env bash
# Fuzzes the parsers with libFuzzer: builds the fuzz executable (Fuzz/, with -sanitize=fuzzer,address) and runs each
# target for a set time, starting from the seed corpus Fuzz/Corpus/TARGET and the dictionary Fuzz/Dictionaries/TARGET.dict.
# Prints per target: seconds, runs, coverage, corpus size and findings (crash-/timeout-/oom- files; libFuzzer stops a
# target at its first). What a run found is kept in .build-fuzz/findings/TARGET/; what it learnt in
# .build-fuzz/corpus/TARGET/ (used again by the next run); every run is appended to .build-fuzz/fuzz-history.tsv.
#
# Usage: scripts/dev/fuzz.sh [--seconds N] [--jobs N] [--no-build] [TARGET…]
#   TARGET: export-xml gpx cda units json-samples dates health-auto-export (default: all)
#   --seconds N  time per target (default 60); --jobs N  targets run at once (default 1; the machine is shared)
# Reproduce a finding: OHK_FUZZ_TARGET=TARGET .build-fuzz/release/ParserFuzzer FILE
# Once fixed, copy the input to Tests/FuzzRegressions/TARGET/ so that scripts/test.sh replays it.
set -euo pipefail
cd "$(dirname "$0")/../.."

ALL_TARGETS=(export-xml gpx cda units json-samples dates health-auto-export)
SECONDS_PER_TARGET=60
JOBS=1
BUILD=1
TARGETS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) SECONDS_PER_TARGET="$2"; shift 2 ;;
        --jobs) JOBS="$2"; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *)
            if [[ ! " ${ALL_TARGETS[*]} " == *" $1 "* ]]; then echo "unknown target $1 (known: ${ALL_TARGETS[*]})" >&2; exit 2; fi
            TARGETS+=("$1"); shift ;;
    esac
done
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=("${ALL_TARGETS[@]}")

SCRATCH=.build-fuzz
if [ "$BUILD" = 1 ]; then
    # -enable-testing: the targets read the parsers' internal entry points (@testable import), as the tests do.
    nice -n 10 swift build --package-path Fuzz --scratch-path "$SCRATCH" -c release \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing
fi
FUZZER="$SCRATCH/release/ParserFuzzer"
[ -x "$FUZZER" ] || { echo "no $FUZZER: run without --no-build" >&2; exit 1; }

# The longest input each target reads (dates and units are short texts; documents get room for structure).
max_len() {
    case "$1" in
        dates) echo 64 ;;
        units) echo 256 ;;
        json-samples|health-auto-export) echo 8192 ;;
        *) echo 16384 ;;
    esac
}

run_target() {
    local target="$1"
    local corpus="$SCRATCH/corpus/$target" findings="$SCRATCH/findings/$target" log="$SCRATCH/logs/$target.log"
    mkdir -p "$corpus" "$findings" "$(dirname "$log")"
    local dictionary=()
    [ -f "Fuzz/Dictionaries/$target.dict" ] && dictionary=("-dict=Fuzz/Dictionaries/$target.dict")
    local before started
    before=$(find "$findings" -type f | wc -l)
    started=$(date +%s)
    # New inputs go to the first folder (the working corpus); the committed seeds are only read.
    SWIFT_BACKTRACE=enable=no OHK_FUZZ_TARGET="$target" nice -n 10 "$FUZZER" "$corpus" "Fuzz/Corpus/$target" "${dictionary[@]}" \
        -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 -max_len="$(max_len "$target")" \
        -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$findings/" >"$log" 2>&1 || true
    local runs cov corpus_size seconds found
    runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
    [ -n "$runs" ] || runs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
    cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1 || true)
    corpus_size=$(find "$corpus" -type f | wc -l)
    seconds=$(( $(date +%s) - started ))
    found=$(( $(find "$findings" -type f | wc -l) - before ))
    printf '%-19s %6ss %10s runs  %-20s corpus %5s  findings %s\n' "$target" "$seconds" "${runs:-?}" "${cov:-cov: ?}" "$corpus_size" "$found"
    if [ "$found" -gt 0 ]; then
        find "$findings" -type f -newer "$log.start" | sed 's/^/    /'
        grep -E 'Fatal error|ERROR: |SUMMARY' "$log" | head -3 | sed 's/^/    /'
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$target" "$seconds" "${runs:-?}" "${cov:-?}" "$corpus_size" "$found" >>"$SCRATCH/fuzz-history.tsv"
    return 0
}

printf '%-19s %7s %15s  %-20s %-12s  %s\n' target time runs coverage corpus findings
status=0
running=0
for target in "${TARGETS[@]}"; do
    mkdir -p "$SCRATCH/logs"
    touch "$SCRATCH/logs/$target.log.start"
    run_target "$target" &
    running=$((running + 1))
    if [ "$running" -ge "$JOBS" ]; then wait -n || status=1; running=$((running - 1)); fi
done
wait || status=1
# Findings anywhere in this run make the script fail.
for target in "${TARGETS[@]}"; do
    if [ -n "$(find "$SCRATCH/findings/$target" -type f -newer "$SCRATCH/logs/$target.log.start" 2>/dev/null)" ]; then status=1; fi
done
exit $status
