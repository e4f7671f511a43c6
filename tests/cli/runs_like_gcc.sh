#!/bin/sh
# vcov's interpreter against gcc on the same inputs: each PROGRAM.c:V,V,... is compiled by
# gcc with a harness that hands the __VERIFIER_nondet_int (and _double, _float) calls those
# values in order, and run by `vcov-cli run --inputs V,V,...`; both must print the same output.
# usage: runs_like_gcc.sh VCOV_CLI PROGRAM.c:INPUTS...
set -u
cli=$1; shift
command -v gcc >/dev/null || { echo "gcc is not installed"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cat >"$work/harness.c" <<'H'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* The values of VCOV_INPUTS, comma-separated, in call order; 0 when they run out (as vcov). */
static char *rest;
static int started;
static char *next(void) {
  if (!started) { started = 1; rest = getenv("VCOV_INPUTS"); }
  return rest && *rest ? rest : 0;
}
static void skip(void) { if (*rest == ',') rest++; }
int __VERIFIER_nondet_int(void) {
  if (!next()) return 0;
  int v = (int)strtol(rest, &rest, 0);
  skip();
  return v;
}
/* Floating-point inputs are written with a point or exponent (0.5, 1e3, inf, nan). */
double __VERIFIER_nondet_double(void) {
  if (!next()) return 0;
  double v = strtod(rest, &rest);
  skip();
  return v;
}
float __VERIFIER_nondet_float(void) {
  if (!next()) return 0;
  float v = (float)strtod(rest, &rest);
  skip();
  return v;
}
H
failed=0; n=0
for spec in "$@"; do
  f=${spec%%:*}; inputs=${spec#*:}
  n=$((n + 1))
  gcc -O0 -w "$f" "$work/harness.c" -o "$work/p$n" -lm 2>"$work/cc$n" ||
    { echo "FAIL $(basename "$f"): gcc: $(head -n 3 "$work/cc$n")"; failed=$((failed + 1)); continue; }
  VCOV_INPUTS=$inputs "$work/p$n" >"$work/gcc$n.out" 2>/dev/null
  "$cli" run "$f" --inputs "$inputs" --json "$work/vcov$n.json" >/dev/null 2>"$work/vcov$n.err"
  python3 -c 'import json,sys; sys.stdout.write(json.load(open(sys.argv[1]))["output"])' "$work/vcov$n.json" \
    >"$work/vcov$n.out" 2>>"$work/vcov$n.err"
  if cmp -s "$work/gcc$n.out" "$work/vcov$n.out"; then
    echo "ok   $(basename "$f") inputs $inputs: $(wc -l <"$work/gcc$n.out") lines alike"
  else
    echo "FAIL $(basename "$f") inputs $inputs:"
    diff "$work/gcc$n.out" "$work/vcov$n.out" | head -n 10
    head -n 3 "$work/vcov$n.err"
    failed=$((failed + 1))
  fi
done
[ "$failed" -eq 0 ]
