#!/bin/sh
# Benchmark (not a test): vcov-cli bmc against CBMC on the FDV paper's qsortexample
# (harness.c + quicksort.c, user assertions and unwinding assertions only), same
# bound, one run each, in one go. Prints wall time, peak memory and the ratios.
# usage: tests/bench/qsort_vs_cbmc.sh [SIZE...]   (default: 2 3 4; run inside packaging/env.sh)
set -u
cd "$(dirname "$0")/../.."
cli=build/bin/vcov-cli
q=../shared/bench/harnesses/qsortexample
[ -x "$cli" ] || { echo "build first (packaging/build.sh)"; exit 1; }
command -v cbmc >/dev/null || { echo "cbmc is not installed"; exit 1; }
sizes=${*:-2 3 4}
measure() { # prints "seconds kilobytes status"
  /usr/bin/time -f "%e %M" -o /tmp/vcov-bench-time.$$ "$@" > /tmp/vcov-bench-out.$$ 2>&1
  status=$?
  echo "$(cat /tmp/vcov-bench-time.$$ | tail -1) $status"
}
printf "%-5s %-7s | %-24s | %-24s | %s\n" SIZE unwind "cbmc: s, MB, status" "vcov: s, MB, status" "ratio time, memory"
for size in $sizes; do
  unwind=$((size + 1))
  set -- $(measure cbmc "$q/harness.c" "$q/quicksort.c" -DSIZE=$size --unwind $unwind --unwinding-assertions --no-standard-checks)
  ct=$1; cm=$2; cs=$3
  set -- $(measure "$cli" bmc "$q/harness.c" "$q/quicksort.c" -DSIZE=$size --unwind $unwind)
  vt=$1; vm=$2; vs=$3
  detail=$(grep '^time:' /tmp/vcov-bench-out.$$)
  printf "%-5s %-7s | %6s %8s %6s | %6s %8s %6s | %s %s\n" "$size" "$unwind" "$ct" "$((cm / 1024))" "$cs" \
    "$vt" "$((vm / 1024))" "$vs" "$(awk "BEGIN { printf \"%.2fx\", $vt / $ct }")" \
    "$(awk "BEGIN { printf \"%.2fx\", $vm / $cm }")"
  echo "      vcov: $detail"
done
rm -f /tmp/vcov-bench-time.$$ /tmp/vcov-bench-out.$$
