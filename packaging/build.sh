#!/usr/bin/env bash
# packaging/build.sh — configure and build vcov into build/ (inside packaging/env.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ -z "${VCOV_IN_ROOT:-}" ] && [ -z "${VCOV_ENV_ACTIVE:-}" ]; then
  exec packaging/env.sh env VCOV_ENV_ACTIVE=1 packaging/build.sh "$@"
fi
jobs=${VCOV_JOBS:-$(nproc)}
if [ ! -f build/build.ninja ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=${VCOV_BUILD_TYPE:-RelWithDebInfo} >&2
fi
cmake --build build -j "$jobs" >&2
