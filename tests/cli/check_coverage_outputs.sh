#!/bin/sh
# vcov-cli coverage writes every output format, and the peers' tools read them:
# lcov summarises the tracefiles, Graphviz lays out the DOT, the JSON has the fields
# the issue names. Usage: check_coverage_outputs.sh VCOV_CLI PROGRAM.c
set -eu
cli=$1
program=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$cli" coverage "$program" --exact --json "$out/c.json" --lcov "$out/c.info" --lcov-explored "$out/e.info" \
    --automaton "$out/aa.spc" --dot "$out/aa.dot" >"$out/stdout"
for key in '"coverable"' '"covered"' '"over_approximated"' '"uncovered"' '"unreachable"' '"per_line"' \
    '"executions"' '"bug"' '"series"' '"states"' '"false_states"' '"replayed": true'; do
    grep -q "$key" "$out/c.json" || { echo "JSON lacks $key"; exit 1; }
done
grep -q '^DA:11,0$' "$out/c.info" || { echo "lcov: line 11 should be DA:11,0"; cat "$out/c.info"; exit 1; }
grep -q '^DA:13,[1-9]' "$out/c.info" || { echo "lcov: line 13 should be hit"; exit 1; }
lcov --summary "$out/c.info" 2>&1 | grep -q 'lines.*: 88.9% (8 of 9 lines)' || { lcov --summary "$out/c.info"; exit 1; }
genhtml -q -o "$out/html" "$out/c.info" "$out/e.info" >"$out/genhtml.log" 2>&1 || { cat "$out/genhtml.log"; exit 1; }
test -s "$out/html/index.html"
grep -q '^DA:11,1$' "$out/e.info" || { echo "explored tracefile: line 11 should be explored"; exit 1; }
grep -q '^OBSERVER AUTOMATON AssumptionAutomaton' "$out/aa.spc" || exit 1
grep -q 'MATCH "' "$out/aa.spc" || exit 1
dot -Tsvg "$out/aa.dot" >"$out/aa.svg" || { echo "dot rejects the automaton"; exit 1; }
grep -q '<svg' "$out/aa.svg"
echo "all outputs valid"
