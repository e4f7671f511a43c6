#!/bin/sh
# check_cli.sh EXPECTED_STATUS PATTERN CMD... — run CMD; pass when its exit status matches
# EXPECTED_STATUS (a number, or alternatives such as 0|1) and its output (stdout and
# stderr) matches the extended regex PATTERN.
expected=$1; pattern=$2; shift 2
out=$("$@" 2>&1); status=$?
printf '%s\n' "$out"
if ! echo "$status" | grep -Eqx -- "$expected"; then
  echo "FAIL: exit status $status, expected $expected"; exit 1
fi
if ! printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
  echo "FAIL: output does not match /$pattern/"; exit 1
fi
echo "ok: status $status, output matches /$pattern/"
