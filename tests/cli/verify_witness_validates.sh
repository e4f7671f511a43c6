#!/bin/sh
# verify_witness_validates.sh VCOV_CLI FILE — `vcov-cli verify FILE --witness W` reports a
# violation and `vcov-cli validate --witness W FILE` confirms W by replaying its values
# (copy_bug.c: a counterexample of runs on sampled inputs, one waypoint per input drawn).
set -u
cli=$1; file=$2
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
"$cli" verify "$file" --time 120 --witness "$work/w.yml" >"$work/verify.txt" 2>&1; status=$?
[ "$status" -eq 10 ] || { tail -5 "$work/verify.txt"; echo "FAIL: verify exit $status, expected 10"; exit 1; }
"$cli" validate --witness "$work/w.yml" "$file" >"$work/validate.txt" 2>&1
tail -2 "$work/validate.txt"
grep -q "^confirmed: the execution with the witness's values follows all" "$work/validate.txt" ||
  { echo "FAIL: the witness is not confirmed by replay"; exit 1; }
echo "ok: $(grep -c 'waypoint:' "$work/w.yml") waypoints confirmed"
