#!/usr/bin/env bash
# Runs every test of the project: the Swift test suites, then the command-line checks.
# Usage: scripts/test.sh            (from the repository root, on a machine with Swift 6.3)
set -euo pipefail
cd "$(dirname "$0")/.."
# Formatting and doc comments (.swift-format), in a few seconds, before the long build.
scripts/ci/format.sh --check
swift build --build-tests
# Apple's iOS 18 HealthKit API item by item (Coverage/HealthKitAPI) against the built HealthKit module, a few seconds:
# fails below 95 % or on a failing item not in Coverage/HealthKitAPI/left-out.tsv.
scripts/ci/check-api-coverage.sh --no-build --enforce
# Test doubles override every method HealthKit declares on its store, sessions, builders and queries, in Swift 5 and 6
# modes, against the built HealthKit module (a few seconds).
scripts/ci/check-overridability.sh --no-build
swift test --skip-build
if [ -x scripts/ci/check-cli.sh ]; then
    scripts/ci/check-cli.sh --no-build
fi
# The DocC catalogs of the library products: generated without a warning, the articles' Swift blocks found in tests
# (about 45 s of CPU; the plugin is fetched and built on first use).
scripts/ci/check-docs.sh
# `import HealthKit` from another package, depending on the HealthKit product only on Linux (about 30 s).
scripts/ci/check-healthkit-package.sh
# The server against its own OpenAPI document: schemathesis (from PyPI, into .venv-contract on first use), about 90 s.
scripts/ci/check-contract.sh --no-build
# The README's DuckDB query against `ohk stats` on the ipyhealth export (DuckDB from PyPI into .venv-sql-views on first
# use), about 2 s.
scripts/ci/check-sql-views.sh --no-build
# A real MCP client (PyPI's `mcp`, into .venv-mcp on first use) against `ohk mcp` and `/mcp` of `ohk serve` on the
# comocomo export, about 15 s.
scripts/ci/check-mcp.sh --no-build
# Two `ohk serve --postgres` processes, writer and reader processes: every change seen exactly once (needs PostgreSQL).
if [ -n "${OHK_TEST_POSTGRES_URL:-}" ]; then
    scripts/ci/check-postgres-servers.sh --no-build
fi
