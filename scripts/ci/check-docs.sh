#!/usr/bin/env bash
# The DocC documentation: generates it for every target with a catalog (Sources/TARGET/TARGET.docc) with
# `swift package generate-documentation --warnings-as-errors`, so a broken symbol link, an undocumented or misnamed
# parameter or a bad directive fails CI; and checks that every Swift block of the catalogs' articles is code that is
# compiled and run: a run of lines (indentation and blank lines aside) of a file under Tests/ or Examples/. A block
# whose first line is `// Package.swift` is a manifest fragment and is compared with the Package.swift files of
# Examples/ and the root instead.
# The plugin is declared in Package.swift only when OHK_DOCS is set (this script sets it), so other builds never fetch
# or compile it. The documentation is built from the debug build that `swift build` left (scripts/test.sh runs this
# after the tests), and written to .build/plugins/Swift-DocC/outputs/TARGET.doccarchive
# (`OHK_DOCS=1 swift package --disable-sandbox preview-documentation --target TARGET` serves one).
# Usage: scripts/ci/check-docs.sh [--code-only] [TARGET…]   (default: every target with a catalog; --code-only: only
#        the articles' Swift blocks, in a second, without building)
set -euo pipefail
cd "$(dirname "$0")/../.."
code_only=false
if [[ "${1:-}" == "--code-only" ]]; then code_only=true; shift; fi

python3 - <<'PYTHON'
import pathlib, re, sys

def lines(text):
    return [line.strip() for line in text.splitlines() if line.strip()]

def contains(haystack, needle):
    if not needle:
        return True
    first = needle[0]
    for index, line in enumerate(haystack):
        if line == first and haystack[index:index + len(needle)] == needle:
            return True
    return False

code = [lines(path.read_text()) for root in ("Tests", "Examples") for path in pathlib.Path(root).rglob("*.swift")]
manifests = [lines(path.read_text()) for path in [pathlib.Path("Package.swift"), *pathlib.Path("Examples").rglob("Package.swift")]]
failures = 0
blocks = 0
for article in sorted(pathlib.Path("Sources").glob("*/*.docc/**/*.md")):
    for match in re.finditer(r"^```swift\n(.*?)^```", article.read_text(), re.S | re.M):
        block = lines(match.group(1))
        blocks += 1
        if block and block[0] == "// Package.swift":
            found = any(contains(manifest, block[1:]) for manifest in manifests)
        else:
            found = any(contains(file, block) for file in code)
        if not found:
            failures += 1
            line = match.string.count("\n", 0, match.start()) + 1
            print(f"{article}:{line}: warning: this Swift block is not a run of lines of a test or example (Tests/, Examples/)")
if failures:
    sys.exit(1)
print(f"check-docs: {blocks} Swift blocks of the articles are tested code")
PYTHON
$code_only && exit 0

if [[ $# -eq 0 ]]; then
    for catalog in Sources/*/*.docc; do
        set -- "$@" "$(basename "$(dirname "$catalog")")"
    done
fi
targets=()
for target in "$@"; do targets+=(--target "$target"); done
export OHK_DOCS=1
# One invocation for all targets: one plugin start. --warnings-as-errors makes docc fail on any warning; the grep
# also catches the plugin's own (a target without documentation). Compiler warnings, should the plugin's build
# recompile a target, and SwiftPM's notes on dependencies' unhandled files are not the documentation's business.
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
swift package generate-documentation "${targets[@]}" --warnings-as-errors 2>&1 | tee "$log" || status=$?
if [[ $status -ne 0 ]] || grep -E "^warning:" "$log" | grep -v "found .* file(s) which are unhandled" >/dev/null; then
    echo "check-docs: documentation warnings (above)" >&2
    exit 1
fi
echo "check-docs: documentation of ${*} generated without warnings"
