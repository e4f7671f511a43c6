#!/usr/bin/env bash
# packaging/run.sh [FILE.c|TASK.yml ...] [vcov options] — build vcov if needed and open the
# GUI on FILE, or on the bundled example with an analysis running.
set -euo pipefail
checkout=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Files are named relative to where the user stands; vcov runs at the checkout root.
args=()
for a in "$@"; do
  if [ -e "$a" ]; then args+=("$(cd "$(dirname "$a")" && pwd)/$(basename "$a")"); else args+=("$a"); fi
done
[ ${#args[@]} -gt 0 ] || args=(resources/examples/example.c --run)
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  echo "vcov: no display; running on a virtual one and saving build/run-screenshot.png" >&2
  exec "$checkout/packaging/env.sh" env VCOV_ENV_ACTIVE=1 sh -c \
    'packaging/build.sh && exec xvfb-run -a -s "-screen 0 1600x1000x24" build/bin/vcov "$@" --quit-when-done --screenshot build/run-screenshot.png' sh "${args[@]}"
fi
exec "$checkout/packaging/env.sh" env VCOV_ENV_ACTIVE=1 sh -c 'packaging/build.sh && exec build/bin/vcov "$@"' sh "${args[@]}"
