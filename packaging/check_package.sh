#!/bin/bash
# packaging/check_package.sh BUILD_DIR [OUT_DIR] — the desktop package: cpack builds
# the .deb from BUILD_DIR; the .desktop entry and the AppStream metainfo validate
# (desktop-file-validate, appstreamcli validate); the package holds the programs, man pages,
# icon and MIME type; apt resolves its dependencies; the unpacked programs run
# (vcov-cli --version, a bmc verdict, vcov --screenshot offscreen).
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
[ -z "$keep" ] || { mkdir -p "$keep" && cp "$deb" "$keep/" && echo "kept: $keep/$(basename "$deb")"; }
