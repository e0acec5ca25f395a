#!/usr/bin/env python3
"""Type checks someone's HealthKit code (a folder outside this repository) against the built `HealthKit` module.

Called by scripts/dev/check-healthkit-code.sh, which says how to use it. The approach, in short:

* A code base is cut into units, one per target: a SwiftPM target's `path:`, else `Sources/<T>` or `Tests/<T>` beside
  a Package.swift, else the top-level folder a file sits in (Xcode projects keep one folder per target). A unit is
  type checked as one module (`swiftc -typecheck -wmo`), all its files together, so that a HealthKit-using file sees
  the rest of its target.
* A unit that imports another unit of the same code base (`import LoopKit` in LoopKitUI, `@testable import` in tests)
  is type checked together with that unit's files, recursively.
* Every imported module is probed once (`import M` alone against the HealthKit module). An import that Linux does not
  have (UIKit, SwiftUI, Combine, os, a dependency that is not in the folder) is blanked in a scratch copy of the file
  (same line numbers, under $TMPDIR), since a missing module stops the compiler; the names it would have brought are
  then missing, and those errors are not ours.
* Each error in a HealthKit-using file is classified: "ours" when it names HealthKit API (an HK type, member or
  HealthKit itself: a missing symbol, a different signature, not overridable, a metatype without a `required`
  initializer, a Sendable problem with an HK type), "check" when it is of a kind an API difference causes and its
  line names HK API but the message does not, or when an HK type lacks a member that Coverage/HealthKitAPI does not
  list (Apple's, not listed yet, or a dependency's extension): look at those by hand. Everything else is "not ours":
  what the blanked modules would have declared and what follows from it, Foundation on Linux, the same internal
  extension in two targets merged into one module. HK names the code base declares itself (its test doubles) are not
  HealthKit API; a file that names HK API without importing HealthKit gets `import HealthKit` in place of its first
  blanked import (on Apple's platforms a module such as SpeziHealthKit or CareKit re-exports it).
* Code inside `#if os(iOS)` and the like is inactive on Linux and so is not checked: a file whose HealthKit lines are
  all inactive is reported as skipped, one with some inactive lines says how many.
"""

import argparse
import collections
import hashlib
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

SKIP_DIRS = {".build", ".git", ".swiftpm", "Pods", "Carthage", "DerivedData", "node_modules", "Packages"}
HK_WORD = re.compile(r"\bHK[A-Z][A-Za-z0-9_]*")
IMPORT = re.compile(r"^\s*((?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?)"
                    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|"
                    r"var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)")
DECLARES_HK = re.compile(r"\b(?:class|struct|enum|protocol|typealias|actor|func|var|let)\s+(HK[A-Z][A-Za-z0-9_]*)")
DIAGNOSTIC = re.compile(r"^(.*?\.swift):(\d+):(\d+): (error|warning|note): (.*)$")
# Messages an API difference produces; such an error on a line naming HK API is worth a look even when the message
# names no HK type.
API_KINDS = re.compile(
    r"argument|label|cannot convert|has no member|is not a member|ambiguous|override|overrid|required|conform|"
    r"Sendable|sendable|@Sendable|generic parameter|cannot be inferred|no exact matches|non-function type|unavailable|"
    r"cannot call|does not have a member|cannot infer contextual base|incorrect|extraneous|extra trailing closure|"
    r"cannot assign|immutable|get-only|async|throw|isolated|metatype|Optional|unwrapped")


def strip_comment(line):
    """The line without a `//` comment (good enough: a `//` inside a string literal is rare in HealthKit code)."""
    index = line.find("//")
    return line if index < 0 else line[:index]


class Conditions:
    """Evaluates `#if` conditions as this type check sees them (Linux, -D DEBUG), approximately."""

    def __init__(self, available, swift_version):
        self.available = available
        self.language = (5, 10) if swift_version == "5" else (6, 0)
        self.compiler = compiler_version()

    def evaluate(self, text):
        text = re.sub(r"//.*", "", text).strip()
        tokens = re.findall(r"\w+\s*\([^()]*\)|&&|\|\||!|\(|\)|\w+", text)
        self.tokens, self.position = tokens, 0
        try:
            value = self.parse_or()
        except (IndexError, ValueError):
            return True
        return value if self.position == len(tokens) else True

    def next(self):
        token = self.tokens[self.position]
        self.position += 1
        return token

    def peek(self):
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def parse_or(self):
        value = self.parse_and()
        while self.peek() == "||":
            self.next()
            value = self.parse_and() or value
        return value

    def parse_and(self):
        value = self.parse_not()
        while self.peek() == "&&":
            self.next()
            value = self.parse_not() and value
        return value

    def parse_not(self):
        if self.peek() == "!":
            self.next()
            return not self.parse_not()
        if self.peek() == "(":
            self.next()
            value = self.parse_or()
            if self.next() != ")":
                raise ValueError
            return value
        return self.atom(self.next())

    def atom(self, token):
        match = re.match(r"(\w+)\s*\(\s*([^()]*?)\s*\)$", token)
        if not match:
            return {"true": True, "false": False, "DEBUG": True}.get(token, False)
        name, argument = match.groups()
        if name == "os":
            return argument == "Linux"
        if name == "canImport":
            return self.available(argument.split(",")[0].strip().split(".")[0])
        if name == "arch":
            return argument in {platform.machine(), "arm64" if platform.machine() == "aarch64" else ""}
        if name in ("swift", "compiler"):
            version = self.language if name == "swift" else self.compiler
            op, number = re.match(r"(>=|<)\s*([\d.]+)", argument).groups()
            wanted = tuple(int(part) for part in number.split("."))
            return version >= wanted if op == ">=" else version < wanted
        if name == "targetEnvironment":
            return False
        return True  # hasFeature, hasAttribute, _runtime: assume on


def compiler_version():
    output = subprocess.run(["swiftc", "--version"], capture_output=True, text=True).stdout
    match = re.search(r"Swift version (\d+)\.(\d+)", output)
    return (int(match.group(1)), int(match.group(2))) if match else (6, 0)


def active_lines(lines, conditions):
    """For each line, whether the compiler sees it (outside inactive `#if` branches)."""
    stack, result = [], []  # frames: [parent active, a branch taken, this branch active]
    for line in lines:
        stripped = line.strip()
        directive = re.match(r"#(if|elseif|else|endif)\b(.*)", stripped)
        current = all(frame[2] for frame in stack)
        if directive:
            kind, rest = directive.groups()
            if kind == "if":
                value = conditions.evaluate(rest)
                stack.append([current, value, value])
            elif kind == "elseif" and stack:
                frame = stack[-1]
                value = (not frame[1]) and conditions.evaluate(rest)
                frame[1], frame[2] = frame[1] or value, value
            elif kind == "else" and stack:
                frame = stack[-1]
                frame[2], frame[1] = not frame[1], True
            elif kind == "endif" and stack:
                stack.pop()
            result.append(True)
            continue
        result.append(current)
    return result


class Prober:
    """Which modules `import M` finds here (Linux toolchain plus the built HealthKit module); cached in a file."""

    def __init__(self, modules, swift_version, scratch):
        self.modules, self.swift_version, self.scratch = modules, swift_version, scratch
        text = f"{os.path.realpath(modules)}|{compiler_version()}|{swift_version}"
        key = hashlib.sha1(text.encode()).hexdigest()[:12]
        self.cache_path = os.path.join(scratch, f"import-probes-{key}.json")
        try:
            with open(self.cache_path, encoding="utf-8") as handle:
                self.cache = json.load(handle)
        except (OSError, ValueError):
            self.cache = {}

    def __call__(self, module):
        if module not in self.cache:
            probe = os.path.join(self.scratch, f"probe-{os.getpid()}.swift")
            with open(probe, "w", encoding="utf-8") as handle:
                handle.write(f"import {module}\n")
            result = subprocess.run(["swiftc", "-typecheck", "-swift-version", self.swift_version, "-I", self.modules,
                                     probe], capture_output=True, text=True)
            os.remove(probe)
            self.cache[module] = result.returncode == 0
            with open(self.cache_path, "w", encoding="utf-8") as handle:
                json.dump(self.cache, handle, indent=1, sort_keys=True)
        return self.cache[module]


SourceFile = collections.namedtuple("SourceFile", "rel path unit lines imports uses_healthkit")


def find_sources(root):
    files = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs
                         if d not in SKIP_DIRS and not d.startswith(".") and not d.endswith(".xcassets"))
        for name in sorted(names):
            if name.endswith(".swift") and name != "Package.swift" and not name.startswith("Package@swift"):
                files.append(os.path.relpath(os.path.join(folder, name), root))
    return files


def declared_targets(root):
    """{folder relative to root: target name} for SwiftPM targets with a `path:` (Package.swift files in the folder)."""
    targets = {}
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".")]
        if "Package.swift" not in names:
            continue
        with open(os.path.join(folder, "Package.swift"), encoding="utf-8", errors="replace") as handle:
            text = handle.read()
        calls = re.split(r"\.(?:target|testTarget|executableTarget|macro|binaryTarget|systemLibrary|plugin)\s*\(", text)
        for call in calls[1:]:
            name, path = re.search(r'name:\s*"([^"]+)"', call), re.search(r'\bpath:\s*"([^"]+)"', call)
            if name and path:
                rel = os.path.normpath(os.path.relpath(os.path.join(folder, path.group(1)), root))
                targets.setdefault(rel, name.group(1))
    return targets


def unit_of(root, rel, targets):
    best = max((folder for folder in targets if rel.startswith(folder + os.sep)), key=len, default=None)
    if best:
        return best
    parts = rel.split(os.sep)
    for index, part in enumerate(parts[:-2]):
        if part in ("Sources", "Tests") and os.path.exists(os.path.join(root, *parts[:index], "Package.swift")):
            return os.sep.join(parts[:index + 2])
    return parts[0] if len(parts) > 1 else "."


def module_name(unit, root, targets):
    if unit in targets:
        return re.sub(r"[^A-Za-z0-9_]", "_", targets[unit])
    base = os.path.basename(os.path.abspath(root)) if unit == "." else os.path.basename(unit)
    name = re.sub(r"[^A-Za-z0-9_]", "_", base)
    return "_" + name if not name or name[0].isdigit() else name


def read_source(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as handle:
        lines = handle.read().split("\n")
    imports = []
    for number, line in enumerate(lines):
        match = IMPORT.match(line)
        if match:
            imports.append((number, match.group(2)))
    code = "\n".join(strip_comment(line) for line in lines)
    uses = any(name == "HealthKit" for _, name in imports) or bool(HK_WORD.search(code))
    return lines, imports, uses


def typecheck(files, name, modules, swift_version, has_main):
    command = ["swiftc", "-typecheck", "-wmo", "-swift-version", swift_version, "-diagnostic-style", "llvm",
               "-module-name", name, "-D", "DEBUG", "-I", modules]
    if not has_main:
        command.append("-parse-as-library")
    result = subprocess.run(command + files, capture_output=True, text=True)
    return result.returncode, result.stderr


def parse_diagnostics(stderr):
    """[(path, line, column, message, [notes])] for errors; notes attach to the error before them."""
    errors, loose = [], []
    for line in stderr.splitlines():
        match = DIAGNOSTIC.match(line)
        if match:
            path, number, column, kind, message = match.groups()
            if kind == "error":
                errors.append((os.path.realpath(path), int(number), int(column), message, []))
            elif kind == "note" and errors:
                errors[-1][4].append((os.path.realpath(path), int(number), message))
        elif line.startswith("<unknown>:0: note: ") or re.match(r"^\S+: note: ", line) and errors:
            errors[-1][4].append(("", 0, line.split(": note: ", 1)[1]))
        elif re.match(r"^(<unknown>:0: )?error: ", line) or "Stack dump" in line or "PLEASE submit a bug" in line:
            loose.append(line)
    return errors, loose


ENCLOSING = re.compile(r"^\s*(?:(?:public|open|internal|private|fileprivate|final|@[\w.]+(?:\([^)]*\))?)\s+)*"
                       r"(class|struct|enum|actor|extension)\s+([\w.]+)(?:<[^>]*>)?\s*(?::\s*([\w.]+))?")


def enclosing_type(lines, number):
    """The superclass of the class (or the type of the extension) a line sits in: the nearest declaration above."""
    for index in range(min(number, len(lines)) - 1, -1, -1):
        match = ENCLOSING.match(lines[index])
        if match:
            kind, name, parent = match.groups()
            return name if kind == "extension" else (parent or "")
    return ""


DECLARES = re.compile(r"\b(?:func|var|let|case|class|struct|enum|protocol|typealias|actor|associatedtype)\s+"
                      r"`?([A-Za-z_][A-Za-z0-9_]*)")


def apple_members(repository):
    """Names of Apple's HealthKit members, from the items of Coverage/HealthKitAPI (ids and snippets)."""
    names = set()
    folder = os.path.join(repository, "Coverage", "HealthKitAPI")
    for name in os.listdir(folder) if os.path.isdir(folder) else []:
        if name.endswith(".hkapi"):
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                text = handle.read()
            for item in re.findall(r"^==(?:top)?\s+(\S+)", text, re.M):
                names.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", re.sub(r"\([^)]*\)", "", item)))
            names.update(re.findall(r"\.([A-Za-z_][A-Za-z0-9_]*)", text))
            names.update(re.findall(r"\b([a-z][A-Za-z0-9_]*)\s*:", text))
    return names


def classify(message, notes, notes_in_ours, lines, number, own_hk, own_names, apple):
    """ours / check / not ours, and the HealthKit names the error concerns.

    notes_in_ours says, per note, whether it points into this repository's sources (HealthKit's own declarations);
    own_names are the names the code base declares, apple the names of Apple's HealthKit members."""
    def api_names(text):
        return sorted({word for word in HK_WORD.findall(text) if word not in own_hk})

    line_text = strip_comment(lines[number - 1]) if 0 < number <= len(lines) else ""
    missing = re.match(r"cannot find (?:type )?'([^']+)' in scope", message)
    if "no such module" in message:
        return "not ours", []
    if missing:
        name = missing.group(1)
        return ("ours", [name]) if HK_WORD.fullmatch(name) and name not in own_hk else ("not ours", [])
    if message.startswith("ambiguous use of") or message.startswith("invalid redeclaration"):
        # A clash with a declaration of ours (an extension of the app's own that our module also declares) is ours;
        # candidates all in the code base come from merging its targets into one module.
        return ("ours", api_names(line_text) or ["(HealthKit's extra declaration)"]) if any(notes_in_ours) \
            else ("not ours", [])
    if message.startswith("cannot infer contextual base"):
        return "not ours", []  # the call around it did not resolve: a missing type, else the message would say more
    member = re.search(r"has no member '([^']+)'|reference to member '([^']+)'", message)
    member = member and (member.group(1) or member.group(2))
    if member and member not in apple and member in own_names:
        # The code base's own extension member, missing because its declaration did not type check here (it
        # needs a dependency or framework Linux lacks).
        return "not ours", []
    protocol = re.search(r"does not conform to protocol '([^']+)'", message)
    if protocol and protocol.group(1) in own_names and not HK_WORD.match(protocol.group(1)):
        return "not ours", []  # the code base's own conformance, which needs what Linux lacks
    if message.startswith("expression pattern of type") and not re.search(r"values of type '(HK|\[HK)", message):
        return "not ours", []  # a `case .x` on the code base's enum that did not type check, tried on HK error codes
    if re.match(r"type 'HKError\.Code' has no member", message) and "HKError" not in line_text:
        return "not ours", []  # the same pattern, reported once more
    kvc = re.search(r"\.(?:value|setValue)\((?:[^)]*, )?forKey(?:Path)?:", line_text)
    if member in ("value", "setValue") and kvc:
        return "not ours", []  # key-value coding: Foundation on Linux has none (NSObject's value(forKey:))
    conforms = re.match(r"type '([^']+)' does not conform to the 'Sendable' protocol", message)
    if conforms:
        outer = conforms.group(1).split("<")[0].split(".")[0]
        if not HK_WORD.fullmatch(outer) or outer in own_hk:
            return "not ours", []  # a key path, array or the code base's type with an HK type argument
    no_member = re.match(r"(?:value of type|type) '([^']+)'(?: \(aka '[^']+'\))? has no member '([^']+)'", message)
    if no_member:
        base = re.sub(r"^(?:some|any) ", "", no_member.group(1)).split(".")[0].split("<")[0]
        if not HK_WORD.fullmatch(base) or base in own_hk:
            return "not ours", []  # a member of an array, a set or the code base's type (a dependency's extension)
        if member in apple:
            return "ours", [f"{no_member.group(1)}.{member}"]
        return "check", [f"{no_member.group(1)}.{member}"]  # Apple's (not in Coverage/HealthKitAPI) or a dependency's
    sendable = re.search(r"non-'?Sendable'? (?:type|result type|parameter type) '([^']+)'", message)
    if sendable:
        kind = sendable.group(1)
        outer = re.sub(r"^(?:some|any) ", "", kind).split("<")[0].split(".")[0]
        if kind.startswith("("):
            # A closure type: Apple may declare it @Sendable where the code base's own declaration does not.
            return ("check", api_names(kind)) if api_names(kind) else ("not ours", [])
        if not HK_WORD.fullmatch(outer) or outer in own_hk:
            return "not ours", []  # the code base's own type (with an HK type argument) is not Sendable
    if "nonisolated global shared mutable state" in message or "swift-corelibs-foundation" in message:
        return "not ours", []  # the code base's own global; Foundation on Linux
    if message.startswith("generic parameter") and any("declared as parameter to type" in note and not mine
                                                        for note, mine in zip(notes, notes_in_ours)):
        return "not ours", []  # the code base's generic type
    if "'module<" in message:
        return "not ours", []  # a dependency's type named like a module (SpeziHealthKit's `HealthKit`)
    names = api_names(message + " " + " ".join(re.sub(r"^[^:]+:\d+: ", "", note) for note in notes))
    if names or re.search(r"\b(Open)?HealthKit\b", message):
        return "ours", names
    if member and member not in apple:
        return "not ours", []
    if re.search(r"override|overriding|non-open|cannot inherit", message):
        parent = enclosing_type(lines, number)
        if HK_WORD.fullmatch(parent or "") and parent not in own_hk:
            return "ours", [parent]
        return "not ours", []
    if "'required' initializer" in message:
        window = " ".join(strip_comment(line) for line in lines[max(0, number - 6):number])
        if api_names(window):
            return "ours", api_names(window)
    line_names = api_names(line_text)
    if line_names and API_KINDS.search(message):
        return "check", line_names
    return "not ours", []


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", help="a code base's checkout (outside this repository)")
    parser.add_argument("--modules", help="folder holding HealthKit.swiftmodule (default: .build/debug/Modules)")
    parser.add_argument("--swift-version", default="5", choices=["5", "6"], help="language mode (default 5)")
    parser.add_argument("--verbose", action="store_true", help="also print each file's errors that are not ours")
    parser.add_argument("--json", help="write the results to this file as JSON")
    parser.add_argument("--root", default=".", help="this repository (for the default --modules)")
    parser.add_argument("--reuse", action="store_true", help="read the compiler's output saved by the last run of "
                        "the same files against the same module instead of compiling")
    args = parser.parse_args()

    root = os.path.realpath(args.folder)
    repository = os.path.realpath(args.root)
    if not os.path.isdir(root):
        sys.exit(f"check-healthkit-code: no folder {args.folder}")
    if root == repository or root.startswith(repository + os.sep):
        sys.exit("check-healthkit-code: the code base must be outside this repository")
    modules = args.modules or os.path.join(repository, ".build", "debug", "Modules")
    if not os.path.exists(os.path.join(modules, "HealthKit.swiftmodule")):
        sys.exit(f"check-healthkit-code: no HealthKit.swiftmodule in {modules} (run `swift build --target HealthKit`)")
    scratch_root = os.path.join(tempfile.gettempdir(), "ohk-healthkit-code")
    os.makedirs(scratch_root, exist_ok=True)
    available = Prober(modules, args.swift_version, scratch_root)
    conditions = Conditions(available, args.swift_version)

    sources, found = {}, find_sources(root)
    targets = declared_targets(root)
    for rel in found:
        lines, imports, uses = read_source(root, rel)
        sources[rel] = SourceFile(rel, os.path.join(root, rel), unit_of(root, rel, targets), lines, imports, uses)
    units = collections.OrderedDict()
    for source in sources.values():
        units.setdefault(source.unit, []).append(source)
    own_modules = {}
    for unit in sorted(units, key=lambda unit: unit == "."):  # a folder named like the checkout wins over its root
        own_modules.setdefault(module_name(unit, root, targets), unit)
    # HK names the code base declares in code the compiler sees (its test doubles; not its stand-ins for Linux, which
    # sit under `#if !canImport(HealthKit)`) are its own, not HealthKit API.
    own_hk, own_names, apple = set(), set(), apple_members(repository)
    for source in sources.values():
        own_names.update(DECLARES.findall("\n".join(strip_comment(line) for line in source.lines)))
        if DECLARES_HK.search("\n".join(source.lines)):
            active = active_lines(source.lines, conditions)
            own_hk.update(DECLARES_HK.findall("\n".join(strip_comment(line) for line, on in zip(source.lines, active)
                                                         if on)))

    # The scratch copies go to a folder of their own per code base and mode (same paths on every run), and so does
    # the compiler's output per target, which --reuse reads back instead of compiling again when neither the files
    # nor the HealthKit module changed (to try another classification quickly).
    tag = hashlib.sha1(f"{root}|{args.swift_version}".encode()).hexdigest()[:10]
    scratch = os.path.join(scratch_root, f"{os.path.basename(root)}-{args.swift_version}-{tag}")
    outputs = scratch + "-outputs"
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(outputs, exist_ok=True)
    module_stamp = max(os.stat(os.path.join(modules, name)).st_mtime for name in os.listdir(modules)
                       if name in ("HealthKit.swiftmodule", "OpenHealthKit.swiftmodule"))
    results, unit_reports = [], []
    mode = f"Swift {args.swift_version} language mode"
    print(f"check-healthkit-code: {root} ({mode}; HealthKit module from {modules})")
    for unit, members in units.items():
        if not any(source.uses_healthkit for source in members):
            continue
        name = module_name(unit, root, targets)
        if name in ("HealthKit", "OpenHealthKit", "Foundation"):
            name += "_Checked"
        # The unit and the code base's own modules it imports, recursively.
        included, queue = [unit], [unit]
        while queue:
            for source in units[queue.pop()]:
                for _, imported in source.imports:
                    other = own_modules.get(imported)
                    if other and other not in included and not available(imported):
                        included.append(other)
                        queue.append(other)
        files, blanked, path_of, names = [], collections.Counter(), {}, set()
        for other in included:
            for source in units[other]:
                # Linux lacks the module, or it is one of the code base's own, type checked here with it.
                drop = [(number, imported) for number, imported in source.imports if not available(imported)]
                path, base = source.path, os.path.basename(source.rel)
                # A file that names HK API without importing HealthKit gets it on Apple's platforms through a
                # module that re-exports it (SpeziHealthKit, CareKit, ResearchKit) or a pod's umbrella header:
                # its first blanked import, or a last line, imports HealthKit instead.
                through = source.uses_healthkit and not any(m == "HealthKit" for _, m in source.imports)
                # One module may not hold two files of one name (two targets merged, or two folders of one).
                if drop or base in names or through:
                    lines = list(source.lines)
                    for number, imported in drop:
                        lines[number] = "import HealthKit" if through else ""
                        through = False
                        if other == unit and own_modules.get(imported) not in included:
                            blanked[imported] += 1
                    if through:
                        lines.append("import HealthKit")
                    if base in names:
                        base = f"{len(path_of)}-{base}"
                    path = os.path.join(scratch, str(len(path_of)), base)
                    os.makedirs(os.path.dirname(path), exist_ok=True)
                    with open(path, "w", encoding="utf-8") as handle:
                        handle.write("\n".join(lines))
                names.add(base)
                path_of[os.path.realpath(path)] = source
                files.append(path)
        has_main = any(os.path.basename(source.rel) == "main.swift" for other in included for source in units[other])
        digest = hashlib.sha1(f"{module_stamp}|{has_main}|{name}".encode())
        for path in files:
            stat = os.stat(path)
            digest.update(f"|{path}|{stat.st_size}|{stat.st_mtime if path.startswith(root) else 0}".encode())
        saved = os.path.join(outputs, f"{name}-{digest.hexdigest()[:16]}.txt")
        if args.reuse and os.path.exists(saved):
            with open(saved, encoding="utf-8") as handle:
                status, stderr = handle.readline().strip(), handle.read()
            status = int(status)
        else:
            status, stderr = typecheck(files, name, modules, args.swift_version, has_main)
            with open(saved, "w", encoding="utf-8") as handle:
                handle.write(f"{status}\n{stderr}")
        errors, loose = parse_diagnostics(stderr)
        by_file = collections.defaultdict(list)
        def place(path, number):
            """Where a note points: a file of the code base, HealthKit's module, or nowhere."""
            if not path:
                return ""
            known = path_of.get(path)
            if known is not None:
                return f"{known.rel}:{number}: "
            return f"{os.path.basename(path)}:{number}: "

        for path, number, column, message, notes in errors:
            source = path_of.get(path)
            if source is not None:
                texts = [place(*note[:2]) + note[2] for note in notes]
                in_ours = [bool(note[0]) and note[0].startswith(repository + os.sep) for note in notes]
                by_file[source.rel].append((number, column, message, texts, in_ours))
        # A missing module stops the compiler (an import this script did not recognise): nothing is known then.
        stopped = [f"{place(path, number)}{message}" for path, number, _, message, _ in errors
                   if message.startswith("no such module")]
        loose = stopped + loose
        fatal = status != 0 and (not errors or bool(stopped))
        extra = [u for u in included if u != unit]
        unit_reports.append({"unit": unit, "module": name, "files": len(members), "with": extra,
                             "files_compiled": len(files), "blanked_imports": dict(blanked),
                             "errors": len(errors), "fatal": loose[:5] if fatal else []})
        print(f"\nunit {unit} (module {name}, {len(members)} files"
              + (f", with {', '.join(extra)}" if extra else "")
              + (f"; imports blanked: {', '.join(sorted(blanked))}" if blanked else "") + ")")
        for source in members:
            if not source.uses_healthkit:
                continue
            active = active_lines(source.lines, conditions)
            hk_lines = [index for index, line in enumerate(source.lines)
                        if HK_WORD.search(strip_comment(line)) or IMPORT.match(line) and "HealthKit" in line]
            inactive = [index for index in hk_lines if not active[index]]
            entry = {"file": source.rel, "unit": unit, "errors": [], "other_errors": 0,
                     "healthkit_lines": len(hk_lines), "inactive_healthkit_lines": len(inactive)}
            if fatal:
                entry.update(status="skipped", reason="the compiler stopped: " + (loose[0] if loose else "no output"))
            elif hk_lines and len(inactive) == len(hk_lines):
                entry.update(status="skipped", reason="its HealthKit code is all inside inactive #if branches "
                             "(os(iOS), canImport(UIKit), ...)")
            else:
                for number, column, message, notes, in_ours in by_file.get(source.rel, []):
                    kind, names = classify(message, notes, in_ours, source.lines, number, own_hk, own_names,
                                           apple)
                    if kind == "not ours":
                        entry["other_errors"] += 1
                        if args.verbose:
                            entry["errors"].append({"line": number, "column": column, "class": kind,
                                                    "message": message, "notes": notes, "api": names})
                    else:
                        entry["errors"].append({"line": number, "column": column, "class": kind,
                                                "message": message, "notes": notes, "api": names})
                ours = any(error["class"] == "ours" for error in entry["errors"])
                entry["status"] = "failed" if ours else "ok"
                entry["reason"] = ""
            results.append(entry)
            note = []
            if entry["other_errors"]:
                note.append(f"{entry['other_errors']} errors not ours")
            if inactive and entry["status"] != "skipped":
                note.append(f"{len(inactive)} of {len(hk_lines)} HealthKit lines inactive")
            print(f"  {entry['status']:<8}{source.rel}" + (f"  ({'; '.join(note)})" if note else "")
                  + (f": {entry['reason']}" if entry["status"] == "skipped" else ""))
            for error in entry["errors"]:
                label = {"ours": "HealthKit", "check": "check", "not ours": "not ours"}[error["class"]]
                print(f"          {error['line']}:{error['column']}: [{label}] {error['message']}")
                if error["class"] != "not ours":
                    for note_text in error["notes"][:3]:
                        print(f"              note: {note_text}")

    counts = collections.Counter(entry["status"] for entry in results)
    ours = sum(1 for entry in results for error in entry["errors"] if error["class"] == "ours")
    check = sum(1 for entry in results for error in entry["errors"] if error["class"] == "check")
    other = sum(entry["other_errors"] for entry in results)
    summary = (f"{len(results)} files use HealthKit: {counts['ok']} ok, {counts['failed']} failed, "
               f"{counts['skipped']} skipped; {ours} HealthKit errors, {check} to check by hand, "
               f"{other} errors not ours ({mode})")
    print(f"\ncheck-healthkit-code: {summary}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"folder": root, "swift_version": args.swift_version, "summary": summary,
                       "counts": {"files": len(results), "ok": counts["ok"], "failed": counts["failed"],
                                  "skipped": counts["skipped"], "healthkit_errors": ours, "check": check,
                                  "not_ours": other},
                       "units": unit_reports, "files": results}, handle, indent=1)
    return 1 if ours else 0


if __name__ == "__main__":
    sys.exit(main())
