#!/bin/sh
# Benchmark (not a test): the longest event-loop stall of the main window while it analyses
# the largest bench program (goal < 50 ms). The stall varies from run to run (the engine and
# Graphviz threads share the cores with the GUI thread): VCOV_BENCH_RUNS runs (default 3), each printed.
# Run inside packaging/env.sh after a build.
# usage: tests/bench/gui_stall.sh [SECONDS]   (analysis budget, default 20)
#   VCOV_BENCH_SLOW_EVENTS=MS also lists the GUI-thread events that took MS ms or more
#   (VCOV_BENCH_TIMELINE=1: with a timeline of the events nested in each).
set -eu
cd "$(dirname "$0")/../.."
[ -x build/bin/vcov-gui-bench ] || { echo "build first (packaging/build.sh)"; exit 1; }
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} XDG_CONFIG_HOME=${TMPDIR:-/tmp}/vcov-bench-config
echo "cores: $(nproc)"
i=0
while [ "$i" -lt "${VCOV_BENCH_RUNS:-3}" ]; do
  build/bin/vcov-gui-bench stall ../shared/bench/svcomp/systemc/token_ring.09.cil-2.c "${1:-20}"
  i=$((i + 1))
done
