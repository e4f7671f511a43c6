#!/bin/sh
# Verdict agreement with CBMC on the FDV paper's harnesses at equal bounds: for each
# harness, the original quicksort and a mutant of it, at each SIZE, vcov-cli bmc and
# cbmc must both say successful or both say failed.
# usage: bmc_agrees_with_cbmc.sh VCOV_CLI BENCH_QSORTEXAMPLE MUTANT_QUICKSORT SIZES...
set -u
cli=$1; q=$2; mutant=$3; shift 3
command -v cbmc >/dev/null || { echo "cbmc is not installed"; exit 1; }
agree=0; disagree=0
for size in "$@"; do
  unwind=$((size + 1))
  for harness in harness fixharness; do
    for sort in "$q/quicksort.c" "$mutant"; do
      cbmc "$q/$harness.c" "$sort" -I "$q" -DSIZE=$size --unwind $unwind --unwinding-assertions \
        --no-standard-checks > /dev/null 2>&1
      theirs=$?
      "$cli" bmc --no-vacuity "$q/$harness.c" "$sort" -I "$q" -DSIZE=$size --unwind $unwind > /dev/null 2>&1
      ours=$?
      if [ "$theirs" -eq "$ours" ]; then
        agree=$((agree+1))
      else
        disagree=$((disagree+1))
        echo "DISAGREE: $harness.c + $(basename "$(dirname "$sort")")/$(basename "$sort") SIZE=$size: cbmc $theirs, vcov $ours"
      fi
    done
  done
done
echo "$agree passed, $disagree failed"
[ "$disagree" -eq 0 ]
