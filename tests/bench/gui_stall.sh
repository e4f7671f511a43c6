#!/bin/sh
# Benchmark (not a test): the longest event-loop stall of the main window while it analyses
# the largest bench program (goal < 50 ms). Run inside packaging/env.sh after a build.
# usage: tests/bench/gui_stall.sh [SECONDS]   (analysis budget, default 20)
set -eu
cd "$(dirname "$0")/../.."
[ -x build/bin/vcov-gui-bench ] || { echo "build first (packaging/build.sh)"; exit 1; }
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} XDG_CONFIG_HOME=${TMPDIR:-/tmp}/vcov-bench-config
build/bin/vcov-gui-bench stall ../shared/bench/svcomp/systemc/token_ring.09.cil-2.c "${1:-20}"
