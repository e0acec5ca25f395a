#!/usr/bin/env bash
# Renders `ohk report` on generated data and on the real exports, then opens each report in headless Chromium (Debian's
# `chromium`) with the network cut off (a proxy that goes nowhere), takes a full-width screenshot and prints it to PDF,
# so the reports can be looked at as a person and a printer see them. Also checks that each file is self-contained (no
# script, nothing fetched) and says how many printed pages it has.
#   generated: `ohk demo` over 60 days up to 2024-11-10 in Europe/Berlin (the autumn clock change inside)
#   comocomo:  ../shared/fixtures/comocomo-export.xml, 2017-01-02 to 2017-12-03 by week (when the folder is there)
#   ipyhealth: ../shared/fixtures/ipyhealth-export.xml, its last 30 days (default window)
# Usage: scripts/dev/screenshot-report.sh [--no-build] [OUT]   (default OUT: /tmp/ohk-report-screenshots)
# Writes OUT/NAME.html, OUT/NAME.png (1100 px wide, the whole page) and OUT/NAME.pdf. Skips the pictures (exit 0, with
# a message) when chromium is missing: apt-get install -y chromium. Not part of CI.
# OHK_SCRATCH picks the build folder (default .build).
set -euo pipefail
cd "$(dirname "$0")/../.."
build=1
if [[ "${1:-}" == "--no-build" ]]; then build=0; shift; fi
out="${1:-/tmp/ohk-report-screenshots}"
SCRATCH="${OHK_SCRATCH:-.build}"
if [[ $build -eq 1 ]]; then swift build --scratch-path "$SCRATCH" --product ohk >/dev/null; fi
ohk="$(swift build --scratch-path "$SCRATCH" --show-bin-path)/ohk"
fixtures="${OHK_SHARED_FIXTURES:-../shared/fixtures}"
browser="$(command -v chromium || command -v chromium-browser || true)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

reports=()
"$ohk" demo --store "$work/generated.sqlite" --days 60 --date 2024-11-10 --tz Europe/Berlin >/dev/null
"$ohk" report --store "$work/generated.sqlite" --from 2024-09-12 --to 2024-11-11 --tz Europe/Berlin --name Alex \
    --output "$out/generated.html"
reports+=(generated)
if [[ -f "$fixtures/comocomo-export.xml" ]]; then
    "$ohk" --store "$work/comocomo.sqlite" import "$fixtures/comocomo-export.xml" --quiet
    "$ohk" report --store "$work/comocomo.sqlite" --from 2017-01-02 --to 2017-12-04 --tz Europe/Berlin \
        --output "$out/comocomo.html"
    reports+=(comocomo)
fi
if [[ -f "$fixtures/ipyhealth-export.xml" ]]; then
    "$ohk" --store "$work/ipyhealth.sqlite" import "$fixtures/ipyhealth-export.xml" --quiet
    "$ohk" report --store "$work/ipyhealth.sqlite" --tz Africa/Johannesburg --output "$out/ipyhealth.html"
    reports+=(ipyhealth)
else
    echo "screenshot-report: $fixtures is absent; only the generated report" >&2
fi

for name in "${reports[@]}"; do
    html="$out/$name.html"
    # Self-contained: no script, no external stylesheet, image, font or frame; the only address is SVG's namespace.
    if grep -qiE '<script|<link|<img|<iframe|@import|url\(' "$html"; then
        echo "screenshot-report: $html is not self-contained" >&2
        exit 1
    fi
    if grep -oE '="https?://[^"]*"' "$html" | grep -vq '="http://www.w3.org/2000/svg"'; then
        echo "screenshot-report: $html refers to an address" >&2
        exit 1
    fi
done
if [[ -z "$browser" ]]; then
    echo "screenshot-report: chromium is missing (apt-get install -y chromium); reports in $out, no pictures" >&2
    exit 0
fi
offline=(--headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/chromium"
    --proxy-server=http://127.0.0.1:9 --proxy-bypass-list='<-loopback>' --no-pdf-header-footer
    --default-background-color=ffffffff)
for name in "${reports[@]}"; do
    # A window at least as tall as the page (headless Chromium shoots the window, not the page): about 1 px per 12
    # bytes of report, from 2,000 to 16,000 px; below the page the picture is white.
    height=$(( $(wc -c <"$out/$name.html") / 12 ))
    if (( height < 2000 )); then height=2000; fi
    if (( height > 16000 )); then height=16000; fi
    rm -f "$out/$name.png" "$out/$name.pdf"
    "$browser" "${offline[@]}" --window-size=1100,"$height" --screenshot="$out/$name.png" "file://$out/$name.html" \
        >"$work/chromium.log" 2>&1 || true
    "$browser" "${offline[@]}" --print-to-pdf="$out/$name.pdf" "file://$out/$name.html" >>"$work/chromium.log" 2>&1 || true
    if [[ ! -s "$out/$name.png" || ! -s "$out/$name.pdf" ]]; then
        echo "screenshot-report: chromium wrote no picture of $name; its log:" >&2
        cat "$work/chromium.log" >&2
        exit 1
    fi
    pages="$(grep -ac '/Type /Page$' "$out/$name.pdf" || true)"
    if [[ "$pages" == 0 ]]; then pages="$(strings "$out/$name.pdf" | grep -c '/Type /Page\b' || true)"; fi
    echo "$name: $out/$name.html ($(( $(wc -c <"$out/$name.html") / 1024 )) KiB), $out/$name.png, $out/$name.pdf (~$pages pages)"
done
