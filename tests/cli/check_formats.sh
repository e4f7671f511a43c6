#!/bin/bash
# check_formats.sh VCOV_CLI BENCH [LIMIT] — the formats vcov shares with CBMC and SV-COMP,
# on the unsafe tasks of BENCH/svcomp/SOUNDNESS.tsv that CBMC 6.6 finds a counterexample
# for at --unwind 6 (without unwinding assertions: the bugs, not the bound):
#   - CBMC's --json-ui and --xml-ui traces, replayed by `vcov-cli run --trace-from`: the
#     replay must end in a violation at CBMC's failure line;
#   - CBMC's GraphML witness, validated by `vcov-cli validate`: confirmed;
#   - vcov's own witnesses (YAML 2.0 and GraphML) of its counterexample: confirmed by its
#     validator (the round trip);
# and, on every task, no witness is ever "refuted" (each describes a real violation).
# Prints one row per task and fails on any miss.
set -u
cli=$1; bench=$2; limit=${3:-100}
tsv=$bench/svcomp/SOUNDNESS.tsv
command -v cbmc >/dev/null || { echo "cbmc not found"; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fails=0; tasks=0; skipped=0
while IFS=$'\t' read -r path yml origin expected branches model lines; do
  [ "$expected" = false ] || continue
  [ "$tasks" -lt "$limit" ] || break
  file=$bench/svcomp/$path
  m=(); c=()
  [ "$model" = ILP32 ] || [ "$model" = - ] && { m=(--32); c=(--32); }
  name=$(basename "$path")
  timeout 60 cbmc "${c[@]}" "$file" --unwind 6 --no-unwinding-assertions --json-ui >"$out/t.json" 2>/dev/null
  if ! grep -q '"status": "FAILURE"' "$out/t.json"; then
    skipped=$((skipped + 1)); echo "skip  $name (no CBMC counterexample at --unwind 6 within 60 s)"; continue
  fi
  tasks=$((tasks + 1))
  timeout 60 cbmc "${c[@]}" "$file" --unwind 6 --no-unwinding-assertions --xml-ui >"$out/t.xml" 2>/dev/null
  timeout 60 cbmc "${c[@]}" "$file" --unwind 6 --no-unwinding-assertions --graphml-witness "$out/cbmc.graphml" >/dev/null 2>&1
  row="$name"
  for f in t.json t.xml; do
    timeout 60 "$cli" run "${m[@]}" "$file" --trace-from "$out/$f" >"$out/run.log" 2>&1; st=$?
    # vcov may stop earlier, at a failure CBMC's trace passes through (an overflow on the
    # way to the assertion: CBMC checks both and goes on past the first).
    if [ $st -eq 10 ] && grep -Eq "both fail at|vcov stops earlier, at a failure CBMC's trace passes through" "$out/run.log"; then
      row="$row  $f:replayed($(grep -o '[0-9]* of [0-9]* assignments' "$out/run.log" | head -1))"
    else
      row="$row  $f:FAILED(exit $st)"; fails=$((fails + 1)); sed 's/^/    /' "$out/run.log" | tail -5
    fi
  done
  validate() { # LABEL WITNESS
    timeout 120 "$cli" validate "${m[@]}" --witness "$2" "$file" --unwind 6 --timeout 60 >"$out/val.log" 2>&1; local st=$?
    local verdict; verdict=$(tail -1 "$out/val.log")
    if [ $st -eq 10 ] && [ "$verdict" = confirmed ]; then row="$row  $1:confirmed"
    elif [ "$verdict" = refuted ] || [ "$1" != cbmc.graphml ]; then
      row="$row  $1:FAILED($verdict)"; fails=$((fails + 1)); sed 's/^/    /' "$out/val.log" | tail -3
    else row="$row  $1:$verdict"; fi
  }
  validate cbmc.graphml "$out/cbmc.graphml"
  timeout 120 "$cli" bmc "${m[@]}" "$file" --unwind 6 --timeout 60 --witness "$out/v.yml" >/dev/null 2>&1; st=$?
  if [ $st -eq 10 ]; then
    "$cli" bmc "${m[@]}" "$file" --unwind 6 --timeout 60 --witness "$out/v.graphml" >/dev/null 2>&1
    validate vcov.yml "$out/v.yml"
    validate vcov.graphml "$out/v.graphml"
  else
    row="$row  (vcov bmc: exit $st, no witness)"
  fi
  echo "$row"
done < <(tail -n +2 "$tsv")
echo "tasks: $tasks with a CBMC counterexample, $skipped skipped; failures: $fails"
[ "$tasks" -gt 0 ] && [ $fails -eq 0 ]
