#!/bin/sh
# check_harness_mutation.sh VCOV_CLI EXAMPLE_DIR — the FDV paper's §II.C on the bundled
# insertion-sort example (statement deletions, SIZE=2): deleting the call of the sort
# makes the harness reject the correct code, with a failing execution that replays;
# deleting the copy into ref (only printed) kills exactly as many code mutants as the
# harness; deleting the assertion loop kills fewer. The counts add up. The rejecting
# execution is re-run by gcc.
set -u
cli=$1; e=$2
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$cli" mutate "$e/harness.c" "$e/sort.c" --mutate "$e/sort.c" --operators del_stmt --size 2 --mutate-harness \
  --json "$work/h.json" >"$work/out.txt" 2>&1 || { cat "$work/out.txt"; echo "FAIL: vcov-cli mutate --mutate-harness"; exit 1; }
python3 - "$work/h.json" <<'PY' || { cat "$work/out.txt"; exit 1; }
import json, sys
h = json.load(open(sys.argv[1]))
by = {m["original"].split("\n")[0]: m for m in h["harness_mutants"]}
sort = by["insertionSort(a, SIZE);"]
assert sort["outcome"] == "rejects the code", sort
cx = sort["counterexample"]
assert cx["ending"]["kind"] == "property-violation" and cx["ending"]["line"] == 28, cx["ending"]
assert by["ref[i] = a[i];"]["outcome"] == "equal", by["ref[i] = a[i];"]
asserts = [m for k, m in by.items() if k.startswith("for (int i = 0; i + 1 < SIZE")]
assert asserts and asserts[0]["outcome"] == "weaker", asserts
assert sum(h["counts"].values()) == len(h["harness_mutants"])
assert all(m["killed"] <= h["code_mutants_checked"] for m in h["harness_mutants"])
json.dump(cx["inputs"], open(sys.argv[1] + ".inputs", "w"))
print("ok:", h["counts"], "harness kills", h["code_mutants_killed"], "of", h["code_mutants_checked"])
PY
# Independently of vcov's interpreter: the harness without the call, compiled by gcc and
# fed the counterexample's inputs, fails its assertion on the correct code.
command -v gcc >/dev/null || { echo "gcc missing"; exit 1; }
sed 's/^    insertionSort(a, SIZE);$/    ;/' "$e/harness.c" >"$work/harness_mutant.c"
grep -q 'insertionSort(a, SIZE);' "$work/harness_mutant.c" && { echo "FAIL: the call was not deleted"; exit 1; }
python3 - "$work/h.json.inputs" "$work/nondet.c" <<'PY'
import json, sys
v = json.load(open(sys.argv[1]))
open(sys.argv[2], "w").write("static const int v[] = {%s};\nint __VERIFIER_nondet_int(void) { static unsigned i; "
                             "return i < sizeof v / sizeof v[0] ? v[i++] : 0; }\n" % ", ".join(map(str, v or [0])))
PY
gcc -w -DSIZE=2 -I"$e" "$work/harness_mutant.c" "$e/sort.c" "$work/nondet.c" -o "$work/mutant" ||
  { echo "FAIL: gcc"; exit 1; }
if "$work/mutant" >"$work/run.txt" 2>&1; then
  cat "$work/run.txt"; echo "FAIL: the gcc-compiled harness mutant passes on the counterexample's inputs"; exit 1
fi
grep -q "Assertion" "$work/run.txt" || { cat "$work/run.txt"; echo "FAIL: no assertion failure"; exit 1; }
echo "ok: gcc's run of the harness mutant fails its assertion on the same inputs"
