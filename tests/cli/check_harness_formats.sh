#!/bin/bash
# check_harness_formats.sh VCOV_CLI BENCH [EVERY] — CBMC's files on the FDV paper's harness
# (BENCH/harnesses/qsortexample, fixharness.c at SIZE=2, CBMC's --unwind 3): vcov-cli
# mutate writes the mutants of quicksort.c; on every EVERY-th killed one (default 5), CBMC
# 6.6 finds the bug and writes its --json-ui and --xml-ui traces and its GraphML witness.
#   - Each trace replays in `vcov-cli run --trace-from`: vcov ends where CBMC fails, or at
#     a failure CBMC's trace passes through on its way (CBMC lets an out-of-bounds read
#     return a value and goes on), or past CBMC's unwinding bound; no value differs; the
#     XML trace gives the same ending as the JSON one.
#   - CBMC's witness is never refuted by `vcov-cli validate` (it describes a real bug), and
#     most are confirmed.
#   - vcov's own witness of the mutant (bmc --witness, CBMC's default checks) is confirmed
#     (the round trip); where CBMC's trace ends at its unwinding bound, vcov's bmc says
#     unknown (bound too small) instead.
# Prints one row per mutant and fails on any miss.
set -u
cli=$1; bench=$2; every=${3:-5}
q=$bench/harnesses/qsortexample
command -v cbmc >/dev/null || { echo "cbmc not found"; exit 1; }
w=$(mktemp -d); trap 'rm -rf "$w"' EXIT
"$cli" mutate "$q/fixharness.c" "$q/quicksort.c" --mutate "$q/quicksort.c" --size 2 --jobs 2 \
  --write-mutants "$w/m" --json "$w/r.json" >"$w/mutate.log" 2>&1 || { tail "$w/mutate.log"; echo "FAIL: vcov-cli mutate"; exit 1; }
python3 - "$w/r.json" "$every" >"$w/killed" <<'PY'
import json, sys
killed = sorted(m["id"] for m in json.load(open(sys.argv[1]))["mutants"] if m["status"] == "killed")
print("\n".join(killed[::int(sys.argv[2])]))
PY
ending() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['cbmc']['ending'])" "$1" 2>/dev/null; }
fails=0; n=0; confirmed=0; unknown=0; bounded=0
declare -A endings
while read -r id; do
  n=$((n + 1))
  code=$w/m/$id/quicksort.c
  prog=(-DSIZE=2 -I"$q" "$q/fixharness.c" "$code")
  row="$id"
  for f in json xml; do
    timeout 120 cbmc "${prog[@]}" --unwind 3 --$f-ui >"$w/t.$f" 2>/dev/null
    # A trace that ends at CBMC's unwinding bound may run forever in C: a step limit.
    timeout 60 "$cli" run "${prog[@]}" --trace-from "$w/t.$f" --max-steps 200000 --json "$w/run.$f.json" >"$w/run.log" 2>&1; st=$?
    e=$(ending "$w/run.$f.json")
    if grep -q "(differs)" "$w/run.log"; then
      row="$row  $f:FAILED(a value differs)"; fails=$((fails + 1)); grep "(differs)" "$w/run.log" | head -3 | sed 's/^/    /'
    elif [ "$e" = same ] || [ "$e" = earlier-on-cbmcs-path ]; then
      [ $st -eq 10 ] && row="$row  $f:$e" || { row="$row  $f:FAILED($e, exit $st)"; fails=$((fails + 1)); }
    elif [ "$e" = past-unwinding-bound ]; then row="$row  $f:$e"
    else
      row="$row  $f:FAILED(${e:-no JSON}, exit $st)"; fails=$((fails + 1)); grep "CBMC's trace" "$w/run.log" | sed 's/^/    /'
    fi
    endings[$f]=$e
  done
  [ "${endings[json]}" = "${endings[xml]}" ] || { row="$row  FAILED(json and xml end differently)"; fails=$((fails + 1)); }
  validate() { # LABEL WITNESS
    timeout 180 "$cli" validate "${prog[@]}" --witness "$2" --unwind 3 --timeout 60 >"$w/val.log" 2>&1; local st=$?
    local verdict; verdict=$(tail -1 "$w/val.log")
    if [ $st -eq 10 ] && [ "$verdict" = confirmed ]; then row="$row  $1:confirmed"; [ "$1" = cbmc ] && confirmed=$((confirmed + 1))
    elif [ "$verdict" = refuted ] || [ "$1" != cbmc ]; then
      row="$row  $1:FAILED($verdict)"; fails=$((fails + 1)); tail -3 "$w/val.log" | sed 's/^/    /'
    else row="$row  $1:$verdict"; unknown=$((unknown + 1)); fi
  }
  if [ "${endings[json]}" = past-unwinding-bound ]; then
    bounded=$((bounded + 1))
    # CBMC's bound, not a bug: its GraphML has no violation node, and vcov's bmc says
    # "unknown" (the bound is too small) rather than writing a witness.
    timeout 120 "$cli" bmc "${prog[@]}" --unwind 3 --property all --timeout 60 >"$w/bmc.log" 2>&1; st=$?
    [ $st -eq 1 ] && grep -q "bound" "$w/bmc.log" && row="$row  vcov bmc:unknown(bound)" ||
      { row="$row  vcov bmc:FAILED(exit $st)"; fails=$((fails + 1)); tail -3 "$w/bmc.log" | sed 's/^/    /'; }
    echo "$row"; continue
  fi
  timeout 120 cbmc "${prog[@]}" --unwind 3 --graphml-witness "$w/cbmc.graphml" >/dev/null 2>&1
  validate cbmc "$w/cbmc.graphml"
  # CBMC's default checks (bounds, pointers, division, overflow) are vcov's `all`.
  timeout 120 "$cli" bmc "${prog[@]}" --unwind 3 --property all --timeout 60 --witness "$w/v.yml" >"$w/bmc.log" 2>&1; st=$?
  if [ $st -eq 10 ]; then validate vcov.yml "$w/v.yml"
  else row="$row  vcov bmc:FAILED(exit $st)"; fails=$((fails + 1)); tail -3 "$w/bmc.log" | sed 's/^/    /'; fi
  echo "$row"
done <"$w/killed"
echo "mutants: $n killed ones checked; CBMC witnesses: $confirmed confirmed, $unknown unknown, none refuted; failures: $fails"
[ "$n" -gt 0 ] && [ $fails -eq 0 ] && [ $confirmed -ge $(((n - bounded) / 2)) ]
