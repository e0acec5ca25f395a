#!/usr/bin/env python3
"""The naive DuckDB side of scripts/compare/compare-duckdb.sh.

Loads the step rows ohk-benchmarks exported (source, start_epoch, end_epoch, value, local_day) into an in-memory
DuckDB table (loading is not timed), then times, warm (one untimed run first), the median of several runs of:

  daily       SELECT CAST(timezone('America/Los_Angeles', to_timestamp(start_epoch)) AS DATE) AS local_day,
                     SUM(value) FROM steps GROUP BY 1
              -- the headline figure: DuckDB gets the same input OpenHealthKit gets (instants), and works out the
              -- local day itself, in SQL, from the start timestamp. It neither merges the two sources (so overlapping
              -- Watch and iPhone steps are counted twice) nor prorates samples that cross midnight.
  daily_pre   SELECT local_day, SUM(value) FROM steps GROUP BY local_day
              -- DuckDB's best case: the local day precomputed at export time (as a Health export's local date
              -- strings would give it), so the query is a pure integer GROUP BY.
  hourly      SELECT start_epoch - start_epoch % 3600 AS hour, SUM(value) FROM steps GROUP BY 1
              -- UTC hours, which are America/Los_Angeles hours too (whole-hour offsets).
  daily_1t    the headline query again with SET threads = 1 (OpenHealthKit computes on one thread).

Prints key=value lines on standard output (duckdb_* keys). With --ohk-figures FILE (ohk-figures.txt from
ohk-benchmarks --export-csv) it prints the combined comparison table instead, after the key=value lines.
"""

import argparse
import statistics
import sys
import time

import duckdb

DAILY = (
    "SELECT CAST(timezone('America/Los_Angeles', to_timestamp(start_epoch)) AS DATE) AS local_day, "
    "SUM(value) AS steps FROM steps GROUP BY 1"
)
DAILY_PRECOMPUTED = "SELECT local_day, SUM(value) AS steps FROM steps GROUP BY local_day"
HOURLY = "SELECT start_epoch - start_epoch % 3600 AS hour, SUM(value) AS steps FROM steps GROUP BY 1"


def load(connection, csv):
    connection.execute("DROP TABLE IF EXISTS steps")
    connection.execute(
        "CREATE TABLE steps AS SELECT * FROM read_csv(?, header = true, columns = {"
        "'source': 'VARCHAR', 'start_epoch': 'BIGINT', 'end_epoch': 'BIGINT', 'value': 'DOUBLE', 'local_day': 'DATE'})",
        [csv],
    )
    return connection.execute("SELECT COUNT(*) FROM steps").fetchone()[0]


def timed(connection, sql, runs):
    """Median and minimum seconds of `runs` warm runs (one untimed run first), and the row count."""
    rows = connection.execute(sql).fetchall()
    seconds = []
    for _ in range(runs):
        started = time.perf_counter()
        rows = connection.execute(sql).fetchall()
        seconds.append(time.perf_counter() - started)
    return statistics.median(seconds), min(seconds), len(rows)


def measure(connection, key, csv, runs, day, figures):
    started = time.perf_counter()
    count = load(connection, csv)
    figures[f"{key}_duckdb_rows"] = count
    figures[f"{key}_duckdb_load_s"] = time.perf_counter() - started
    threads = connection.execute("SELECT current_setting('threads')").fetchone()[0]
    figures[f"{key}_duckdb_threads"] = threads
    for name, sql in (("daily", DAILY), ("daily_pre", DAILY_PRECOMPUTED), ("hourly", HOURLY)):
        median, minimum, buckets = timed(connection, sql, runs)
        figures[f"{key}_duckdb_{name}_median_s"] = median
        figures[f"{key}_duckdb_{name}_min_s"] = minimum
        figures[f"{key}_duckdb_{name}_buckets"] = buckets
    connection.execute("SET threads = 1")
    median, minimum, _ = timed(connection, DAILY, runs)
    figures[f"{key}_duckdb_daily_1t_median_s"] = median
    connection.execute(f"SET threads = {threads}")
    figures[f"{key}_duckdb_total"] = connection.execute("SELECT SUM(value) FROM steps").fetchone()[0]
    if day:
        figures[f"{key}_duckdb_day_total"] = connection.execute(
            f"SELECT SUM(steps) FROM ({DAILY}) WHERE local_day = CAST(? AS DATE)", [day]
        ).fetchone()[0]
    connection.execute("DROP TABLE steps")


def read_figures(path):
    figures = {}
    with open(path) as file:
        for line in file:
            if "=" in line:
                key, value = line.rstrip("\n").split("=", 1)
                figures[key] = value
    return figures


def duration(seconds):
    seconds = float(seconds)
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def grouped(value):
    return f"{float(value):,.0f}"


def table(ohk, duck):
    lines = []
    for key, title in (("main", "1 year"), ("large", "large run")):
        if f"{key}_ohk_daily_median_s" not in ohk or f"{key}_duckdb_daily_median_s" not in duck:
            continue
        runs = ohk[f"{key}_runs"]
        span = f"{ohk[f'{key}_first_day']} – {ohk[f'{key}_last_day']}"
        samples = f"{grouped(ohk[f'{key}_samples'])} samples ({grouped(ohk[f'{key}_watch_samples'])} Watch + " \
                  f"{grouped(ohk[f'{key}_phone_samples'])} iPhone), {span}, America/Los_Angeles"
        ohk_daily = float(ohk[f"{key}_ohk_daily_median_s"])
        duck_daily = float(duck[f"{key}_duckdb_daily_median_s"])
        ohk_hourly = float(ohk[f"{key}_ohk_hourly_median_s"])
        duck_hourly = float(duck[f"{key}_duckdb_hourly_median_s"])
        duck_pre = float(duck[f"{key}_duckdb_daily_pre_median_s"])
        duck_1t = float(duck[f"{key}_duckdb_daily_1t_median_s"])
        rows = [
            (f"OpenHealthKit daily cumulativeSum, merged + prorated", duration(ohk_daily)),
            (f"DuckDB naive GROUP BY local day (computed in SQL), {duck[f'{key}_duckdb_threads']} threads",
             duration(duck_daily)),
            ("ratio OpenHealthKit / DuckDB (target <= 1.0)",
             f"{ohk_daily / duck_daily:.2f}  {'met' if ohk_daily <= duck_daily else 'MISSED'}"),
            ("  DuckDB, same query on 1 thread", duration(duck_1t) + f"  (ratio {ohk_daily / duck_1t:.2f})"),
            ("  DuckDB, GROUP BY precomputed local_day column", duration(duck_pre) + f"  (ratio {ohk_daily / duck_pre:.2f})"),
            ("OpenHealthKit hourly cumulativeSum, merged + prorated", duration(ohk_hourly)),
            ("DuckDB naive GROUP BY hour", duration(duck_hourly) + f"  (ratio {ohk_hourly / duck_hourly:.2f})"),
            ("total steps: OpenHealthKit merged / DuckDB naive",
             f"{grouped(ohk[f'{key}_ohk_total'])} / {grouped(duck[f'{key}_duckdb_total'])}"),
        ]
        if f"{key}_day" in ohk and f"{key}_duckdb_day_total" in duck:
            rows.append((
                f"{ohk[f'{key}_day']}: OpenHealthKit merged / DuckDB naive",
                f"{grouped(ohk[f'{key}_day_ohk_total'])} / {grouped(duck[f'{key}_duckdb_day_total'])} steps "
                f"(Watch alone {grouped(ohk[f'{key}_day_watch_total'])}, iPhone alone {grouped(ohk[f'{key}_day_phone_total'])})",
            ))
        width = max(len(name) for name, _ in rows)
        lines.append(f"{title}: {samples}; warm, median of {runs} runs")
        lines += [f"  {name.ljust(width)}  {figure}" for name, figure in rows]
        lines.append("")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--csv", required=True, help="the 1-year rows (steps-365d.csv)")
    parser.add_argument("--large-csv", help="the rows of the large run, if any")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--day", help="a local day (YYYY-MM-DD) whose naive total to report")
    parser.add_argument("--ohk-figures", help="ohk-figures.txt, to print the comparison table")
    arguments = parser.parse_args()
    if arguments.runs < 1:
        parser.error("--runs must be positive")

    connection = duckdb.connect()  # in memory
    figures = {"duckdb_version": duckdb.__version__}
    print(f"duckdb {duckdb.__version__}: {arguments.csv}", file=sys.stderr)
    measure(connection, "main", arguments.csv, arguments.runs, arguments.day, figures)
    if arguments.large_csv:
        print(f"duckdb {duckdb.__version__}: {arguments.large_csv}", file=sys.stderr)
        measure(connection, "large", arguments.large_csv, arguments.runs, arguments.day, figures)
    for key, value in figures.items():
        print(f"{key}={value}")
    if arguments.ohk_figures:
        print()
        print(table(read_figures(arguments.ohk_figures), {k: str(v) for k, v in figures.items()}))


if __name__ == "__main__":
    main()
