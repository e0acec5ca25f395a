#!/usr/bin/env bash
# Makes a Python venv holding the packages of a requirements file, reinstalled when that file changes (the venv keeps
# a copy of it): for the checks that drive `ohk` with tools from PyPI (schemathesis, DuckDB, the MCP SDK).
# Usage: scripts/lib/python-venv.sh VENV REQUIREMENTS NAME   (NAME: the check, for its message)
set -euo pipefail
venv="$1" requirements="$2" name="$3"
if ! cmp -s "$requirements" "$venv/requirements.txt"; then
    echo "$name: installing $requirements into $venv"
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$venv/requirements.txt"
fi
