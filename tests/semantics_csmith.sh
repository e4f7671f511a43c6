#!/bin/sh
# Differential test of the interpreter against gcc on csmith programs.
# usage: semantics_csmith.sh VCOV_CLI FIRST_SEED COUNT [extra csmith options...]
# A program whose gcc build does not finish within 2 s is skipped (csmith writes long
# loops); every other program must print the same checksum under vcov-cli run.
set -u
cli=$1; first=$2; count=$3; shift 3
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
inc=/usr/include/csmith
bitfields=--no-bitfields unions=--no-unions float=--no-float
case " $* " in *" --bitfields "*) bitfields= ;; esac
case " $* " in *" --float "*) float= ;; esac
case " $* " in *" --unions "*) unions= ;; esac
opts="$float $unions $bitfields --no-volatiles --no-argc --no-packed-struct --no-const-pointers --no-jumps $*"
same=0; differ=0; skipped=0
seed=$first
while [ "$seed" -lt $((first + count)) ]; do
  src=$work/s$seed.c
  csmith --seed "$seed" $opts > "$src" 2>/dev/null || { skipped=$((skipped+1)); seed=$((seed+1)); continue; }
  # -fpermissive: gcc 14 refuses the float * to uint32_t * assignments csmith writes in float mode.
  if ! gcc -w -fpermissive -O0 -I$inc -o "$work/p" "$src" 2>/dev/null || ! timeout 2 "$work/p" > "$work/gcc.txt" 2>/dev/null; then
    skipped=$((skipped+1)); seed=$((seed+1)); continue
  fi
  "$cli" run "$src" -I$inc --max-steps 20000000 > "$work/vcov.txt" 2> "$work/err.txt"
  status=$?
  if [ $status -eq 0 ] && cmp -s "$work/gcc.txt" "$work/vcov.txt" && [ -s "$work/gcc.txt" ]; then
    same=$((same+1))
  elif grep -q "step limit\|unsupported" "$work/err.txt"; then
    skipped=$((skipped+1))
    echo "seed $seed: skipped: $(tail -1 "$work/err.txt")"
  elif grep -q "undefined behaviour" "$work/err.txt" &&
       gcc -w -fpermissive -O0 -fsanitize=undefined,float-cast-overflow -I$inc -o "$work/ub" "$src" 2>/dev/null &&
       timeout 5 "$work/ub" 2>&1 >/dev/null | grep -q "runtime error"; then
    # csmith's float mode does not guard float-to-integer conversions in assignments: where
    # vcov stops at undefined behaviour, gcc's UBSan must find it too.
    skipped=$((skipped+1))
    echo "seed $seed: skipped: undefined behaviour, UBSan agrees: $(timeout 5 "$work/ub" 2>&1 >/dev/null | grep -m1 "runtime error")"
  else
    differ=$((differ+1))
    echo "seed $seed: DIFFERENT (status $status): gcc says '$(head -c 80 "$work/gcc.txt")', vcov says '$(head -c 80 "$work/vcov.txt")' $(tail -1 "$work/err.txt")"
  fi
  seed=$((seed+1))
done
echo "csmith seeds $first..$((first+count-1)): $same same, $differ different, $skipped skipped"
echo "$same passed, $differ failed"
[ "$differ" -eq 0 ] && [ "$same" -gt 0 ]
