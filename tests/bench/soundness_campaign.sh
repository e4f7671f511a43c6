#!/bin/bash
# tests/bench/soundness_campaign.sh [BUILD] — the long soundness campaign, run by hand
# inside packaging/env.sh (its parts took 2,400 s of the suite before: about 20 minutes on
# 2 cores; CI runs chosen samples of it, see tests/CMakeLists.txt):
#   - 240 generated programs (seeds 1-240) and 40 with unbounded loops (seeds 1-40), every
#     claim against the interpreter and complete BMC (vcov-soundness-gen);
#   - 350 csmith programs run by gcc and by the interpreter (seeds 1-200 plain, 201-250
#     with bit-fields, 301-350 with unions, 401-450 with floats);
#   - the SV-COMP soundness tasks through bmc, k-induction, coverage and the predicate
#     analysis with the budgets of the ctest suite.
# Prints every part's summary and fails if any part found a discrepancy. Set
# CAMPAIGN_SCALE=N to run N times as many generated and csmith programs (new seeds), and
# CAMPAIGN_ONLY=REGEX to run only the parts whose names match.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
build=${1:-build}
gen=$build/bin/vcov-soundness-gen
cli=$build/bin/vcov-cli
bench=../shared/bench
scale=${CAMPAIGN_SCALE:-1}
[ -x "$gen" ] && [ -x "$cli" ] || { echo "build vcov first (packaging/build.sh): no $gen or $cli"; exit 2; }
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT

parts=()
for ((b = 0; b < 4 * scale; b++)); do
  parts+=("generated.$((b * 60 + 1)):$gen $((b * 60 + 1)) 60 --quiet")
done
for ((b = 0; b < 2 * scale; b++)); do
  parts+=("generated.unbounded.$((b * 20 + 1)):$gen $((b * 20 + 1)) 20 --unbounded --quiet")
done
for ((b = 0; b < 4 * scale; b++)); do
  parts+=("csmith.$((b * 50 + 1)):tests/semantics_csmith.sh $cli $((b * 50 + 1)) 50")
done
parts+=("csmith.bitfields:tests/semantics_csmith.sh $cli 201 $((50 * scale)) --bitfields"
        "csmith.unions:tests/semantics_csmith.sh $cli 301 $((50 * scale)) --unions"
        "csmith.floats:tests/semantics_csmith.sh $cli 401 $((50 * scale)) --float")
for tool in bmc kinduction coverage predicate; do
  parts+=("svcomp.$tool:tests/soundness_svcomp.sh $cli $bench $tool 1")
done

if [ -n "${CAMPAIGN_ONLY:-}" ]; then
  mapfile -t parts < <(printf '%s\n' "${parts[@]}" | grep -E "^[^:]*(${CAMPAIGN_ONLY})[^:]*:")
fi

run_part() { # NAME:COMMAND
  local name=${1%%:*} cmd=${1#*:} start=$SECONDS
  # shellcheck disable=SC2086
  $cmd >"$out/$name.log" 2>&1
  echo "$? $((SECONDS - start)) $name" >"$out/$name.status"
}
export -f run_part
export out
printf '%s\n' "${parts[@]}" | xargs -P "${VCOV_JOBS:-$(nproc)}" -I{} bash -c 'run_part "$1"' _ {}

failed=0
for p in "${parts[@]}"; do
  name=${p%%:*}
  read -r status seconds _ <"$out/$name.status"
  printf '%-28s %s  %5s s  %s\n' "$name" "$([ "$status" = 0 ] && echo ok || echo FAILED)" "$seconds" \
    "$(grep -E '^(programs: |csmith seeds |[a-z]+: [0-9]+ tasks: )' "$out/$name.log" | tail -1)"
  if [ "$status" != 0 ]; then
    failed=$((failed + 1))
    grep -E 'DISCREPANCY|UNSOUND|UNREPLAYED|ERROR|differ' "$out/$name.log" | head -20 | sed 's/^/    /'
  fi
done
echo "campaign: ${#parts[@]} parts, $failed failed"
[ "$failed" -eq 0 ]
