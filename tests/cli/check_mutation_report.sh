#!/bin/sh
# check_mutation_report.sh VCOV_CLI Q [SCREENSHOT.png] — the Stryker report of a campaign on
# the FDV paper's quicksort (SIZE=2) is valid against Stryker's own schema (npm's
# mutation-testing-report-schema), and the --html page, drawn by Stryker's
# mutation-testing-elements, renders in headless Chromium: its title says "(rendered)"
# once the component has drawn the report. Exit 77 (skipped) where the environment lacks
# the npm packages or Chromium (packaging/env.sh installs them).
set -u
cli=$1; q=$2; shot=${3:-}
npm=/opt/vcov-npm/node_modules
schema=$npm/mutation-testing-report-schema/dist/src/mutation-testing-report-schema.json
command -v chromium >/dev/null 2>&1 || { echo "skip: no chromium"; exit 77; }
[ -f "$schema" ] || { echo "skip: no $schema"; exit 77; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$cli" mutate "$q/harness.c" "$q/quicksort.c" -I"$q" --mutate quicksort.c --size 2 \
  --stryker "$work/stryker.json" --html "$work/report.html" >"$work/out.txt" 2>&1 ||
  { cat "$work/out.txt"; echo "FAIL: vcov-cli mutate"; exit 1; }
python3 - "$schema" "$work/stryker.json" <<'PY' || exit 1
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
report = json.load(open(sys.argv[2]))
jsonschema.validate(report, schema)
n = sum(len(f["mutants"]) for f in report["files"].values())
print(f"ok: the Stryker report ({n} mutants) is valid against mutation-testing-report-schema")
PY
flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --user-data-dir=$work/profile --virtual-time-budget=8000"
# shellcheck disable=SC2086
chromium $flags --dump-dom "file://$work/report.html" >"$work/dom.html" 2>"$work/chromium.txt"
grep -Eq "<title>[^<$]* \(rendered\)</title>" "$work/dom.html" ||
  { tail -n 20 "$work/chromium.txt"; grep -o "<title>[^<]*</title>" "$work/dom.html"; echo "FAIL: the report did not render"; exit 1; }
echo "ok: the --html report rendered in headless Chromium"
if [ -n "$shot" ]; then
  # shellcheck disable=SC2086
  chromium $flags --window-size=1400,1000 --screenshot="$shot" "file://$work/report.html" 2>/dev/null
  echo "screenshot: $shot"
fi
