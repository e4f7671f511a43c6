#!/bin/sh
# A counterexample that reads memory outside every object replays from what vcov-cli bmc
# gives: its uninitialized values and outside inputs (--json) handed to vcov-cli run reach
# the same violation; without the outside inputs (0s, fresh addresses) the run does not.
# usage: outside_inputs_replay.sh VCOV_CLI FILE.c
set -u
cli=$1; f=$2
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
"$cli" bmc "$f" --unwind 2 --json "$dir/cx.json"; status=$?
[ "$status" -eq 10 ] || { echo "FAIL: bmc exit $status, expected 10"; exit 1; }
python3 - "$dir/cx.json" > "$dir/args" <<'PY' || { echo "FAIL: no counterexample with outside inputs"; exit 1; }
import json, sys
c = json.load(open(sys.argv[1]))["counterexample"]
assert c["outside"], "no outside inputs"
print(",".join(str(v) for v in c["uninitialized"]))
print(",".join(f'{o["size"]}:{o["kind"]}:{o["address"]}={o["bits"]}' for o in c["outside"]))
PY
uninit=$(sed -n 1p "$dir/args"); outside=$(sed -n 2p "$dir/args")
echo "uninitialized: $uninit"; echo "outside: $outside"
"$cli" run "$f" --uninitialized "$uninit" --outside "$outside" --trace; replay=$?
[ "$replay" -eq 10 ] || { echo "FAIL: replay exit $replay, expected 10"; exit 1; }
"$cli" run "$f" --uninitialized "$uninit" > /dev/null 2>&1; plain=$?
[ "$plain" -eq 0 ] || { echo "FAIL: without the outside inputs exit $plain, expected 0"; exit 1; }
echo "2 passed, 0 failed"
