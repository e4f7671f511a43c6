#!/bin/sh
# vcov-cli bmc and CBMC at the same bound, unwinding assertions on, on small programs whose
# file names say the verdict (*_bug.c: a violation, *_ok.c: safe): both must say it.
# With --memory both check memory safety as well: vcov's pointer and bounds properties,
# CBMC's --pointer-check and --bounds-check.
# With --function NAME both start at NAME (CBMC's entry option), its parameters inputs.
# With --malloc-may-fail every malloc and calloc may return NULL in both.
# With --no-built-in-assertions neither checks its library models' own preconditions.
# With --vcov-only NAME,... the files of those base names are checked against their names
# by vcov alone (CBMC takes 36-53 s on each of the arrays of 100,000 pointers; the suite
# leaves that to a run by hand without the option).
# usage: agrees_with_cbmc.sh VCOV_CLI UNWIND [--memory] [--function NAME] [--malloc-may-fail] [--no-built-in-assertions] [--vcov-only NAMES] FILE...
set -u
cli=$1; unwind=$2; shift 2
theirs_flags="--no-standard-checks"; ours_flags=""; vcov_only=""
while true; do
  case "${1:-}" in
    --memory)
      theirs_flags="$theirs_flags --pointer-check --bounds-check"; ours_flags="$ours_flags --property pointer,bounds"; shift ;;
    --no-built-in-assertions)
      theirs_flags="$theirs_flags --no-built-in-assertions"; ours_flags="$ours_flags --no-built-in-assertions"; shift ;;
    --malloc-may-fail)
      theirs_flags="$theirs_flags --malloc-may-fail --malloc-fail-null"; ours_flags="$ours_flags --malloc-may-fail"; shift ;;
    --vcov-only)
      vcov_only=",$2,"; shift 2 ;;
    --function)
      theirs_flags="$theirs_flags --function $2"; ours_flags="$ours_flags --function $2"; shift 2 ;;
    *) break ;;
  esac
done
command -v cbmc >/dev/null || { echo "cbmc is not installed"; exit 1; }
failed=0
for f in "$@"; do
  case $f in *_bug.c) want=10 ;; *) want=0 ;; esac
  theirs=$want; by_hand=""
  case $vcov_only in
    *",$(basename "$f"),"*) by_hand=" (CBMC by hand)" ;;
    *) # shellcheck disable=SC2086
       cbmc "$f" --unwind "$unwind" --unwinding-assertions $theirs_flags >/dev/null 2>&1; theirs=$? ;;
  esac
  # shellcheck disable=SC2086
  "$cli" bmc --no-vacuity "$f" --unwind "$unwind" $ours_flags >/dev/null 2>&1; ours=$?
  if [ "$theirs" -eq "$want" ] && [ "$ours" -eq "$want" ]; then
    if [ -n "$by_hand" ]; then echo "ok       $(basename "$f"): vcov exits $ours as its name says$by_hand"
    else echo "ok       $(basename "$f"): both exit $ours"; fi
  else
    echo "DISAGREE $(basename "$f"): expected $want, cbmc $theirs, vcov $ours"
    failed=$((failed + 1))
  fi
done
[ "$failed" -eq 0 ]
