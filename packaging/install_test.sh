#!/bin/bash
# packaging/install_test.sh VCOV_DEB — the .deb that packaging/check_package.sh kept, installed
# with `apt install ./vcov_*.deb` into a fresh minimal Debian 13 root (debootstrap; needs
# root and the network, a few minutes), where vcov-cli finds a bug and vcov takes a
# screenshot. Run on the host, outside packaging/env.sh's root.
set -u
deb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ -f "$deb" ] || { echo "usage: packaging/install_test.sh vcov_VERSION_amd64.deb"; exit 2; }
work=$(mktemp -d); trap 'rm -rf --one-file-system "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# A fresh minimal Debian 13: the package and what apt pulls in, nothing of the build's.
command -v debootstrap >/dev/null || fail "needs debootstrap"
fr=$work/fresh
# The host's own mirror, as packaging/env.sh uses it.
uri=$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -n1)
[ -n "$uri" ] || uri=$(grep -hs '^deb ' /etc/apt/sources.list | awk '{print $2}' | head -n1)
debootstrap --variant=minbase trixie "$fr" "${uri:-http://deb.debian.org/debian}" >"$work/debootstrap.log" 2>&1 ||
  { tail "$work/debootstrap.log"; fail "debootstrap"; }
cp "$deb" "$fr/tmp/"; cp /etc/resolv.conf "$fr/etc/" 2>/dev/null || true
mkdir -p "$fr/usr/local/share/ca-certificates"
cp -r /usr/local/share/ca-certificates/. "$fr/usr/local/share/ca-certificates/" 2>/dev/null || true
cp "$src/tests/data/formats/traced.c" "$src/resources/examples/example.c" "$fr/tmp/"
unshare --mount --propagation private sh -c "
  mount --bind /proc '$fr/proc' && mount --rbind /dev '$fr/dev' &&
  chroot '$fr' env DEBIAN_FRONTEND=noninteractive PATH=/usr/sbin:/usr/bin:/sbin:/bin sh -c '
    apt-get update -qq && apt-get install -y -qq ./tmp/$(basename "$deb") >/tmp/apt.log 2>&1 &&
    vcov-cli --version && { vcov-cli bmc /tmp/traced.c --unwind 4 >/dev/null; [ \$? -eq 10 ]; } &&
    QT_QPA_PLATFORM=offscreen vcov /tmp/example.c --run --screenshot /tmp/shot.png --quit-when-done &&
    test -s /tmp/shot.png'" || { tail -20 "$fr/tmp/apt.log" 2>/dev/null; fail "apt install in a fresh root"; }
echo "ok: apt install ./$(basename "$deb") in a fresh Debian 13 root; vcov-cli and vcov run there"
