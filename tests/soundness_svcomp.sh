#!/bin/bash
# soundness_svcomp.sh VCOV_CLI BENCH TOOL [JOBS] — the soundness suite on real tasks:
# every task of BENCH/svcomp/SOUNDNESS.tsv through `vcov-cli bmc` at a small bound
# (TOOL=bmc), `vcov-cli bmc --k-induction` (TOOL=kinduction: safe by the inductive step),
# `vcov-cli coverage` with small budgets (TOOL=coverage), or `vcov-cli verify` with the
# predicate analysis (TOOL=predicate) or its auto choice (TOOL=auto). Fails on any
# unsound claim:
#   expected false (reach_error is reachable): bmc "VERIFICATION SUCCESSFUL" (a complete
#     proof: unwinding assertions are on), or a coverage analysis that "explored every
#     reachable state" without reporting the bug;
#   expected true: a violation (exit 10) from either.
# Prints one row per task (with its seconds) and the decided / undecided / refused counts.
# Tasks whose task file names no data model (format 1.0) run as ILP32, as SV-COMP ran them.
# Budgets per task: VERIFY_TIME (verify --time, 5 s) and KINDUCTION_TIMEOUT (10 s); the
# ctest suite gives smaller ones (tests/CMakeLists.txt), the campaign these.
set -u
cli=$1; bench=$2; tool=$3; jobs=${4:-2}
tsv=$bench/svcomp/SOUNDNESS.tsv
[ -f "$tsv" ] || { echo "no $tsv"; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

one() {
  local cli=$1 bench=$2 tool=$3 out=$4 yml=$5 expected=$6 model=$7
  local name; name=$(echo "$yml" | tr '/' '_')
  local flags=(--task "$bench/svcomp/$yml")
  [ "$model" = "-" ] && flags+=(--32)
  local log=$out/$name.log status start=$SECONDS
  if [ "$tool" = bmc ]; then
    timeout 60 "$cli" bmc "${flags[@]}" --no-vacuity --unwind 3 --timeout 8 >"$log" 2>&1; status=$?
  elif [ "$tool" = kinduction ]; then
    timeout 60 "$cli" bmc "${flags[@]}" --no-vacuity --k-induction --k-max 64 --timeout "${KINDUCTION_TIMEOUT:-10}" >"$log" 2>&1; status=$?
  elif [ "$tool" = predicate ] || [ "$tool" = auto ]; then
    # A wide margin over the budget: an overrun is reported (ERROR), not the verdict lost.
    local limit=$(( ${VERIFY_TIME:-5} * 2 + 30 )); [ "$limit" -lt 60 ] && limit=60
    timeout "$limit" "$cli" verify "${flags[@]}" --no-vacuity --analysis "$tool" --time "${VERIFY_TIME:-5}" >"$log" 2>&1; status=$?
  else
    timeout 60 "$cli" coverage "${flags[@]}" --max-nodes 4000 --time 2 --exec-time 1.5 >"$log" 2>&1; status=$?
  fi
  local claim verdict="ok"
  case "$tool:$status" in
    bmc:0|kinduction:0|predicate:0|auto:0) claim=safe ;;
    bmc:10|kinduction:10|predicate:10|auto:10) claim=unsafe ;;
    bmc:1|kinduction:1|predicate:1|auto:1) claim=unknown ;;
    coverage:10) claim=bug ;;
    coverage:0)
      if grep -q "explored every reachable state" "$log"; then claim=finished-no-bug; else claim=stopped; fi ;;
    *:6) claim=refused ;;
    *:124) claim=timeout ;;
    *) claim="error($status)" ;;
  esac
  # Unknown because of a construct vcov lacks: a refusal, not a budget.
  if { [ "$claim" = unknown ] || [ "$claim" = stopped ]; } && grep -qi "unsupported" "$log"; then claim=refused; fi
  case "$expected:$claim" in
    false:safe|false:finished-no-bug|true:unsafe|true:bug) verdict=UNSOUND ;;
  esac
  case "$claim" in error*|timeout) verdict=ERROR ;; esac
  # A reported violation must have been replayed by the interpreter.
  if [ "$claim" = unsafe ] || [ "$claim" = bug ]; then
    grep -q "replayed" "$log" || verdict=UNREPLAYED
  fi
  printf '%-9s %-10s %-15s %s %s s\n' "$verdict" "$expected" "$claim" "$yml" $((SECONDS - start)) >"$out/$name.row"
  if [ "$verdict" != ok ]; then
    { echo "--- $yml ($tool)"; tail -n 15 "$log"; } >"$out/$name.why"
  fi
}
export -f one

awk -F'\t' 'NR > 1 { print $2, $4, $6 }' "$tsv" |
  xargs -P "$jobs" -n 3 bash -c 'one "$@"' _ "$cli" "$bench" "$tool" "$out"

cat "$out"/*.row | sort -k4
cat "$out"/*.why 2>/dev/null
rows=$(cat "$out"/*.row | wc -l)
decided=$(cat "$out"/*.row | awk '$3 ~ /^(safe|unsafe|bug|finished-no-bug)$/' | wc -l)
undecided=$(cat "$out"/*.row | awk '$3 ~ /^(unknown|stopped)$/' | wc -l)
refused=$(cat "$out"/*.row | awk '$3 == "refused"' | wc -l)
bad=$(cat "$out"/*.row | awk '$1 != "ok"' | wc -l)
echo "$tool: $rows tasks: decided $decided, undecided $undecided, refused $refused; unsound or failed: $bad"
echo "tasks: $((rows - bad)) passed, $bad failed"
[ "$bad" -eq 0 ]
