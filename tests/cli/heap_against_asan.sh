#!/bin/sh
# Memory-safety counterexamples against gcc's AddressSanitizer: for each *_bug.c, vcov-cli
# bmc (pointer and bounds checked) gives its inputs; the program compiled by gcc with
# -fsanitize=address runs on them and must fail the same way — reach_error() for an
# assertion, ASan's heap-use-after-free, double-free, bad-free or heap-buffer-overflow for
# vcov's pointer and bounds violations. An independent execution, not vcov's interpreter.
# usage: heap_against_asan.sh VCOV_CLI UNWIND FILE...
set -u
cli=$1; unwind=$2; shift 2
command -v gcc >/dev/null || { echo "gcc is not installed"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cat >"$work/harness.c" <<'H'
#include <stdio.h>
#include <stdlib.h>
int __VERIFIER_nondet_int(void) {
  char line[64];
  if (!fgets(line, sizeof line, stdin)) { fprintf(stderr, "harness: no more inputs\n"); exit(1); }
  return (int)strtoll(line, 0, 0);
}
void __VERIFIER_assume(int c) { if (!c) exit(0); }
void reach_error(void) { fprintf(stderr, "harness: error reached\n"); exit(134); }
H
failed=0
for f in "$@"; do
  name=$(basename "$f" .c)
  case $name in *_bug) ;; *) continue ;; esac
  "$cli" bmc "$f" --unwind "$unwind" --property pointer,bounds --json "$work/$name.json" >"$work/$name.log" 2>&1
  if [ $? -ne 10 ]; then echo "FAIL $name: vcov found no violation"; failed=$((failed + 1)); continue; fi
  read -r property message <<EOT
$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["counterexample"]; print(c["property"], c["message"])' "$work/$name.json")
EOT
  python3 -c 'import json,sys; [print(v) for v in json.load(open(sys.argv[1]))["counterexample"]["inputs"]]' \
    "$work/$name.json" >"$work/$name.in"
  gcc -g -O0 -fsanitize=address -fno-omit-frame-pointer "$f" "$work/harness.c" -o "$work/$name" 2>"$work/$name.cc" ||
    { echo "FAIL $name: gcc: $(head -n 3 "$work/$name.cc")"; failed=$((failed + 1)); continue; }
  ASAN_OPTIONS=detect_leaks=0 "$work/$name" <"$work/$name.in" >/dev/null 2>"$work/$name.err"
  case "$property:$message" in
    assert:*) want="harness: error reached" ;;
    "pointer:access to freed memory") want="heap-use-after-free" ;;
    "pointer:double free") want="attempting double-free" ;;
    "pointer:free of a pointer that malloc did not return") want="attempting free on address which was not malloc" ;;
    bounds:*) want="heap-buffer-overflow" ;;
    *) want="?" ;;
  esac
  if grep -q "$want" "$work/$name.err"; then
    echo "ok   $name: vcov $property ($message) on inputs $(tr '\n' ' ' <"$work/$name.in")— gcc+ASan: $want"
  else
    echo "FAIL $name: vcov $property ($message), gcc+ASan printed: $(grep -m1 -E 'ERROR|harness' "$work/$name.err")"
    failed=$((failed + 1))
  fi
done
[ "$failed" -eq 0 ]
