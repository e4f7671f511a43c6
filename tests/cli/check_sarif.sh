#!/bin/sh
# check_sarif.sh VCOV_CLI BENCH — vcov's SARIF logs are valid SARIF 2.1.0: a bmc
# counterexample (an error with its code flow) and a coverage run (notes for the lines not
# covered), validated with python3-jsonschema against OASIS's schema (sarif-2.1.0-rtm.5,
# from npm's @microsoft/jest-sarif), and a verdict of safe with vacuous assertions (warnings;
# the same in --json). Exit 77 (skipped) without the schema.
set -u
cli=$1; bench=$2
schema=/opt/vcov-npm/node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json
[ -f "$schema" ] || { echo "skip: no $schema"; exit 77; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$cli" bmc --task "$bench/svcomp/soundness/loop-acceleration/simple_3-1.yml" --unwind 6 --sarif "$work/bmc.sarif" >"$work/bmc.txt" 2>&1
[ $? -eq 10 ] || { cat "$work/bmc.txt"; echo "FAIL: bmc did not find the bug"; exit 1; }
"$cli" coverage "$bench/svcomp/coverage/nested_1.c" --32 --time 2 --exec-time 2 --sarif "$work/coverage.sarif" \
  >"$work/cov.txt" 2>&1 || { cat "$work/cov.txt"; echo "FAIL: coverage"; exit 1; }
"$cli" bmc "$(dirname "$0")/../data/vacuity/harness.c" --unwind 3 --sarif "$work/vacuity.sarif" --json "$work/vacuity.json" \
  >"$work/vac.txt" 2>&1 || { cat "$work/vac.txt"; echo "FAIL: bmc on the vacuous harness"; exit 1; }
python3 - "$schema" "$work/vacuity.sarif" "$work/vacuity.json" <<'PY' || exit 1
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
log, result = json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
jsonschema.validate(log, schema)
warnings = [x for x in log["runs"][0]["results"] if x["ruleId"] == "vacuous-assertion"]
assert [x["level"] for x in warnings] == ["warning", "warning"], warnings
lines = sorted(x["locations"][0]["physicalLocation"]["region"]["startLine"] for x in warnings)
assert lines == [11, 12], lines
a = result["assertions"]
assert result["verdict"] == "safe" and a["vacuous"] == 2 and a["reached"] == 3 and len(a["sites"]) == 5, a
print(f"ok: safe with vacuous assertions at lines {lines}, valid SARIF 2.1.0 and the same in JSON")
PY
python3 - "$schema" "$work/bmc.sarif" "$work/coverage.sarif" <<'PY' || exit 1
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
bmc, cov = (json.load(open(p)) for p in sys.argv[2:4])
for name, log in (("bmc", bmc), ("coverage", cov)):
    jsonschema.validate(log, schema)
    print(f"ok: the {name} log is valid SARIF 2.1.0 ({len(log['runs'][0]['results'])} results)")
r = bmc["runs"][0]["results"]
assert len(r) == 1 and r[0]["level"] == "error", r
flow = r[0]["codeFlows"][0]["threadFlows"][0]["locations"]
assert len(flow) > 3, flow
end = r[0]["locations"][0]["physicalLocation"]
assert flow[-1]["location"]["physicalLocation"]["region"]["startLine"] == end["region"]["startLine"]
print(f"ok: the violation at line {end['region']['startLine']} with a code flow of {len(flow)} steps")
notes = [x for x in cov["runs"][0]["results"] if x["level"] == "note"]
assert all(x["ruleId"] in ("uncovered-line", "over-approximated-line", "unreachable-line") for x in notes), notes
print(f"ok: {len(notes)} lines not covered, as notes")
PY
