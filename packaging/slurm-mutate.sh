#!/usr/bin/env bash
# packaging/slurm-mutate.sh SHARDS OUTDIR -- MUTATE-ARGS...
# A mutation campaign on a Slurm cluster: a job array of SHARDS tasks, task I running
#   vcov-cli mutate MUTATE-ARGS --shard I/SHARDS --json OUTDIR/shard-I.json
# and, once all of them ended, one job that merges them:
#   vcov-cli mutate --merge OUTDIR/shard-*.json --json OUTDIR/report.json --stryker OUTDIR/stryker.json
# (the same merge `ctest -R cli.mutate.shards` checks against a single run). VCOV_CLI names
# the vcov-cli to use (default: vcov-cli on PATH). Extra sbatch options: SBATCH_OPTS.
set -euo pipefail
[ $# -ge 3 ] && [ "$3" = "--" ] || { echo "usage: $0 SHARDS OUTDIR -- MUTATE-ARGS..." >&2; exit 2; }
shards=$1; out=$2; shift 3
[ "$shards" -ge 1 ] 2>/dev/null || { echo "$0: SHARDS must be a positive number" >&2; exit 2; }
command -v sbatch >/dev/null || { echo "$0: sbatch not found (this submits to Slurm)" >&2; exit 1; }
cli=${VCOV_CLI:-$(command -v vcov-cli || true)}
[ -n "$cli" ] || { echo "$0: set VCOV_CLI to vcov-cli" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
args=$(printf '%q ' "$@")
# shellcheck disable=SC2086
array=$(sbatch --parsable ${SBATCH_OPTS:-} --job-name=vcov-mutate --array=0-$((shards - 1)) \
  --output="$out/shard-%a.log" --wrap="$(printf '%q' "$cli") mutate $args --jobs \${SLURM_CPUS_PER_TASK:-2} \
    --shard \${SLURM_ARRAY_TASK_ID}/$shards --json $(printf '%q' "$out")/shard-\${SLURM_ARRAY_TASK_ID}.json")
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTS:-} --job-name=vcov-merge --dependency=afterany:"$array" \
  --output="$out/merge.log" --wrap="$(printf '%q' "$cli") mutate --merge $(printf '%q' "$out")/shard-*.json \
    --json $(printf '%q' "$out")/report.json --stryker $(printf '%q' "$out")/stryker.json")
echo "submitted: array job $array ($shards shards), merge job $merge; results in $out"
