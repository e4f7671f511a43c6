#!/bin/sh
# A vcov-cli killed while MiniSat searches (a time limit, Ctrl+C, a scheduler's kill -9)
# leaves no MiniSat behind: the solver dies with it. No verdict here waits on the machine's
# speed: the test polls (up to 120 s) until MiniSat runs, then kills and checks.
# usage: solver_dies_with_vcov.sh VCOV_CLI PROGRAM.c
set -u
cli=$1; program=$2
command -v minisat >/dev/null || { echo "minisat is not installed: nothing to check"; exit 0; }
VCOV_SAT_RACE_AFTER=never "$cli" bmc "$program" --unwind 1 >/dev/null 2>&1 &
vcov=$!
solver=""
i=0
while [ $i -lt 1200 ] && [ -z "$solver" ]; do
  solver=$(ps -o pid=,ppid= -C minisat 2>/dev/null | awk -v p="$vcov" '$2 == p { print $1; exit }')
  [ -n "$solver" ] || { kill -0 "$vcov" 2>/dev/null || break; sleep 0.1; }
  i=$((i + 1))
done
if [ -z "$solver" ]; then
  kill -9 "$vcov" 2>/dev/null
  echo "FAIL: MiniSat never started (did vcov-cli finish first?)"; exit 1
fi
kill -9 "$vcov"
wait "$vcov" 2>/dev/null
i=0
while [ $i -lt 100 ]; do
  state=$(ps -o stat= -p "$solver" 2>/dev/null | tr -d ' ')
  case "$state" in ""|Z*) echo "ok: MiniSat $solver ended with vcov-cli $vcov"; exit 0 ;; esac
  sleep 0.1; i=$((i + 1))
done
kill -9 "$solver" 2>/dev/null
echo "FAIL: MiniSat $solver still runs 10 s after vcov-cli was killed"; exit 1
