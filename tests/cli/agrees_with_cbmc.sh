#!/bin/sh
# vcov-cli bmc and CBMC at the same bound, unwinding assertions on, on small programs whose
# file names say the verdict (*_bug.c: a violation, *_ok.c: safe): both must say it.
# usage: agrees_with_cbmc.sh VCOV_CLI UNWIND FILE...
set -u
cli=$1; unwind=$2; shift 2
command -v cbmc >/dev/null || { echo "cbmc is not installed"; exit 1; }
failed=0
for f in "$@"; do
  case $f in *_bug.c) want=10 ;; *) want=0 ;; esac
  cbmc "$f" --unwind "$unwind" --unwinding-assertions --no-standard-checks >/dev/null 2>&1; theirs=$?
  "$cli" bmc "$f" --unwind "$unwind" >/dev/null 2>&1; ours=$?
  if [ "$theirs" -eq "$want" ] && [ "$ours" -eq "$want" ]; then
    echo "ok       $(basename "$f"): both exit $ours"
  else
    echo "DISAGREE $(basename "$f"): expected $want, cbmc $theirs, vcov $ours"
    failed=$((failed + 1))
  fi
done
[ "$failed" -eq 0 ]
