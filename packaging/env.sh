#!/usr/bin/env bash
# packaging/env.sh CMD... — run CMD at the checkout root inside vcov's build environment.
#
# Natively where the host has (or can install) the packages: Debian 13+, or any
# distribution with Qt >= 6.5, KF6 SyntaxHighlighting, LLVM/Clang 19, Z3 and Graphviz
# (set VCOV_NATIVE=1 to skip the package check there). Otherwise — Debian 12 — in a
# Debian 13 root built once with debootstrap and reused (see ../shared/TOOLCHAIN.md):
# kept under ${VCOV_CACHE:-~/.cache/vcov}, keyed by a hash of the package list below,
# built under a lock so that concurrent runs wait for one another, and entered through a
# private mount namespace so that no mount outlives the command.
set -euo pipefail

checkout=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ $# -gt 0 ] || { echo "usage: packaging/env.sh CMD..." >&2; exit 2; }

# Everything vcov builds, tests and benchmarks with. Changing this list rebuilds the root.
packages=(
  g++ gcc cmake ninja-build pkg-config ccache git file make procps
  qt6-base-dev qt6-svg-dev qt6-charts-dev libkf6syntaxhighlighting-dev
  libclang-19-dev libclang-cpp19-dev llvm-19-dev clang-19
  libz3-dev minisat libgraphviz-dev graphviz
  libgtest-dev libgmock-dev nlohmann-json3-dev libyaml-cpp-dev
  xvfb xauth fonts-dejavu-core fontconfig
  cbmc csmith libcsmith-dev lcov time libc6-dev-i386 gdb valgrind
  nodejs npm chromium python3-jsonschema
  libssl-dev libxml2-utils gcc-multilib
  libpugixml-dev appstream desktop-file-utils dpkg-dev fakeroot
)
# Stryker's report component and its schema, from npm, for vcov-cli mutate --html and the
# report's schema test; the SARIF 2.1.0 schema (OASIS's rtm.5, shipped in jest-sarif) for
# the SARIF test (installed once with the packages; never at build or test time).
npm_packages=(mutation-testing-elements@3.9.0 mutation-testing-report-schema@3.8.4 @microsoft/jest-sarif@1.0.0-beta.0)
npm_prefix=/opt/vcov-npm
recipe_version=1   # bump when the way the root is built changes

note() { echo "vcov env: $*" >&2; }

have_all_packages() {
  command -v dpkg-query >/dev/null 2>&1 || return 1
  local missing
  missing=$(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "${packages[@]}" 2>/dev/null |
            awk '$1 != "ii" {print $2}' | wc -l)
  local known
  known=$(dpkg-query -W -f='${Package}\n' "${packages[@]}" 2>/dev/null | wc -l)
  [ "$missing" -eq 0 ] && [ "$known" -eq "${#packages[@]}" ]
}

# True when this host's own archive offers the whole list (Debian 13+, recent Ubuntu).
archive_offers_all() {
  command -v apt-cache >/dev/null 2>&1 || return 1
  local p cand
  for p in "${packages[@]}"; do
    cand=$(apt-cache policy "$p" 2>/dev/null | awk '/Candidate:/ {print $2}')
    [ -n "$cand" ] && [ "$cand" != "(none)" ] || return 1
  done
}

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

run_native() {
  cd "$checkout"
  if [ ! -d "$npm_prefix/node_modules/mutation-testing-elements" ] && command -v npm >/dev/null 2>&1; then
    note "installing ${npm_packages[*]} from npm into $npm_prefix"
    as_root npm install --prefix "$npm_prefix" --no-audit --no-fund "${npm_packages[@]}" >&2 ||
      note "npm install failed: vcov-cli mutate --html and its test are not available"
  fi
  exec "$@"
}

# Debian 12 and older never have the packages (TOOLCHAIN.md): no need to ask apt.
old_debian() {
  [ -r /etc/os-release ] || return 1
  ( . /etc/os-release; [ "${ID:-}" = debian ] && [ -n "${VERSION_ID:-}" ] && [ "${VERSION_ID%%.*}" -le 12 ] )
}

cache=${VCOV_CACHE:-$HOME/.cache/vcov}
key=$( (echo "$recipe_version"; printf '%s\n' "${packages[@]}" "${npm_packages[@]}") | sha256sum | cut -c1-16)
root="$cache/trixie-$key"

# --- native path -------------------------------------------------------------
if [ "${VCOV_NATIVE:-}" = 1 ] || have_all_packages; then
  run_native "$@"
fi
if [ "${VCOV_FORCE_ROOT:-}" != 1 ] && [ ! -f "$root/etc/vcov-root-key" ] && ! old_debian &&
   command -v apt-get >/dev/null 2>&1; then
  if ! archive_offers_all; then as_root apt-get update -qq >/dev/null 2>&1 || true; fi
  if archive_offers_all; then
    note "installing the build packages from this host's archive"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      "${packages[@]}" >&2
    run_native "$@"
  fi
fi

# --- Debian 13 root -----------------------------------------------------------
[ "$(id -u)" -eq 0 ] || { note "building the Debian 13 root needs root (debootstrap, chroot)"; exit 1; }
mkdir -p "$cache"

mirror() {
  local uri
  uri=$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' |
        grep -v security | head -n1)
  [ -n "$uri" ] || uri=$(grep -hs '^deb ' /etc/apt/sources.list | awk '{print $2}' | head -n1)
  echo "${uri:-http://deb.debian.org/debian}"
}

build_root() {
  local tmp="$root.partial"
  rm -rf "$tmp"
  command -v debootstrap >/dev/null 2>&1 || {
    note "installing debootstrap"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >&2 ||
      { apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >&2; }
  }
  local uri; uri=$(mirror)
  note "building a Debian 13 root in $root (once; about two minutes)"
  debootstrap --variant=minbase trixie "$tmp" "$uri" >"$cache/debootstrap.log" 2>&1 ||
    { note "debootstrap failed; see $cache/debootstrap.log"; tail -n 20 "$cache/debootstrap.log" >&2; exit 1; }
  cp /etc/resolv.conf "$tmp/etc/resolv.conf" 2>/dev/null || true
  # The host's own certificate authorities (a proxy's, say) are trusted inside too: npm
  # reaches its registry through them.
  mkdir -p "$tmp/usr/local/share/ca-certificates"
  cp -r /usr/local/share/ca-certificates/. "$tmp/usr/local/share/ca-certificates/" 2>/dev/null || true
  unshare --mount --propagation private sh -c "
    mount --bind /proc '$tmp/proc' && mount --rbind /dev '$tmp/dev' &&
    chroot '$tmp' env DEBIAN_FRONTEND=noninteractive PATH=/usr/sbin:/usr/bin:/sbin:/bin \
      sh -c 'apt-get update -qq && apt-get install -y -qq --no-install-recommends $(printf '%s ' "${packages[@]}") && apt-get clean &&
             update-ca-certificates >/dev/null &&
             npm install --cafile /etc/ssl/certs/ca-certificates.crt --prefix $npm_prefix --no-audit --no-fund $(printf '%s ' "${npm_packages[@]}")'
  " >"$cache/install.log" 2>&1 ||
    { note "package installation failed; see $cache/install.log"; tail -n 20 "$cache/install.log" >&2; exit 1; }
  echo "$key" >"$tmp/etc/vcov-root-key"
  mv "$tmp" "$root"
  # Roots for older package lists are no longer used by this checkout.
  for old in "$cache"/trixie-*; do
    [ "$old" = "$root" ] || [ ! -d "$old" ] || { note "removing the outdated root $old"; rm -rf --one-file-system "$old"; }
  done
}

if [ ! -f "$root/etc/vcov-root-key" ]; then
  exec 9>"$cache/trixie.lock"
  flock 9
  [ -f "$root/etc/vcov-root-key" ] || build_root
  flock -u 9
  exec 9>&-
fi

# Paths that must look the same inside: the checkout, ../shared (read by tests and
# benchmarks), the ccache, and the X display.
binds=("$checkout")
shared=$(cd "$checkout/.." && pwd)/shared
[ -d "$shared" ] && binds+=("$shared")
mkdir -p "$cache/ccache"
binds+=("$cache/ccache")
[ -d /tmp/.X11-unix ] && binds+=(/tmp/.X11-unix)

mount_script="set -e; mount --bind /proc '$root/proc'; mount --rbind /dev '$root/dev'; mount --rbind /sys '$root/sys' 2>/dev/null || true;"
for b in "${binds[@]}"; do
  mount_script+=" mkdir -p '$root$b'; mount --bind '$b' '$root$b';"
done
if [ -n "${XAUTHORITY:-}" ] && [ -f "$XAUTHORITY" ]; then
  mount_script+=" mkdir -p '$root$(dirname "$XAUTHORITY")'; touch '$root$XAUTHORITY'; mount --bind '$XAUTHORITY' '$root$XAUTHORITY';"
fi

# A clean environment inside, with what the build, tests and GUI need passed through.
envs=(HOME=/root PATH=/usr/lib/ccache:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
      LANG=C.UTF-8 CCACHE_DIR="$cache/ccache" VCOV_IN_ROOT=1)
while IFS='=' read -r name _; do
  case "$name" in
    DISPLAY|XAUTHORITY|CI|TERM|QT_*|VCOV_*|CTEST_*|CMAKE_*|CCACHE_*|GTEST_*)
      envs+=("$name=${!name}") ;;
  esac
done < <(env)

exec unshare --mount --propagation private sh -c "$mount_script exec chroot '$root' \"\$@\"" sh \
  env -i "${envs[@]}" sh -c 'cd "$0" && exec "$@"' "$checkout" "$@"
