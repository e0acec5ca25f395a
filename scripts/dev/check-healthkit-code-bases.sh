#!/usr/bin/env bash
# Runs scripts/dev/check-healthkit-code.sh over the public code bases listed in scripts/dev/healthkit-code-bases.tsv
# (name, repository, commit) and prints one table row per code base; each one's full output and JSON go to --out.
# The checkouts live outside this repository, one folder per code base named as in the list's first column. With
# --mirrors DIR, a missing checkout is extracted (its .swift files and Package.swift only) from the bare git directory
# DIR/<owner>+<name>/repo at the listed commit (a mirror without that commit: HEAD, with a warning).
# Usage: scripts/dev/check-healthkit-code-bases.sh <dir-with-checkouts> [--mirrors DIR] [--out DIR] [--no-build]
#                                                  [--swift-version 5|6] [--only NAME] [--reuse]
#   --reuse  classify again from the compiler output the last run saved (same files, same module), without compiling
# Exit 1 when an error concerns HealthKit in any code base.
set -euo pipefail
checkouts="${1:-}"
if [[ -z "$checkouts" || "$checkouts" == -* ]]; then
    sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
shift
mkdir -p "$checkouts"
checkouts="$(cd "$checkouts" && pwd)"
mirrors="" out="" build=1 version=5 only="" reuse=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --mirrors) mirrors="$(cd "$2" && pwd)"; shift 2 ;;
        --out) mkdir -p "$2"; out="$(cd "$2" && pwd)"; shift 2 ;;
        --no-build) build=0; shift ;;
        --swift-version) version="$2"; shift 2 ;;
        --only) only="$2"; shift 2 ;;
        --reuse) reuse=(--reuse); shift ;;
        *) echo "check-healthkit-code-bases: unknown option $1" >&2; exit 2 ;;
    esac
done
cd "$(dirname "$0")/../.."
out="${out:-${TMPDIR:-/tmp}/ohk-healthkit-code-bases/swift$version}"
mkdir -p "$out"
if [[ $build == 1 ]]; then
    swift build --target HealthKit >&2
fi
failed=0
printf "| code base | commit | HK files | ok | failed | skipped | HealthKit errors | to check | not ours | s |\n"
printf '|---|---|---|---|---|---|---|---|---|---|\n'
while IFS=$'\t' read -r name repository commit _; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    [[ -n "$only" && "$only" != "$name" ]] && continue
    folder="$checkouts/$name"
    if [[ ! -d "$folder" && -n "$mirrors" ]]; then
        git_dir="$mirrors/${repository/\//+}/repo"
        revision="$commit"
        if ! git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null; then
            echo "check-healthkit-code-bases: $repository has no commit $commit in $git_dir; using HEAD" >&2
            revision=HEAD
        fi
        mkdir -p "$folder"
        if ! git --git-dir="$git_dir" archive "$revision" -- ':(glob)**/*.swift' | tar -x -C "$folder"; then
            rm -rf "$folder"
        fi
    fi
    if [[ ! -d "$folder" ]]; then
        echo "check-healthkit-code-bases: no checkout $folder (give --mirrors)" >&2
        failed=1
        continue
    fi
    start=$SECONDS
    status=0
    python3 scripts/dev/healthkit_code.py "$folder" --swift-version "$version" --json "$out/$name.json" \
        "${reuse[@]+"${reuse[@]}"}" > "$out/$name.txt" 2>&1 || status=$?
    if [[ $status -gt 1 || ! -f "$out/$name.json" ]]; then
        echo "check-healthkit-code-bases: $name: the check itself failed (see $out/$name.txt)" >&2
        failed=1
        continue
    fi
    [[ $status == 1 ]] && failed=1
    python3 - "$out/$name.json" "$name" "$repository" "$commit" "$((SECONDS - start))" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))
c = result["counts"]
print(f"| {sys.argv[2]} ({sys.argv[3]}) | {sys.argv[4][:10]} | {c['files']} | {c['ok']} | {c['failed']} | "
      f"{c['skipped']} | {c['healthkit_errors']} | {c['check']} | {c['not_ours']} | {sys.argv[5]} |")
PY
done < scripts/dev/healthkit-code-bases.tsv
echo "check-healthkit-code-bases: outputs in $out" >&2
exit $failed
