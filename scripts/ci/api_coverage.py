#!/usr/bin/env python3
"""HealthKit API coverage: which items of Apple's public HealthKit API (iOS 18 SDK) compile against this package.

Reads the item files (Coverage/HealthKitAPI/*.hkapi), writes one Swift file per item file in which every item is its
own function (or, for `==top` items, its own file-scope declarations) under a marker comment naming the item, type
checks them all in one `swiftc -typecheck` against the built `HealthKit` module, and maps each error back to the item
whose lines it falls in, so that one missing item does not hide another. Called by scripts/ci/check-api-coverage.sh,
which says how to use it; the format of the item files is described in Coverage/HealthKitAPI/README.md.
"""

import argparse
import collections
import glob
import os
import re
import signal
import subprocess
import sys

Item = collections.namedtuple("Item", "id area kind top body file line scope device_only origin")

# Where an item stands in the report: "ios18" items make the figure; "after-ios18" items (Apple's API after the iOS 18
# SDK, frozen at the date in their files) are reported on their own line; "check" items are guards that are not
# Apple's API (e.g. a test double as apps write it) and are reported on their own line too.
SCOPES = ("ios18", "after-ios18", "check")
FLAGS = ("device-only", "check", "after-ios18")


def parse_items(folder):
    """Returns (prelude lines per file, items in file order); dies on a malformed or duplicate item.

    `source:` names the Apple file an item was read from. A `source:` line directly after an item's `==` line (before
    its first snippet line) is that item's own source; anywhere else it applies to the items that follow, until the
    next such line. Every item must have one.
    """
    items, preludes, seen = [], {}, {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".hkapi"):
            continue
        path = os.path.join(folder, name)
        area, current, prelude, scope, origin = None, None, [], "ios18", None
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().split("\n")
        for number, line in enumerate(lines, 1):
            if line.startswith("area:") and current is None and area is None:
                area = line[len("area:"):].strip()
                continue
            match = re.match(r"^scope:\s*(\S+)\s*$", line)
            if match and current is None:
                if match.group(1) not in SCOPES[1:]:
                    sys.exit(f"{path}:{number}: unknown scope {match.group(1)} (known: {', '.join(SCOPES[1:])})")
                scope = match.group(1)
                continue
            match = re.match(r"^source:\s*(\S.*?)\s*$", line)
            if match:
                if current is not None and not current.body:
                    items[-1] = current = current._replace(origin=match.group(1))
                else:
                    origin = match.group(1)
                continue
            match = re.match(r"^==(top)?\s+(\S+)\s+(\S+)((?:\s+\S+)*)\s*$", line)
            if match:
                if area is None:
                    sys.exit(f"{path}:{number}: an item before the file's `area:` line")
                top, item_id, kind, flags = match.groups()
                flags = flags.split()
                unknown = [flag for flag in flags if flag not in FLAGS]
                if unknown:
                    sys.exit(f"{path}:{number}: unknown flag {unknown[0]} (known: {', '.join(FLAGS)})")
                if item_id in seen:
                    sys.exit(f"{path}:{number}: item {item_id} already defined at {seen[item_id]}")
                seen[item_id] = f"{path}:{number}"
                item_scope = "check" if "check" in flags else "after-ios18" if "after-ios18" in flags else scope
                current = Item(item_id, area, kind, top is not None, [], name, number, item_scope,
                               "device-only" in flags, origin)
                items.append(current)
                continue
            if line.startswith("#") and not line.startswith("#if") and not line.startswith("#endif"):
                continue
            if current is None:
                prelude.append(line)
            else:
                current.body.append(line)
        preludes[name] = prelude
    missing = [item for item in items if not item.origin]
    if missing:
        sys.exit(f"{folder}/{missing[0].file}:{missing[0].line}: item {missing[0].id} has no `source:` "
                 f"(the Apple file it comes from)")
    return preludes, items


def write_sources(preludes, items, out):
    """Writes one Swift file per item file; returns {(file, line): item id or 'prelude'}."""
    os.makedirs(out, exist_ok=True)
    for old in os.listdir(out):
        if old.endswith(".swift"):
            os.remove(os.path.join(out, old))
    owner = {}
    by_source = collections.OrderedDict((name, []) for name in preludes)
    for item in items:
        by_source[item.file].append(item)
    for index, (source, source_items) in enumerate(by_source.items()):
        swift = os.path.join(out, source.replace(".hkapi", ".swift"))
        lines = [f"// Generated from Coverage/HealthKitAPI/{source} by scripts/ci/api_coverage.py; do not edit.",
                 "import HealthKit", ""]
        for line in preludes[source]:
            lines.append(line)
            owner[(swift, len(lines))] = "prelude:" + source
        for number, item in enumerate(source_items):
            lines.append(f"// item: {item.id} ({item.kind}) from {source}:{item.line}")
            if item.top:
                start = len(lines) + 1
                lines.extend(item.body)
            else:
                start = len(lines) + 1
                if item.kind == "open-class":
                    # Apple's classes are Objective-C classes that apps subclass (test doubles), so ours must be open.
                    lines.append(f"final class __Subclass_{index}_{number}: {item.id.split('.')[-1]} {{}}")
                lines.append(f"func __item_{index}_{number}() async throws {{")
                lines.extend("    " + b if b else b for b in item.body)
                lines.append("}")
            for line in range(start, len(lines) + 1):
                owner[(swift, line)] = item.id
            lines.append("")
        with open(swift, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
    return owner


def module_paths(root, modules):
    if modules:
        return modules
    # .build/debug is SwiftPM's link to .build/<triple>/debug, made once a build has finished.
    for candidate in [".build/debug/Modules"] + sorted(glob.glob(os.path.join(root, ".build/*/debug/Modules"))):
        path = os.path.join(root, candidate)
        if os.path.exists(os.path.join(path, "HealthKit.swiftmodule")):
            return path
    sys.exit("api-coverage: no built HealthKit module under .build/debug (run `swift build --target HealthKit`)")


def typecheck(out, modules, swift_version):
    files = sorted(os.path.join(out, f) for f in os.listdir(out) if f.endswith(".swift"))
    command = ["swiftc", "-typecheck", "-wmo", "-swift-version", swift_version, "-diagnostic-style", "llvm",
               "-I", modules, *files]
    result = subprocess.run(command, capture_output=True, text=True)
    return result.stderr


def read_left_out(path):
    left = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                line = line.rstrip("\n")
                if not line or line.startswith("#"):
                    continue
                parts = line.split("\t")
                if len(parts) < 2 or not parts[1].strip():
                    sys.exit(f"{path}:{number}: expected `item id<TAB>reason`")
                left[parts[0].strip()] = parts[1].strip()
    return left


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=".")
    parser.add_argument("--modules", help="folder holding HealthKit.swiftmodule (default: .build/debug/Modules)")
    parser.add_argument("--out", help="folder for the generated Swift files (default: .build/api-coverage)")
    parser.add_argument("--list", action="store_true", help="print the item list (id, area, kind, scope, device-only, source) as TSV and stop")
    parser.add_argument("--enforce", action="store_true", help="fail below the threshold or on a failing item "
                        "that is not left out on purpose")
    parser.add_argument("--threshold", type=float, default=99.0)
    parser.add_argument("--after-threshold", type=float, default=95.0)
    parser.add_argument("--swift-version", default="5", help="language mode of the snippets: 5 (most app code, "
                        "the default) or 6")
    parser.add_argument("--verbose", action="store_true", help="print each failing item's first diagnostic")
    args = parser.parse_args()
    folder = os.path.join(args.root, "Coverage", "HealthKitAPI")
    preludes, items = parse_items(folder)
    if args.list:
        print("id\tarea\tkind\tscope\tdevice-only\tsource")
        for item in items:
            print(f"{item.id}\t{item.area}\t{item.kind}\t{item.scope}\t{'yes' if item.device_only else 'no'}\t"
                  f"{item.origin}")
        return 0
    left_out = read_left_out(os.path.join(folder, "left-out.tsv"))
    ids = {item.id for item in items}
    unknown = sorted(set(left_out) - ids)
    out = args.out or os.path.join(args.root, ".build", "api-coverage")
    owner = write_sources(preludes, items, os.path.abspath(out))
    stderr = typecheck(os.path.abspath(out), module_paths(args.root, args.modules), args.swift_version)
    failures, unmapped = collections.OrderedDict(), []
    for line in stderr.splitlines():
        match = re.match(r"^(.*?\.swift):(\d+):\d+: error: (.*)$", line)
        if not match:
            if re.match(r"^(error:|\S.*?: error:)", line):
                unmapped.append(line)
            continue
        path, number, message = match.group(1), int(match.group(2)), match.group(3)
        who = owner.get((os.path.abspath(path), number))
        if who is None:
            unmapped.append(line)
        elif who.startswith("prelude:"):
            unmapped.append(f"{who}: {message}")
        else:
            failures.setdefault(who, message)
    if unmapped:
        # An error outside every item (a missing module, a broken prelude) stops the compiler early, so every item
        # would look present: no figures then.
        print("api-coverage: errors outside any item; the set-up or the prelude is broken, so there are no figures:",
              file=sys.stderr)
        for line in unmapped[:20]:
            print("  " + line, file=sys.stderr)
        return 2
    after = [item for item in items if item.scope == "after-ios18"]
    checks = [item for item in items if item.scope == "check"]
    items = [item for item in items if item.scope == "ios18"]
    total = len(items)
    present = total - sum(1 for item in items if item.id in failures)
    inert = sum(1 for item in items if item.device_only and item.id not in failures)
    areas = collections.OrderedDict()
    for item in items:
        counts = areas.setdefault(item.area, [0, 0, 0, 0])
        counts[1] += 1
        if item.id in failures:
            counts[2] += item.id in left_out
        else:
            counts[0] += 1
            counts[3] += item.device_only
    after_areas = collections.OrderedDict()
    for item in after:
        counts = after_areas.setdefault(item.area, [0, 0, 0, 0])
        counts[1] += 1
        counts[0] += item.id not in failures
    width = max(len(area) for area in list(areas) + list(after_areas))

    def area_line(area, ok, count, left, device):
        notes = [f"{device} device-only"] if device else []
        notes += [f"{left} left out"] if left else []
        return (f"  {area:<{width}}  {ok:>4} / {count:<4} {100.0 * ok / count:5.1f} %"
                + (f"  ({', '.join(notes)})" if notes else ""))

    def failing_lines(title, failing):
        if failing:
            print(f"{title} ({len(failing)}):")
            for item in failing:
                detail = f"  -- {failures[item.id]}" if args.verbose else ""
                print(f"  {item.id}  [{item.area}; {item.file}:{item.line}]{detail}")

    left_count = sum(1 for item in items if item.id in failures and item.id in left_out)
    print(f"HealthKit API coverage, iOS 18.0/18.1 SDK (Coverage/HealthKitAPI): {present} of {total} present with "
          f"Apple's signature ({100.0 * present / total:.1f} %); of these, {inert} device-only (present by signature, "
          f"inert without a device); {total - present} failing, of which {left_count} left out on purpose")
    for area, (ok, count, left, device) in areas.items():
        print(area_line(area, ok, count, left, device))
    if after:
        after_present = sum(1 for item in after if item.id not in failures)
        print(f"After iOS 18 (Apple's API from iOS 18.2 on, frozen at the date in the files; not in the figure): "
              f"{after_present} of {len(after)} present ({100.0 * after_present / len(after):.1f} %)")
        for area, (ok, count, _, _) in after_areas.items():
            print(area_line(area, ok, count, 0, 0))
    if checks:
        checks_passing = sum(1 for item in checks if item.id not in failures)
        print(f"Checks outside the figure (not Apple's API): {checks_passing} of {len(checks)} pass")
    unexpected = [item for item in items if item.id in failures and item.id not in left_out]
    failing_lines("Failing items, not left out on purpose", unexpected)
    failing_lines("Failing items after iOS 18, not counted", [item for item in after if item.id in failures])
    failing_checks = [item for item in checks if item.id in failures]
    failing_lines("Failing checks", failing_checks)
    now_present = sorted(item_id for item_id in left_out if item_id in ids and item_id not in failures)
    if now_present:
        print("Left out on purpose but present now (take them off left-out.tsv): " + ", ".join(now_present))
    if unknown:
        print("left-out.tsv names items that do not exist: " + ", ".join(unknown))
    if args.enforce:
        ratio = 100.0 * present / total
        problems = []
        if ratio < args.threshold:
            problems.append(f"{ratio:.1f} % is below the threshold of {args.threshold:g} %")
        if after:
            after_ratio = 100.0 * sum(1 for item in after if item.id not in failures) / len(after)
            if after_ratio < args.after_threshold:
                problems.append(f"after iOS 18, {after_ratio:.1f} % is below the threshold of {args.after_threshold:g} %")
        if unexpected:
            problems.append(f"{len(unexpected)} failing items are not in left-out.tsv")
        if failing_checks:
            problems.append(f"{len(failing_checks)} checks fail")
        if unknown or now_present:
            problems.append("left-out.tsv needs fixing (see above)")
        if problems:
            print("api-coverage --enforce: " + "; ".join(problems), file=sys.stderr)
            return 1
        print(f"api-coverage --enforce: passed (thresholds {args.threshold:g} %, after iOS 18 {args.after_threshold:g} %)")
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the report quietly
    sys.exit(main())
