#!/usr/bin/env bash
# The main job: builds `ohk` and runs the demo on generated data in the embedded default store.
# Usage: scripts/demo.sh [ohk demo options, e.g. --date 2024-03-10 --time-zone America/Los_Angeles]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product ohk
.build/release/ohk demo "$@"
