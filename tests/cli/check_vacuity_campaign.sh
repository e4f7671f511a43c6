#!/bin/sh
# check_vacuity_campaign.sh VCOV_CLI DATA [SCREENSHOT.png] — a campaign whose harness has an
# assertion that no execution reaches says so: in its summary, in the JSON ("assertions",
# 1 of 2 vacuous, with the proof) and above Stryker's page, which still renders in headless
# Chromium. The page's part is skipped (77) where Chromium or the npm packages are missing.
set -u
cli=$1; data=$2/vacuity/campaign; shot=${3:-}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
# A budget far above the second the decision takes: the claim is under test, not the speed.
"$cli" mutate "$data/harness.c" "$data/clamp.c" --mutate clamp.c --unwind 2 --vacuity-time 120 --json "$work/report.json" \
  >"$work/out.txt" 2>"$work/err.txt" || { cat "$work/out.txt" "$work/err.txt"; echo "FAIL: vcov-cli mutate"; exit 1; }
cat "$work/out.txt" | tail -n 4
grep -q "^Note: The harness's assertions: 1 of 2 assertions vacuous: never reached" "$work/out.txt" ||
  { echo "FAIL: the summary does not say that an assertion is vacuous"; exit 1; }
grep -q "harness.c:11: assert(lo <= r && r <= hi) (never reached: " "$work/out.txt" ||
  { echo "FAIL: the vacuous assertion is not listed with its proof"; exit 1; }
python3 - "$work/report.json" <<'PY' || exit 1
import json, sys
a = json.load(open(sys.argv[1]))["assertions"]
assert a["vacuous"] == 1 and a["reached"] + a["violated"] == 1, a
vac = [s for s in a["sites"] if s["status"] == "vacuous"]
assert vac[0]["line"] == 11 and "never reached" in vac[0]["evidence"], vac
print("ok: the JSON report's assertions: 1 of 2 vacuous, line 11, with its proof")
PY
# With --no-vacuity: nothing said, nothing in the JSON.
"$cli" mutate "$data/harness.c" "$data/clamp.c" --mutate clamp.c --unwind 2 --no-vacuity --json "$work/plain.json" \
  >"$work/plain.txt" 2>/dev/null || { echo "FAIL: vcov-cli mutate --no-vacuity"; exit 1; }
! grep -q "assertions:" "$work/plain.txt" && python3 -c 'import json,sys; sys.exit("assertions" in json.load(open(sys.argv[1])))' "$work/plain.json" ||
  { echo "FAIL: --no-vacuity still decides them"; exit 1; }
echo "ok: --no-vacuity leaves them out"
command -v chromium >/dev/null 2>&1 || { echo "skip: no chromium for the page"; exit 77; }
"$cli" mutate "$data/harness.c" "$data/clamp.c" --mutate clamp.c --unwind 2 --vacuity-time 120 --html "$work/report.html" \
  >/dev/null 2>&1 || { echo "skip: no mutation-testing-elements for --html"; exit 77; }
flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --user-data-dir=$work/profile --virtual-time-budget=8000"
# shellcheck disable=SC2086
chromium $flags --dump-dom "file://$work/report.html" >"$work/dom.html" 2>"$work/chromium.txt"
grep -Eq "<title>[^<$]* \(rendered\)</title>" "$work/dom.html" ||
  { tail -n 20 "$work/chromium.txt"; echo "FAIL: the report did not render"; exit 1; }
grep -q 'class="vcov-note" role="note"[^>]*>The harness.s assertions: 1 of 2 assertions vacuous' "$work/dom.html" ||
  { echo "FAIL: the page does not say that an assertion is vacuous"; exit 1; }
echo "ok: the page renders with the note above the report"
if [ -n "$shot" ]; then
  # shellcheck disable=SC2086
  chromium $flags --window-size=1400,900 --screenshot="$shot" "file://$work/report.html" 2>/dev/null
  echo "screenshot: $shot"
fi
