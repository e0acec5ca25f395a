#!/usr/bin/env bash
# Builds the `ohk` command line and checks the outputs and exit codes of its commands.
# Usage: scripts/check-cli.sh [--no-build]    (run from anywhere; OHK_SCRATCH picks the build folder, default .build)
set -u
cd "$(dirname "$0")/.."

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

check "demo rejects a bad time zone" nonzero "" '--time-zone "Mars/Olympus" is not a known time zone' -- demo --time-zone Mars/Olympus
check "demo rejects a bad date"  nonzero "" '--date "2024-02-30" is not a day' -- demo --date 2024-02-30
demo="$("$OHK" demo --date 2024-03-10 --time-zone America/Los_Angeles --days 3 2>&1)"
if [[ $? -eq 0 && "$demo" == *"steps: "*"samples"* && "$demo" == *"raw sum double-counts"* && "$demo" == *"sleep the night before"* ]]; then
    passed=$((passed + 1)); echo "ok    demo on a spring-forward day reports steps, double counting and sleep"
else
    failed=$((failed + 1)); echo "FAIL  demo on a spring-forward day"; echo "$demo"
fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
