#!/bin/bash
# tests/bench/soundness_vs_cbmc.sh [UNWIND] — run inside packaging/env.sh after a build.
# The soundness table of ../shared/bench/svcomp/SOUNDNESS.tsv beside CBMC 6.6 at the same
# bound: per task the expected verdict, vcov-cli bmc's and CBMC's (unwinding assertions on,
# so "safe" is a complete proof for both) and vcov-cli coverage's claim, with times; then
# decided / undecided / refused / unsound counts per tool and the time ratio.
#
# CBMC does not see a call of an empty `void reach_error(){}` (23 older tasks) or of the
# undeclared-body `__VERIFIER_error()` as a violation: it gets a copy of the task in which
# that body fails an assertion (__CPROVER_assert(0, ...)). vcov reads the task unchanged.
set -u
unwind=${1:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
bench=$root/../shared/bench
cli=$root/build/bin/vcov-cli
tsv=$bench/svcomp/SOUNDNESS.tsv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v cbmc >/dev/null || { echo "cbmc is not installed"; exit 1; }

now() { date +%s.%N; }
printf '%-58s %-6s %-9s %7s %-9s %7s %-16s\n' task expect vcov-bmc s cbmc s vcov-coverage
declare -A dec und ref bad
total_v=0; total_c=0
while IFS=$'\t' read -r path yml origin expected branches model lines; do
  [ "$path" = path ] && continue
  src=$bench/svcomp/$path
  flags=(--task "$bench/svcomp/$yml")
  cbits=--32
  if [ "$model" = "-" ]; then flags+=(--32); elif [ "$model" = LP64 ]; then cbits=--64; fi
  # vcov bmc
  t0=$(now); timeout 120 "$cli" bmc "${flags[@]}" --unwind "$unwind" --timeout 60 >"$work/v.log" 2>&1; vs=$?; t1=$(now)
  case $vs in 0) v=safe ;; 10) v=unsafe ;; 1) v=unknown ;; 6) v=refused ;; *) v="err$vs" ;; esac
  # Unknown because of a construct vcov lacks: a refusal, not a budget.
  [ "$v" = unknown ] && grep -qi unsupported "$work/v.log" && v=refused
  vt=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
  # CBMC on a copy whose error function fails an assertion
  copy=$work/$(basename "$src")
  sed -E 's/void reach_error\(\) *\{ *\}/void reach_error() { __CPROVER_assert(0, "reach_error"); }/' "$src" >"$copy"
  if grep -q "__VERIFIER_error" "$copy" && ! grep -qE "__VERIFIER_error\([^)]*\) *\{" "$copy"; then
    printf '\nvoid __VERIFIER_error(void) { __CPROVER_assert(0, "__VERIFIER_error"); }\n' >>"$copy"
  fi
  t0=$(now); timeout 120 cbmc "$copy" $cbits --unwind "$unwind" --unwinding-assertions --no-standard-checks >"$work/c.log" 2>&1; cs=$?; t1=$(now)
  if grep -q "VERIFICATION SUCCESSFUL" "$work/c.log"; then c=safe
  elif grep -q "VERIFICATION FAILED" "$work/c.log"; then
    # A failed unwinding assertion alone is "bound too small", not a bug.
    if grep -E "\[.*\] .*: FAILURE" "$work/c.log" | grep -vq "unwinding assertion"; then c=unsafe; else c=unknown; fi
  elif [ $cs -eq 124 ]; then c=timeout
  else c="refused"; fi
  ct=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
  # vcov coverage
  timeout 120 "$cli" coverage "${flags[@]}" --max-nodes 5000 --time 4 --exec-time 3 >"$work/k.log" 2>&1; ks=$?
  case $ks in
    10) k=bug ;;
    0) if grep -q "explored every reachable state" "$work/k.log"; then k=finished-no-bug; else k=stopped; fi ;;
    6) k=refused ;; *) k="err$ks" ;;
  esac
  [ "$k" = stopped ] && grep -qi unsupported "$work/k.log" && k=refused
  for pair in "bmc:$v" "cbmc:$c" "coverage:$k"; do
    tool=${pair%%:*}; claim=${pair#*:}
    case "$expected:$claim" in
      false:safe|false:finished-no-bug|true:unsafe|true:bug) bad[$tool]=$((${bad[$tool]:-0} + 1)) ;;
    esac
    case $claim in
      safe|unsafe|bug|finished-no-bug) dec[$tool]=$((${dec[$tool]:-0} + 1)) ;;
      refused) ref[$tool]=$((${ref[$tool]:-0} + 1)) ;;
      *) und[$tool]=$((${und[$tool]:-0} + 1)) ;;
    esac
  done
  total_v=$(awk -v a="$total_v" -v b="$vt" 'BEGIN { print a + b }'); total_c=$(awk -v a="$total_c" -v b="$ct" 'BEGIN { print a + b }')
  printf '%-58s %-6s %-9s %7.2f %-9s %7.2f %-16s\n' "$yml" "$expected" "$v" "$vt" "$c" "$ct" "$k"
done <"$tsv"
echo
for tool in bmc cbmc coverage; do
  echo "$tool: decided ${dec[$tool]:-0}, undecided ${und[$tool]:-0}, refused ${ref[$tool]:-0}, unsound ${bad[$tool]:-0}"
done
echo "bmc time: vcov $total_v s, CBMC $total_c s, ratio $(awk -v a="$total_v" -v b="$total_c" 'BEGIN { printf "%.2f", a / b }')"
