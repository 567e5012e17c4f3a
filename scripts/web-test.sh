#!/usr/bin/env bash
# The WebAssembly engine's and the static site's tests (not yet part of scripts/test.sh):
# builds both with scripts/web.sh, checks under Node that the engine answers as the native
# one (tests/web_engine_test.py: the bench signature, the perft counts, isready and stop
# during a search, bad input), then opens build/web/ in headless Chromium at a phone's
# size from a plain static server and plays the engine's first move
# (gui/test/static_site.mjs).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/web.sh"
python3 "$root/tests/web_engine_test.py" "$root"
"$root/scripts/gui-setup.sh" --browser
cd "$root/gui"
SITE="$root/build/web" node --test test/static_site.mjs
