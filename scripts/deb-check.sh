#!/usr/bin/env bash
# Builds the Debian package from the release build (CPack, cmake/install.cmake), installs
# it with dpkg -i (which checks its dependencies against the system's packages), runs the
# installed engine and removes the package again. Needs root (or sudo) for dpkg; on a
# machine without dpkg it says so and exits 0.
#   ./scripts/deb-check.sh          (after ./scripts/setup.sh release)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build/release"
if ! command -v dpkg >/dev/null || ! command -v dpkg-shlibdeps >/dev/null; then
  echo "deb-check: dpkg or dpkg-shlibdeps (dpkg-dev) missing: skipped" >&2
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
(cd "$build" && cpack -G DEB -B "$out" >"$out/cpack.log" 2>&1) || {
  cat "$out/cpack.log" >&2
  exit 1
}
deb="$(ls "$out"/kete_*.deb)"
echo "deb-check: $(basename "$deb"), depends: $(dpkg-deb -f "$deb" Depends)"
fail() { echo "deb-check: $*" >&2; $sudo dpkg -r kete >/dev/null 2>&1 || true; exit 1; }
$sudo dpkg -i "$deb" >/dev/null || fail "dpkg -i $deb failed"
version="$(/usr/bin/kete --version)" || fail "/usr/bin/kete --version failed"
answer="$(printf 'ugi\nisready\nquit\n' | /usr/bin/kete)"
grep -qx ugiok <<<"$answer" || fail "the installed kete did not answer ugi: $answer"
[ -e /usr/share/man/man6/kete.6 ] || [ -e /usr/share/man/man6/kete.6.gz ] || fail "no man page"
for tool in kete-match kete-datagen kete-texel kete-spsa kete-strength kete-solve kete-book kete-train; do
  [ -x "/usr/bin/$tool" ] || fail "no /usr/bin/$tool"
done
$sudo dpkg -r kete >/dev/null
echo "deb-check: installed, ran ($version) and removed"
