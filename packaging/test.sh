#!/usr/bin/env bash
# packaging/test.sh — build vcov and run the whole test suite (ctest), inside the build
# environment that packaging/env.sh provides (installed or reused as needed).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec packaging/env.sh env VCOV_ENV_ACTIVE=1 sh -c '
  packaging/build.sh &&
  ctest --test-dir build --output-on-failure -j "${VCOV_JOBS:-$(nproc)}" "$@"' sh "$@"
