#!/usr/bin/env bash
# `import HealthKit` from another package: builds Examples/HealthKitOnLinux (an app's step code written for iOS, which
# depends on OpenHealthKit's `HealthKit` product only on Linux) against this checkout and runs its demo, which must
# print the day's merged total and the anchored feed's counts. The example is copied into a scratch folder beside a
# link named OpenHealthKit to this checkout (a path dependency's identity is its folder's name), outside the checkout
# so that no tool walking the checkout meets a link back to it; the folder (one per checkout, under $TMPDIR or /tmp)
# keeps its build, so later runs are incremental. About 30 s on two cores the first time.
# Usage: scripts/ci/check-healthkit-package.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
work="${TMPDIR:-/tmp}/ohk-healthkit-package-$(printf '%s' "$root" | cksum | cut -d' ' -f1)"
mkdir -p "$work"
ln -sfn "$root" "$work/OpenHealthKit"
rm -rf "$work/app/Sources" "$work/app/Package.swift"
mkdir -p "$work/app"
cp -R Examples/HealthKitOnLinux/Package.swift Examples/HealthKitOnLinux/Sources "$work/app/"
# The dependencies this checkout has resolved already, so that the example does not fetch them again.
if [ -f Package.resolved ] && [ ! -f "$work/app/Package.resolved" ]; then cp Package.resolved "$work/app/"; fi
swift build --package-path "$work/app" --product steps-demo >&2
output="$("$(swift build --package-path "$work/app" --show-bin-path)/steps-demo")"
echo "check-healthkit-package: $output"
expected="steps on 2024-03-10: 1840; added: 2, then 0"
if [ "$output" != "$expected" ]; then
    echo "check-healthkit-package: expected \"$expected\"" >&2
    exit 1
fi
