#!/bin/sh
# Benchmark (not a test): the automaton view lays out and shows 2,000 nodes (ART and
# assumption automaton of token_ring.09) — goal under 2 s. Run inside packaging/env.sh.
# usage: tests/bench/layout_2000.sh [NODES]
set -eu
cd "$(dirname "$0")/../.."
[ -x build/bin/vcov-gui-bench ] || { echo "build first (packaging/build.sh)"; exit 1; }
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} XDG_CONFIG_HOME=${TMPDIR:-/tmp}/vcov-bench-config
build/bin/vcov-gui-bench layout ../shared/bench/svcomp/systemc/token_ring.09.cil-2.c "${1:-2000}"
