#!/usr/bin/env bash
# What SQLite's own work for an import's sample rows costs, apart from ours: inserts every row of a store's samples
# table into an empty copy of the table (same columns, CHECKs, uuid and (type, start) indexes) with the sqlite3 shell,
# once with the CHECK constraints and once with `PRAGMA ignore_check_constraints`, in both orders, and prints the
# shell's timings. `WHERE sequence > 0` keeps SQLite from using its transfer optimization (which copies records
# whole without evaluating the CHECKs, so it would measure nothing).
#
# Usage: scripts/bench/sqlite-insert-costs.sh STORE.sqlite   (e.g. the store scripts/compare/compare-import.sh leaves behind;
#        it is only read, the copies go to a temporary folder)
set -euo pipefail
store="${1:?usage: scripts/bench/sqlite-insert-costs.sh STORE.sqlite}"
[ -f "$store" ] || { echo "sqlite-insert-costs: $store: no such file" >&2; exit 2; }
command -v sqlite3 >/dev/null || { apt-get update -qq && apt-get install -y -qq sqlite3; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
schema=$(sqlite3 "$store" ".schema samples" | grep -v "^CREATE INDEX samples_long\|^CREATE INDEX samples_by_sync")
copy() { # copy SCHEMA-NAME: the samples table and its indexes under another schema name
    echo "$schema" | sed "s/CREATE TABLE samples/CREATE TABLE $1.samples/; s/CREATE INDEX samples_by/CREATE INDEX $1.samples_by/"
}
run() { # run ORDER: "checks-first" or "ignored-first"
    rm -f "$work"/*.sqlite*
    {
        echo "PRAGMA cache_size = -65536;"
        echo "ATTACH '$work/checked.sqlite' AS checked; ATTACH '$work/ignored.sqlite' AS ignored;"
        copy checked; copy ignored
        echo ".timer on"
        if [ "$1" = checks-first ]; then
            echo ".print with CHECKs:"; echo "INSERT INTO checked.samples SELECT * FROM main.samples WHERE sequence > 0;"
            echo "PRAGMA ignore_check_constraints = ON;"
            echo ".print without CHECKs:"; echo "INSERT INTO ignored.samples SELECT * FROM main.samples WHERE sequence > 0;"
        else
            echo "PRAGMA ignore_check_constraints = ON;"
            echo ".print without CHECKs:"; echo "INSERT INTO ignored.samples SELECT * FROM main.samples WHERE sequence > 0;"
            echo "PRAGMA ignore_check_constraints = OFF;"
            echo ".print with CHECKs:"; echo "INSERT INTO checked.samples SELECT * FROM main.samples WHERE sequence > 0;"
        fi
    } | sqlite3 "$store" | grep -v "^Run Time: real 0.000"
}
echo "== $(sqlite3 "$store" "SELECT count(*) FROM samples") sample rows; load: $(cut -d' ' -f1-3 /proc/loadavg)"
run checks-first
run ignored-first
