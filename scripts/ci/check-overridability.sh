#!/usr/bin/env bash
# Test doubles override every HealthKit method: type checks Tests/HealthKitModuleTests/HealthKitTestDoubles.swift (a
# subclass of HKHealthStore, HKWorkoutSession, the workout and series builders, HKAttachmentStore and query classes
# overriding every member Apple declares on them, with Apple's signatures) against the built `HealthKit` module in the
# Swift 5 and Swift 6 language modes, as an app's test target in either mode compiles it. A member that is not `open`
# in the class body, or whose closure types differ from Apple's, fails here. A few seconds.
# (OverridabilityTests, in the Swift 6 test target, calls every member through the base class.)
# Usage: scripts/ci/check-overridability.sh [--no-build]
#   --no-build  use the modules already in .build (scripts/test.sh builds first)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [[ "${1:-}" != "--no-build" ]]; then
    swift build --target HealthKit >&2
fi
modules=""
# .build/debug is SwiftPM's link to .build/<triple>/debug, made once a build has finished.
for candidate in .build/debug/Modules .build/*/debug/Modules; do
    if [[ -e "$candidate/HealthKit.swiftmodule" ]]; then
        modules="$candidate"
        break
    fi
done
if [[ -z "$modules" ]]; then
    echo "overridability: no built HealthKit module under .build (run \`swift build --target HealthKit\`)" >&2
    exit 2
fi
status=0
for version in 5 6; do
    if swiftc -typecheck -swift-version "$version" -I "$modules" Tests/HealthKitModuleTests/HealthKitTestDoubles.swift
    then
        echo "overridability: the test doubles type-check in Swift $version mode"
    else
        echo "overridability: the test doubles fail to type-check in Swift $version mode" >&2
        status=1
    fi
done
exit $status
