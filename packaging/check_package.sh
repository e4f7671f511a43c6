#!/bin/bash
# packaging/check_package.sh BUILD_DIR [OUT_DIR] — the desktop package: cpack builds
# the .deb from BUILD_DIR; the .desktop entry and the AppStream metainfo validate
# (desktop-file-validate, appstreamcli validate); the package holds the programs, man pages,
# icon and MIME type; apt resolves its dependencies; the unpacked programs run
# (vcov-cli --version, a bmc verdict, vcov --screenshot offscreen); as root, apt installs it
# into an overlay of the build environment, runs it from /usr/bin, and removes it.
# OUT_DIR keeps the .deb (for packaging/install_test.sh, which installs it into a fresh
# Debian 13 root with apt).
# Exit 77 (skipped) without cpack's DEB tools.
set -u
build=$(cd "$1" && pwd); keep=${2:-}
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
for t in cpack dpkg-deb dpkg-shlibdeps appstreamcli desktop-file-validate; do
  command -v $t >/dev/null || { echo "skip: no $t"; exit 77; }
done
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work" >cpack.log 2>&1) ||
  { cat "$work/cpack.log"; fail "cpack"; }
deb=$(ls "$work"/vcov_*.deb 2>/dev/null | head -1)
[ -f "$deb" ] || fail "no vcov_*.deb"
echo "ok: $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"
dpkg-deb --contents "$deb" >"$work/contents"
for f in usr/bin/vcov usr/bin/vcov-cli usr/share/applications/org.vcov.vcov.desktop \
         usr/share/metainfo/org.vcov.vcov.metainfo.xml usr/share/icons/hicolor/scalable/apps/org.vcov.vcov.svg \
         usr/share/mime/packages/org.vcov.vcov.xml usr/share/man/man1/vcov.1 usr/share/man/man1/vcov-cli.1; do
  grep -q " ./$f\$" "$work/contents" || fail "the package lacks /$f"
done
echo "ok: programs, man pages, desktop entry, metainfo, icon and MIME type in the package"
depends=$(dpkg-deb --field "$deb" Depends)
for lib in libz3 libclang-cpp19 libqt6widgets6 libgvc6 libclang-common-19-dev; do
  echo "$depends" | grep -q "$lib" || fail "Depends lacks $lib: $depends"
done
echo "ok: Depends: $depends"

mkdir -p "$work/root"
dpkg-deb -x "$deb" "$work/root"
desktop-file-validate "$work/root/usr/share/applications/org.vcov.vcov.desktop" || fail "desktop-file-validate"
# The one warning left: the project has no homepage yet (url-homepage-missing).
appstreamcli validate --no-net "$work/root/usr/share/metainfo/org.vcov.vcov.metainfo.xml" >"$work/as.log" 2>&1
grep -E '^[EW]:' "$work/as.log" | grep -v 'url-homepage-missing' && { cat "$work/as.log"; fail "appstreamcli validate"; }
echo "ok: desktop-file-validate and appstreamcli validate (no error; warnings: $(grep -c '^W:' "$work/as.log"), url-homepage-missing only)"
grep -q '^\.SS validate' "$work/root/usr/share/man/man1/vcov-cli.1" || fail "vcov-cli(1) lacks the validate command"

if command -v apt-get >/dev/null; then
  apt-get install --simulate "$deb" >"$work/apt.log" 2>&1 || { tail -20 "$work/apt.log"; fail "apt cannot install the package"; }
  echo "ok: apt-get install --simulate resolves the dependencies"
fi
# The unpacked programs run against the system's libraries.
v=$("$work/root/usr/bin/vcov-cli" --version) || fail "vcov-cli --version"
[ "$v" = "vcov-cli $(dpkg-deb --field "$deb" Version)" ] || fail "vcov-cli --version says '$v'"
"$work/root/usr/bin/vcov-cli" bmc "$src/tests/data/formats/traced.c" --unwind 4 >"$work/bmc.log" 2>&1
[ $? -eq 10 ] || { cat "$work/bmc.log"; fail "the installed vcov-cli does not find the bug"; }
QT_QPA_PLATFORM=offscreen "$work/root/usr/bin/vcov" "$src/resources/examples/example.c" --run \
  --screenshot "$work/shot.png" --quit-when-done >/dev/null 2>&1 || fail "vcov --screenshot"
[ -s "$work/shot.png" ] || fail "no screenshot"
echo "ok: the unpacked vcov-cli ($v) and vcov (a screenshot of $(du -k "$work/shot.png" | cut -f1) KiB) run"

# apt install ./vcov_*.deb for real, into a throwaway copy of the build environment (an
# overlay over its root, offline: the dependencies are there), then the installed programs
# from /usr/bin, the files dpkg registered, and apt remove leaving nothing behind.
# packaging/install_test.sh does the same in a fresh minimal Debian 13 (network needed).
if [ "$(id -u)" -eq 0 ] && command -v unshare >/dev/null && command -v apt-get >/dev/null; then
  ov=$work/overlay; mkdir -p "$ov/upper" "$ov/work" "$ov/merged"
  cp "$src/tests/data/formats/traced.c" "$src/resources/examples/example.c" "$work/"
  cat >"$work/inside.sh" <<'INSIDE'
set -e
cd /tmp/vcov-pkg
DEBIAN_FRONTEND=noninteractive apt-get install -y -q ./vcov_*.deb >apt-install.log 2>&1 ||
  { tail -20 apt-install.log; echo "FAIL: apt-get install ./vcov_*.deb"; exit 1; }
dpkg -s vcov | grep -q '^Status: install ok installed' || { echo "FAIL: dpkg does not list vcov as installed"; exit 1; }
[ "$(command -v vcov-cli)" = /usr/bin/vcov-cli ] || { echo "FAIL: vcov-cli is not /usr/bin/vcov-cli"; exit 1; }
vcov-cli --version
st=0; vcov-cli bmc traced.c --unwind 4 >bmc.log 2>&1 || st=$?
[ $st -eq 10 ] || { cat bmc.log; echo "FAIL: the installed vcov-cli does not find the bug (exit $st)"; exit 1; }
QT_QPA_PLATFORM=offscreen vcov example.c --run --screenshot shot.png --quit-when-done >/dev/null 2>&1
[ -s shot.png ] || { echo "FAIL: the installed vcov takes no screenshot"; exit 1; }
DEBIAN_FRONTEND=noninteractive apt-get remove -y -q vcov >apt-remove.log 2>&1 || { tail apt-remove.log; echo "FAIL: apt-get remove vcov"; exit 1; }
for f in /usr/bin/vcov /usr/bin/vcov-cli /usr/share/applications/org.vcov.vcov.desktop /usr/share/man/man1/vcov-cli.1.gz /usr/share/man/man1/vcov-cli.1; do
  [ ! -e "$f" ] || { echo "FAIL: $f is left after apt-get remove"; exit 1; }
done
echo "installed-and-removed"
INSIDE
  # Nested in packaging/env.sh's chroot, / is no mount point: keep its (private) propagation.
  unshare --mount --propagation unchanged sh -c "
    mount -t overlay overlay -o lowerdir=/,upperdir='$ov/upper',workdir='$ov/work' '$ov/merged' &&
    mount --bind /proc '$ov/merged/proc' && mount --rbind /dev '$ov/merged/dev' &&
    mkdir -p '$ov/merged/tmp/vcov-pkg' && mount --bind '$work' '$ov/merged/tmp/vcov-pkg' &&
    chroot '$ov/merged' env -i PATH=/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 sh /tmp/vcov-pkg/inside.sh" \
    >"$work/overlay.log" 2>&1
  st=$?
  grep -q '^installed-and-removed$' "$work/overlay.log" && [ $st -eq 0 ] ||
    { cat "$work/overlay.log"; fail "apt install ./$(basename "$deb") in a copy of the build environment"; }
  echo "ok: apt-get install ./$(basename "$deb") in a copy of the build environment: $(head -1 "$work/overlay.log") runs from /usr/bin, finds the bug, draws; apt-get remove leaves nothing"
else
  echo "note: not root (or no unshare): the real apt install is left to packaging/install_test.sh"
fi
[ -z "$keep" ] || { mkdir -p "$keep" && cp "$deb" "$keep/" && echo "kept: $keep/$(basename "$deb")"; }
