#!/usr/bin/env bash
# Prints the port a starting `ohk serve` listens on, read from its log, waiting up to 10 seconds; fails otherwise.
# Usage: PORT="$(scripts/lib/serve-port.sh serve.log)"   (for `ohk serve --port 0` in the check and load scripts)
set -u
for _ in $(seq 1 100); do
    port="$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' "$1" 2>/dev/null | head -1)"
    if [[ -n "$port" ]]; then echo "$port"; exit 0; fi
    sleep 0.1
done
echo "ohk serve did not start listening; its log:" >&2
cat "$1" >&2
exit 1
