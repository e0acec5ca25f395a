#!/usr/bin/env python3
"""Lists the Swift names of Apple's HealthKit headers and Swift interface, and which of them the coverage list misses.

Usage: scripts/dev/healthkit_sdk_names.py HEADERS_DIR [--interface FILE] [--all]
  HEADERS_DIR   a HealthKit.framework/Headers folder of an SDK (Xcode's, or a public copy of one)
  --interface   the framework's .swiftinterface (HealthKit.swiftmodule/arm64-apple-ios.swiftinterface)
  --all         print every name found, not only those no item of Coverage/HealthKitAPI mentions

A helper for repeating the audit behind Coverage/HealthKitAPI (docs/decisions/api-coverage.md), not a check: it
derives Swift names the way the importer does for the simple cases (string enum constants, NS_ENUM cases, classes,
properties, NS_SWIFT_NAME), prints methods without NS_SWIFT_NAME by selector for a person to translate, and reports a
name as missing when no .hkapi file mentions its last component. Read what it prints against the header; never commit
Apple's files.
"""

import argparse
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def lower_camel(word):
    """The importer's lowercasing of a leading word: `BodyMass` -> `bodyMass`, `VO2Max` -> `vo2Max`, `CDA` stays."""
    if re.fullmatch(r"[A-Z0-9]+", word):
        return word
    match = re.match(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]+(?=[0-9])|[A-Z]", word)
    return word[: match.end()].lower() + word[match.end():] if match else word


def common_prefix(names):
    prefix = os.path.commonprefix(names)
    # Cut back to a word boundary (an uppercase letter starts the next word).
    while prefix and not (len(prefix) < min(len(n) for n in names) and names[0][len(prefix)].isupper()):
        prefix = prefix[:-1]
    return prefix


def header_names(folder):
    """Yields (swift name, kind, file, note) for the declarations of every header in `folder`."""
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".h"):
            continue
        text = strip_comments(open(os.path.join(folder, name), encoding="utf-8", errors="replace").read())
        string_enums = set(re.findall(r"typedef\s+NSString\s*\*\s*(\w+)\s+NS_(?:TYPED_|EXTENSIBLE_)?STRING_ENUM", text))
        string_enums |= set(re.findall(r"typedef\s+NSString\s*\*\s*(\w+)\s+NS_TYPED_(?:EXTENSIBLE_)?ENUM", text))
        for kind, constant in re.findall(r"HK_EXTERN\s+(?:const\s+)?(\w+)\s*\*?\s*const\s+(\w+)", text):
            owner = next((e for e in string_enums if kind == e and constant.startswith(e)), None)
            if owner:
                yield f"{owner}.{lower_camel(constant[len(owner):])}", "constant", name, ""
            else:
                yield constant, "constant", name, ""
        enum_pattern = r"typedef\s+NS_(?:ENUM|OPTIONS|ERROR_ENUM)\s*\(\s*\w+\s*,\s*(\w+)\s*\)\s*\{(.*?)\}([^;]*);"
        for match in re.finditer(enum_pattern, text, flags=re.S):
            enum, body, tail = match.groups()
            renamed = re.search(r"NS_SWIFT_NAME\(([\w.]+)\)", tail)
            swift_enum = renamed.group(1) if renamed else enum
            cases = [c for c in re.findall(r"^\s*(\w+)", body, flags=re.M) if c.startswith("HK")]
            if not cases:
                continue
            prefix = enum if all(c.startswith(enum) and len(c) > len(enum) for c in cases) else common_prefix(cases)
            for case in cases:
                yield f"{swift_enum}.{lower_camel(case[len(prefix):])}", "case", name, ""
        for match in re.finditer(r"(NS_SWIFT_NAME\(([\w.]+)\)\s*)?@interface\s+(\w+)\s*(?::\s*(\w+))?\s*(?:<([^>]*)>)?"
                                 r"(.*?)@end", text, flags=re.S):
            _, renamed, cls, base, protocols, body = match.groups()
            swift_cls = renamed or cls
            if base:
                note = f": {base}" + (f" <{protocols.strip()}>" if protocols else "")
                yield swift_cls, "class", name, note
            property_pattern = (r"@property\s*(\([^)]*\))?[^;]*?(\w+)\s*"
                                r"(?:API_\w+\([^;]*\)\s*|NS_\w+(?:\([^;]*?\))?\s*)*;")
            for prop in re.finditer(property_pattern, body):
                attributes, prop_name = prop.group(1) or "", prop.group(2)
                getter = re.search(r"getter\s*=\s*(\w+)", attributes)
                yield f"{swift_cls}.{getter.group(1) if getter else prop_name}", "property", name, ""
            for method in re.finditer(r"^\s*([-+])\s*\([^;{]*?\)\s*(\w+)([^;]*);", body, flags=re.M):
                sign, first, rest = method.groups()
                if "NS_UNAVAILABLE" in rest:
                    continue
                swift = re.search(r"NS_SWIFT_NAME\(([^)]*\))\)", rest)
                unavailable_ios = "API_UNAVAILABLE(" in rest and re.search(r"API_UNAVAILABLE\([^)]*\bios\b", rest)
                note = "unavailable on iOS" if unavailable_ios else ""
                if swift:
                    yield f"{swift_cls}.{swift.group(1)}", "method", name, note
                else:
                    labels = re.findall(r"\b(\w+)\s*:\s*\(", rest)
                    selector = first + (":" + "".join(label + ":" for label in labels)
                                        if rest.lstrip().startswith(":") else "")
                    yield f"{swift_cls} {sign}{selector}", "selector", name, note


def interface_names(path):
    """Yields (swift name, kind, file, note) for the public declarations of a .swiftinterface."""
    scope, depth = [], 0
    for line in open(path, encoding="utf-8"):
        stripped = line.strip()
        opened = re.match(r"(?:@\w+(?:\([^)]*\))?\s+)*(?:public\s+)?(?:final\s+)?(struct|class|enum|protocol|extension)"
                          r"\s+([\w.]+)", stripped)
        if opened and stripped.endswith("{"):
            scope.append((depth, opened.group(2)))
            if opened.group(1) != "extension":
                yield opened.group(2), opened.group(1), "swiftinterface", stripped.split("{")[0].strip()
        elif re.match(r"(?:@\w+\s+)*(?:public|convenience public|@inlinable public)\s", stripped) and scope:
            member = re.search(r"\b(?:func|var|let|case|typealias)\s+(`?\w+`?)|\b(init\??)\(", stripped)
            if member and "internal" not in stripped:
                yield f"{scope[-1][1]}.{member.group(1) or member.group(2)}", "member", "swiftinterface", stripped
        depth += stripped.count("{") - stripped.count("}")
        while scope and depth <= scope[-1][0]:
            scope.pop()


def mentioned(swift_name, corpus):
    last = re.split(r"[. ]", swift_name)[-1].split("(")[0].strip("`+-:?")
    return bool(last) and re.search(r"\b" + re.escape(last) + r"\b", corpus) is not None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("headers")
    parser.add_argument("--interface")
    parser.add_argument("--all", action="store_true")
    args = parser.parse_args()
    folder = os.path.join(ROOT, "Coverage", "HealthKitAPI")
    corpus = "\n".join(open(os.path.join(folder, f), encoding="utf-8").read()
                       for f in sorted(os.listdir(folder)) if f.endswith(".hkapi"))
    names = list(header_names(args.headers))
    if args.interface:
        names += list(interface_names(args.interface))
    shown = 0
    for swift_name, kind, source, note in names:
        if args.all or not mentioned(swift_name, corpus):
            print(f"{source}\t{kind}\t{swift_name}" + (f"\t{note}" if note else ""))
            shown += 1
    print(f"{shown} of {len(names)} names {'listed' if args.all else 'not mentioned by any item'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
