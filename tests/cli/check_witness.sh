#!/bin/sh
# check_witness.sh VCOV_CLI Q — the FDV paper's Figure 4: under the weak harness.c at
# SIZE=3 the witness for the swap deletion (mutant c4b5ee4c26, `a[i] = a[j];` deleted)
# passes, runs line 31, replays, and its LOG output shows a sorted array that is no
# permutation of ref (a value duplicated, one lost), where the original sorts the same
# inputs into a permutation.
set -u
cli=$1; q=$2
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$cli" witness "$q/harness.c" "$q/quicksort.c" -I"$q" --mutant c4b5ee4c26 --size 3 --json "$work/w.json" \
  >"$work/out.txt" 2>&1 || { cat "$work/out.txt"; echo "FAIL: vcov-cli witness"; exit 1; }
python3 - "$work/w.json" <<'PY' || { cat "$work/out.txt"; exit 1; }
import json, re, sys
w = json.load(open(sys.argv[1]))["witness"]
assert w["status"] == "found" and w["replayed"], w
assert any(s["line"] == 31 for s in w["steps"] if "quicksort.c" in s["file"]), "the witness does not run line 31"
def values(out, name):
    return [int(v) for _, v in sorted((int(i), v) for i, v in re.findall(rf"LOG: {name}\[(\d+)\] = (-?\d+)", out))]
ref, a, orig = values(w["output"], "ref"), values(w["output"], "a"), values(w["original_output"], "a")
assert len(ref) >= 2 and a == sorted(a), (ref, a)
assert sorted(a) != sorted(ref), f"the mutant's array is a permutation of ref: {a} {ref}"
assert orig == sorted(ref), f"the original does not sort the same inputs: {orig} {ref}"
print(f"ok: ref {ref}, the mutant's 'sorted' array {a} (no permutation), the original's {orig}; "
      f"coverage {w['coverage']} of {w['coverable']}, maximal {w['maximal']}, {w['seconds']:.1f} s")
PY
