#!/usr/bin/env bash
# Installs a build tree into a temporary prefix (cmake --install) and runs the installed
# engine: the FHS layout is there and the installed kete answers a uci handshake.
#   tests/install_test.sh <build dir>
set -euo pipefail
build="$1"
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
fail() { echo "install test: $*" >&2; exit 1; }
for f in bin/kete bin/kete-match bin/kete-datagen bin/kete-texel bin/kete-spsa bin/kete-strength \
         share/man/man6/kete.6 share/doc/kete/README.md share/doc/kete/docs/protocol.md; do
  [ -e "$prefix/$f" ] || fail "missing $f"
done
version="$("$prefix/bin/kete" --version)"
[[ "$version" =~ ^kete\ [0-9]+\.[0-9]+\.[0-9]+ ]] || fail "kete --version printed '$version'"
out="$(printf 'uci\nisready\nposition startpos\ngo depth 2\nquit\n' | "$prefix/bin/kete")"
grep -qx "id name $version" <<<"$out" || fail "no 'id name $version' in: $out"
grep -qx uciok <<<"$out" || fail "no uciok in: $out"
grep -qx readyok <<<"$out" || fail "no readyok in: $out"
grep -q '^bestmove [A-Za-z]' <<<"$out" || fail "no bestmove in: $out"
echo "install test: $prefix holds a working kete ($version)"
