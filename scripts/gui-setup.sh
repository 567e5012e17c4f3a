#!/usr/bin/env bash
# Gets the GUI ready to run: Node.js 20+ (Debian's package when there is no node), the
# npm packages pinned by gui/package-lock.json (npm ci, when node_modules is missing or
# older than the lock file) and the compiled server and page (tsc, when a source
# changed). With --browser, also Debian's chromium for the end-to-end tests
# (playwright-core never downloads a browser).
set -euo pipefail
cd "$(dirname "$0")/.."

# apt_install [--no-install-recommends] <package>...
apt_install() {
  echo "gui-setup: installing $*" >&2
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >&2
}

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  apt_install --no-install-recommends nodejs npm
fi
major="$(node -p 'process.versions.node.split(".")[0]')"
if ((major < 20)); then
  echo "gui-setup: the GUI needs Node.js 20 or newer, this is $(node --version)" >&2
  exit 1
fi
if [ "${1:-}" = "--browser" ]; then
  missing=()
  for p in chromium fonts-dejavu-core; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  # With its recommended packages, as on the machines where headless Chromium was seen
  # to work.
  if ((${#missing[@]})); then apt_install "${missing[@]}"; fi
fi

cd gui
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund >&2
fi
# tsc, unless nothing changed since the last build.
if [ ! -f dist/.built ] || [ -n "$(find src tsconfig*.json package-lock.json -newer dist/.built | head -1)" ]; then
  npm run --silent build >&2
  touch dist/.built
fi
