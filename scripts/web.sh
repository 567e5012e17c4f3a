#!/usr/bin/env bash
# kete in the browser (docs/gui.md, "The static site"): builds the engine to WebAssembly
# with Debian's emscripten, and the static site build/web/ where the page runs it in a
# Web Worker, no server needed.
#   ./scripts/web.sh            installs what it needs, builds build/web/
#   ./scripts/web.sh bench [d]  the WebAssembly engine's `bench` under Node, as `kete bench`
#   ./scripts/web.sh engine     only the engine (build/wasm/kete.js and kete.wasm)
# Abseil and fmt come from Debian's own source packages (abseil, fmtlib), fetched by apt
# with a sources list of this build's own (build/web-deps/sources.list), so nothing of the
# system's apt configuration changes; they are built once per source version into
# build/web-deps/prefix-<versions>.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
command="${1:-site}"

packages=(emscripten cmake ninja-build dpkg-dev nodejs librsvg2-bin)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "web: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
fi
# Debian's emscripten finds its JavaScript modules (acorn, terser...) through NODE_PATH.
export NODE_PATH=/usr/share/nodejs
jobs="${KETE_JOBS:-2}"
# ccache keeps the objects of earlier builds, Abseil's and the engine's, as for the native
# build (scripts/setup.sh): emscripten runs its clang through EM_COMPILER_WRAPPER.
if command -v ccache >/dev/null; then
  export EM_COMPILER_WRAPPER=ccache CCACHE_BASEDIR="$root"
fi

# The sources of Abseil and fmt, from Debian's bookworm.
# KETE_WEB_DEPS: another place for them (a cache that outlives the build folder).
deps="${KETE_WEB_DEPS:-$root/build/web-deps}"
mkdir -p "$deps/lists/partial" "$deps/src"
echo "deb-src http://deb.debian.org/debian bookworm main" >"$deps/sources.list"
apt_private=(-o "Dir::Etc::SourceList=$deps/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
             -o "Dir::State::Lists=$deps/lists" -o "Dir::Cache=$deps/cache"
             -o "Debug::NoLocking=1")
mkdir -p "$deps/cache/archives/partial"
# The index of source packages, fetched once (remove build/web-deps/lists to fetch it
# again, for a newer Debian release of abseil or fmtlib).
if [ -z "$(find "$deps/lists" -name '*Sources*' 2>/dev/null | head -1)" ]; then
  apt-get "${apt_private[@]}" update -qq >&2
fi
version_of() {
  apt-cache "${apt_private[@]}" showsrc "$1" | awk '/^Version:/ { print $2; exit }'
}
absl_version="$(version_of abseil)"
fmt_version="$(version_of fmtlib)"
if [ -z "$absl_version" ] || [ -z "$fmt_version" ]; then
  echo "web: no abseil or fmtlib source package in $deps/sources.list" >&2
  exit 1
fi
prefix="$deps/prefix-abseil_${absl_version}-fmtlib_${fmt_version}"

# unpack <source package> <version>: its source tree in $deps/src/<package>-<version>.
unpack() {
  local dir="$deps/src/$1-$2"
  if [ ! -f "$dir/.unpacked" ]; then
    rm -rf "$dir"
    (cd "$deps/src" && apt-get "${apt_private[@]}" source --download-only -qq "$1=$2" >&2)
    dpkg-source --no-check -x "$deps/src/$1_${2#*:}.dsc" "$dir" >&2
    touch "$dir/.unpacked"
  fi
  echo "$dir"
}

# cmake_install <name> <source> <cmake options>...: built with emcmake into $prefix.
cmake_install() {
  local name="$1" src="$2"
  shift 2
  local build="$deps/build-$name"
  rm -rf "$build"
  local start=$SECONDS
  nice -n 10 emcmake cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_CXX_STANDARD=20 -DCMAKE_CXX_FLAGS="-pthread" \
    "$@" >&2
  nice -n 10 cmake --build "$build" -j "$jobs" >&2
  cmake --install "$build" >&2
  rm -rf "$build"
  echo "web: $name built in $((SECONDS - start)) s" >&2
}

if [ ! -f "$prefix/.built" ]; then
  absl_src="$(unpack abseil "$absl_version")"
  fmt_src="$(unpack fmtlib "$fmt_version")"
  rm -rf "$prefix"
  cmake_install fmt "$fmt_src" -DFMT_DOC=OFF -DFMT_TEST=OFF -DFMT_INSTALL=ON
  cmake_install abseil "$absl_src" -DABSL_PROPAGATE_CXX_STD=ON -DBUILD_TESTING=OFF \
    -DABSL_ENABLE_INSTALL=ON
  # Debian's abseil links every user with -latomic (its patch latomic.diff, for the
  # architectures that need libatomic); WebAssembly has no libatomic, and its linker
  # knows no --push-state.
  targets="$prefix/lib/cmake/absl/abslTargets.cmake"
  sed -i -E 's/;?-Wl,--push-state,--as-needed;(\\\$<LINK_ONLY:-latomic>|-latomic);-Wl,--pop-state//g' \
    "$targets"
  if grep -q latomic "$targets"; then
    echo "web: $targets still links -latomic" >&2
    exit 1
  fi
  touch "$prefix/.built"
fi

# The engine: build/wasm/kete.js, kete.wasm and kete.worker.js (web/CMakeLists.txt).
# Every object is compiled for threads (-pthread: Web Workers sharing the memory), catches
# exceptions (-fexceptions: a refused allocation is std::bad_alloc) and may use 128-bit
# SIMD (-msimd128: the bench 25-40% faster; Chrome 91, Firefox 89, Safari 16.4).
wasm="$root/build/wasm"
flags="-pthread -fexceptions -msimd128"
configured="$prefix $flags"
if [ ! -f "$wasm/build.ninja" ] || [ "$configured" != "$(cat "$wasm/.configured" 2>/dev/null)" ]; then
  start=$SECONDS
  rm -f "$wasm/CMakeCache.txt"
  nice -n 10 emcmake cmake -S "$root" -B "$wasm" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DKETE_WERROR=ON -DKETE_BUILD_TESTS=OFF -DKETE_BUILD_BENCHMARKS=OFF \
    -DCMAKE_CXX_FLAGS="$flags" \
    -Dabsl_DIR="$prefix/lib/cmake/absl" -Dfmt_DIR="$prefix/lib/cmake/fmt" >&2
  echo "$configured" >"$wasm/.configured"
  echo "web: configured in $((SECONDS - start)) s" >&2
fi
start=$SECONDS
nice -n 10 cmake --build "$wasm" -j "$jobs" >&2
echo "web: engine built in $((SECONDS - start)) s" >&2

case "$command" in
  engine) exit 0 ;;
  bench)
    shift
    exec node "$root/web/node.mjs" bench "$@"
    ;;
esac

# The static site: the GUI's page (gui/static, gui/dist/page) marked to run the engine in
# this browser, the engine, the web app manifest and the service worker. Built beside
# build/web and moved into its place whole.
"$root/scripts/gui-setup.sh"
site="$root/build/web"
next="$root/build/web.next"
rm -rf "$next"
mkdir -p "$next/js"
cp "$root"/gui/dist/page/*.js "$next/js/"
cp "$wasm/kete.js" "$wasm/kete.wasm" "$wasm/kete.worker.js" "$next/js/"
cp "$root/gui/static/style.css" "$root/web/manifest.webmanifest" "$root/web/icon.svg" "$next/"
cp "$root/web/early_worker.js" "$next/js/"
# The rules page (rules.html, its paths already relative) needs no engine: its boards
# replay their moves with the page's own sowing.
cp "$root/gui/static/rules.html" "$root/gui/static/rules.css" "$next/"
# The home-screen icons the manifest names beside the SVG: browsers want bitmaps of
# 192 and 512 pixels to offer the install.
for size in 192 512; do
  rsvg-convert -w "$size" -h "$size" "$root/web/icon.svg" -o "$next/icon-$size.png"
done
# The page's paths made relative (the site may live in any folder of a host), and its mark.
sed -e 's|href="/style.css"|href="style.css"|' -e 's|src="/js/main.js"|src="js/main.js"|' \
  -e 's|<link rel="icon" href="data:,">|<link rel="icon" href="icon.svg">\n  <meta name="kete-engine" content="worker">\n  <link rel="manifest" href="manifest.webmanifest">\n  <meta name="theme-color" content="#3d2a17">|' \
  -e 's|<script type="module" src="js/main.js"></script>|<script src="js/early_worker.js"></script>\n  &|' \
  "$root/gui/static/index.html" >"$next/index.html"
for expected in 'href="style.css"' 'src="js/main.js"' 'name="kete-engine"' 'src="js/early_worker.js"'; do
  if ! grep -q "$expected" "$next/index.html"; then
    echo "web: gui/static/index.html changed: no $expected in the site's page" >&2
    exit 1
  fi
done
# The service worker keeps every file; its version is their digest, so that a new build is
# a new cache.
files=$(cd "$next" && find . -type f ! -name sw.js | sort)
version=$(cd "$next" && sha256sum $files | sha256sum | cut -c1-16)
list=$(printf '"./", '; for f in $files; do printf '"%s", ' "$f"; done)
sed -e "s|__VERSION__|$version|" -e "s|__FILES__|[${list%, }]|" "$root/web/sw.js" >"$next/sw.js"
rm -rf "$site"
mv "$next" "$site"
echo "web: build/web/ ready ($(du -sk "$site" | cut -f1) KiB, version $version); serve it with" >&2
echo "  python3 -m http.server --bind 127.0.0.1 --directory build/web 8000" >&2
