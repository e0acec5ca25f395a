#!/usr/bin/env bash
# Checks the README's DuckDB query against `ohk stats` on a real export: imports ../shared/fixtures/ipyhealth-export.xml
# (one Apple Watch writes its steps: no overlapping sources) with the built `ohk`, runs the query of the README section
# marked `check-sql-views` through DuckDB on the store's `health_samples` view (docs/guide/sql.md), and compares its
# steps per day with `ohk stats stepCount --interval 1d --format csv` in the export's time zone (every date in it is
# +0200: Africa/Johannesburg). Skips, saying so, when the fixture is absent.
#
# DuckDB and its SQLite extension from PyPI, at the versions of scripts/ci/sql-views-requirements.txt, installed on
# first use into .venv-sql-views/ (ignored by git), as check-contract.sh installs schemathesis.
#
# Usage: scripts/ci/check-sql-views.sh [--no-build]
#        OHK_SCRATCH picks the build folder (default .build); OHK_SHARED_FIXTURES the fixtures folder.
set -euo pipefail
cd "$(dirname "$0")/../.."

BUILD=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-build) BUILD=0 ;;
        *) echo "usage: $0 [--no-build]" >&2; exit 2 ;;
    esac
    shift
done

FIXTURES="${OHK_SHARED_FIXTURES:-../shared/fixtures}"
EXPORT="$FIXTURES/ipyhealth-export.xml"
if [[ ! -f "$EXPORT" ]]; then
    echo "check-sql-views: SKIPPED: $EXPORT is absent (see ../shared/fixtures/README.md; OHK_SHARED_FIXTURES points elsewhere)"
    exit 0
fi

OHK="$(scripts/lib/ohk-binary.sh "$([[ $BUILD -eq 1 ]] || echo --no-build)")"
VENV=".venv-sql-views"
scripts/lib/python-venv.sh "$VENV" scripts/ci/sql-views-requirements.txt check-sql-views

WORK="$(mktemp -d /tmp/ohk-sql-views.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
STORE="$WORK/health.sqlite"
"$OHK" import "$EXPORT" --store "$STORE" >/dev/null
"$OHK" stats stepCount --from 2019-12-01 --to 2020-05-01 --interval 1d --tz Africa/Johannesburg --format csv \
    --store "$STORE" >"$WORK/stats.csv"

"$VENV/bin/python" - "$STORE" "$WORK/stats.csv" README.md <<'PY'
import csv, glob, os, re, sys

import duckdb

store, stats_path, readme_path = sys.argv[1:]
readme = open(readme_path, encoding="utf-8").read()
marker = readme.index("<!-- check-sql-views -->")
query = re.search(r"```sql\n(.*?)```", readme[marker:], re.S).group(1)
# The README attaches 'health.sqlite'; here the store is elsewhere.
query = query.replace("'health.sqlite'", "'" + store + "'")

# The SQLite extension installed from PyPI, never downloaded.
extensions = glob.glob(os.path.join(sys.prefix, "lib", "python*", "site-packages", "duckdb_ext", "extensions"))
con = duckdb.connect(config={"extension_directory": extensions[0], "autoinstall_known_extensions": False})
con.execute("LOAD sqlite")
statements = [s.strip() for s in query.split(";") if s.strip()]
for statement in statements[:-1]:
    con.execute(statement)
from_sql = {str(day): float(steps) for day, steps in con.execute(statements[-1]).fetchall()}

from_ohk = {}
with open(stats_path, newline="") as file:
    for row in csv.DictReader(file):
        value = row.get("sum") or row.get("value")
        if value:
            from_ohk[row["start"][:10]] = float(value.replace(",", ""))

if not from_sql:
    sys.exit("check-sql-views: the README's query returned no rows")
problems = [
    f"{day}: DuckDB {from_sql.get(day)} != ohk stats {from_ohk.get(day)}"
    for day in sorted(set(from_sql) | set(from_ohk))
    if abs(from_sql.get(day, 0) - from_ohk.get(day, 0)) > 1e-9
]
if problems:
    sys.exit("check-sql-views: the README's DuckDB query disagrees with ohk stats:\n  " + "\n  ".join(problems))
print(f"check-sql-views: the README's DuckDB query equals ohk stats on {len(from_sql)} days "
      f"({sum(from_sql.values()):.0f} steps)")
PY
